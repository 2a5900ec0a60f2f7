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
