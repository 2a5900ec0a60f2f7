import { SESSION_COOKIE } from '../app/session/cookie.server';

/**
 * Who may be served a shared (gateway- or process-cached) page: visitors without any
 * of the portal's cookies, on routes whose policy is public (app/lib/route-policy.ts).
 * Everything personal is `private, no-store`.
 */

/** Cookies that change what a page shows: the session, the dismissed reminder, flash messages. */
const PERSONAL_COOKIE = new RegExp(`(?:^|;\\s*)(?:${SESSION_COOKIE}|journalData-[\\w-]+|customer)=`);

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && PERSONAL_COOKIE.test(cookieHeader));
}

export interface CacheHeaderOptions {
  /** Seconds a shared cache may keep the page fresh. */
  sMaxAge: number;
  /** Seconds a shared cache may serve it stale while revalidating. */
  staleWhileRevalidate: number;
}

export function publicCacheControl({ sMaxAge, staleWhileRevalidate }: CacheHeaderOptions): string {
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
}

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** The parameter React Router itself reads on a data request (`.data`): which routes' loaders run. */
const DATA_REQUEST_PARAMS = ['_routes'];

export interface SharedQuery {
  /** The query a shared page is rendered for and stored under (without `?`): only the parameters the route reads, none empty, sorted by name. */
  query: string;
  /**
   * The request's query is that one but for the order of its names: a shared cache keyed by
   * the URL as sent (nginx) may keep the answer under it. Orders are few, and the portal's
   * own links (page added last) stay cacheable at the gateway.
   */
  canonical: boolean;
  /** A parameter the route does not read, an empty value or a repeated value was left out. */
  dropped: boolean;
}

/**
 * The query a shared cache keys a public page by: the request's parameters, decoded as
 * the route's loader decodes them (names are case-sensitive there, `%74ype` is `type`),
 * kept only when the route's policy lists them and they have a value (the first value of a
 * repeated one), then sorted by name. The page is rendered for this query, so what is stored
 * under a key is what any request with that key would have been shown; parameters the
 * route never reads (`utm_source`, junk) make no entry of their own.
 */
export function sharedQuery(pathname: string, rawQuery: string | undefined, allowed: readonly string[]): SharedQuery {
  const names = pathname.endsWith('.data') ? [...allowed, ...DATA_REQUEST_PARAMS] : allowed;
  const sent = [...new URLSearchParams(rawQuery ?? '')];
  const kept = new URLSearchParams();
  // A loader reads a parameter's first value (`get`): later ones change nothing.
  for (const [name, value] of sent) if (value !== '' && names.includes(name) && !kept.has(name)) kept.append(name, value);
  const asSent = kept.toString();
  kept.sort();
  const query = kept.toString();
  // `/news?` is not `/news` to a cache keyed by the URL as sent.
  return { query, canonical: rawQuery === undefined ? query === '' : rawQuery === asSent && asSent !== '', dropped: [...kept].length !== sent.length };
}
