import { safeRedirectPath } from '~/session/login-url';

/**
 * Whether two origins (or URLs) are the same origin: scheme, host and port, after the
 * URL parser's normalisation (case, default ports). Anything that does not parse is not.
 */
export function sameOrigin(a: string, b: string): boolean {
  try {
    const left = new URL(a);
    const right = new URL(b);
    return left.origin !== 'null' && left.origin === right.origin;
  } catch {
    return false;
  }
}

/**
 * Whether a state-changing request comes from a page of this site, as browsers say it:
 * `Sec-Fetch-Site`, else `Origin`, else `Referer`, compared with the origin the request
 * was sent to. A request that says none of them (an old browser, curl) passes: the
 * session cookie is SameSite=Lax, so another site's form cannot carry it anyway.
 */
export function isSameOriginRequest(request: Request): boolean {
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.get('Origin') ?? request.headers.get('Referer');
  return origin === null || sameOrigin(origin, request.url);
}

/** The page of this site a request came from (its Referer), checked as every redirect target is. */
export function sameOriginReferer(request: Request): string | null {
  const referer = request.headers.get('Referer');
  if (!referer || !sameOrigin(referer, request.url)) return null;
  const url = new URL(referer);
  return safeRedirectPath(url.pathname + url.search);
}
