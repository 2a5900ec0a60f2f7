import { data } from 'react-router';
import { BackendEnvelopeError } from '~/backend/errors';
import { copy } from '~/copy';

/**
 * Helpers shared by the reading pages' route modules (experts, board, news, hotspots).
 */

/** Answers 404 with the 404 page (the route's ErrorBoundary renders it inside the layout). */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * For `.catch` on a detail call: the backend refusing an id (code 404, or 400 for a
 * malformed one) is a 404 page; infrastructure failures keep their 502/503/504.
 */
export function notFoundOnRefusal(error: unknown): never {
  if (error instanceof BackendEnvelopeError) notFound();
  throw error;
}

/** Meta of a page that answered 404. */
export function notFoundMeta() {
  return [{ title: `${copy.errors.notFoundTitle} - ${copy.site.name}` }, { name: 'robots', content: 'noindex' }];
}

/** Query text from the URL: control characters as spaces, trimmed, at most `max` characters. */
export function queryText(value: string | null, max = 50): string {
  return Array.from(withoutControlCharacters(value ?? '').trim())
    .slice(0, max)
    .join('');
}

/** Control characters (NUL, escapes, line breaks) never belong in a search: a backend may choke on them. */
export function withoutControlCharacters(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ');
}
