import { POPUP_PARAMS } from '../session/popup-params';

/**
 * What the Node shell does with a route's requests, declared by the route module itself
 * (`export const handle = { policy: … }`) and read from the build by server/route-table.ts.
 * A layout's policy applies to its children unless a child declares its own. It decides
 * the page cache and Cache-Control, the body limit, robots.txt and the metrics label, so
 * no list of paths is kept anywhere else.
 */
export interface RoutePolicy {
  /** `public`: an anonymous visitor's answer may be shared by the gateway and the page cache. `private`: never stored. */
  cache: 'public' | 'private';
  /** What robots.txt says: `allow`, `disallow` the route, or `disallow-queries` (its query variants are endless). */
  robots: 'allow' | 'disallow' | 'disallow-queries';
  /** Its actions take file uploads: bodies up to MAX_UPLOAD_MB instead of 1 MB. */
  upload?: boolean;
  /**
   * The query parameters its answer depends on (an allow list, names as the loader reads
   * them). A shared page is rendered and cached for these only: any other parameter
   * neither changes the page nor makes a cache entry of its own.
   */
  query?: readonly string[];
  /** It answers parameters it does not read itself (OAI-PMH's badArgument): such a request is rendered as sent and never stored. */
  answersUnknownQuery?: boolean;
}

export interface PolicyHandle {
  policy: RoutePolicy;
}

/**
 * Parameters every page under the site's layouts reads: the sign-in popup's (shown over
 * any page), and a start-up link's (app/session/startup.server.ts, run by the root loader).
 */
const PAGE_QUERY = [...POPUP_PARAMS, 'temporaryToken', 'temporaryUserId'];

/** A page anyone may read, and any cache keep. */
export const PUBLIC: PolicyHandle = { policy: { cache: 'public', robots: 'allow', query: PAGE_QUERY } };
/** A file anyone may read (a feed, robots.txt, a sitemap): outside the layouts, so no popup. */
export const PUBLIC_FILE: PolicyHandle = { policy: { cache: 'public', robots: 'allow', query: [] } };
/** A search whose query variants robots should leave alone. */
export const PUBLIC_SEARCH: PolicyHandle = { policy: { cache: 'public', robots: 'disallow-queries', query: PAGE_QUERY } };
/** Personal, part of signing in, or a side effect: never stored, never indexed. */
export const PRIVATE: PolicyHandle = { policy: { cache: 'private', robots: 'disallow' } };
/** Private, and its forms send files. */
export const PRIVATE_UPLOAD: PolicyHandle = { policy: { cache: 'private', robots: 'disallow', upload: true } };
/** Anyone may read it and any cache keep it, but it is a download, not a page: robots stay out. */
export const PUBLIC_UNINDEXED: PolicyHandle = { policy: { cache: 'public', robots: 'disallow', query: [] } };

/** `handle` with the query parameters the route reads added to its policy's allow list. */
export function reading<Handle extends PolicyHandle>(handle: Handle, ...names: string[]): Handle {
  return { ...handle, policy: { ...handle.policy, query: [...(handle.policy.query ?? []), ...names] } };
}
