import type { NewsType } from '~/backend/endpoints/news.server';

/** `?type=2` selects industry news; anything else is the cooperating units' news. */
export function newsType(value: string | null | number | undefined): NewsType {
  return String(value) === '2' ? 2 : 1;
}

/** The list URL of a type, in its canonical form (no `type` for type 1). */
export function newsListPath(type: NewsType): string {
  return type === 2 ? '/news?type=2' : '/news';
}

/** Adds query parameters to a path that may already have some; undefined values are left out. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const [pathname, search = ''] = path.split('?');
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${pathname}?${text}` : pathname;
}
