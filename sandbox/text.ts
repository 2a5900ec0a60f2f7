// Small string helpers shared by the routes and the seed.

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** LIKE pattern matching `s` anywhere; use with `ESCAPE '\'`. */
export function likeContains(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Fills `{x}` placeholders of a phrase-bank template. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w)\}/g, (_, k: string) => String(vars[k] ?? ''));
}
