import { LOGIN_PARAM, POPUP_PARAMS } from './popup-params';

/**
 * The login popup lives in the URL (loginWay, docs/product.md#entities; ARCHITECTURE "URL is state"):
 * `?login=MODE` opens it on any page, `redirect` holds where to go after signing in,
 * `gch` a journal to submit to, and `from` (on /login only) the page the popup was
 * opened on. Pure functions, shared by the browser and the server.
 */

export const LOGIN_MODES = ['userLogin', 'userRegister', 'losePWD', 'wxLogin', 'bindMobile'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

export { LOGIN_PARAM, POPUP_PARAMS };

const BASE = 'http://portal.invalid';

export function parseLoginMode(value: string | null | undefined): LoginMode | null {
  return (LOGIN_MODES as readonly string[]).includes(value ?? '') ? (value as LoginMode) : null;
}

/**
 * The one decision on every redirect target the portal takes from a request (`redirect`,
 * `from`, the page under the popup, the WeChat state, a Referer, a start-up link;
 * docs/product.md#redirects): the value is resolved as a URL parser does, and accepted
 * only when the result is a path of this origin that no browser could read as another
 * host (`//host`, `/\host`). What comes back is exactly what was checked, normalised.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/')) return null;
  // Backslashes and control characters: browsers read `/\host` as `//host` and drop tabs and newlines.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    const path = url.pathname + url.search + url.hash;
    // `/.//host` resolves to the path `//host`, which a Location header would send off-site.
    return path.startsWith('//') ? null : path;
  } catch {
    return null;
  }
}

/** A journal code (gch): letters, digits, `_` and `-`. */
export function safeGch(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{1,32}$/.test(value) ? value : null;
}

export interface LoginContext {
  /** Where to go after signing in (already checked by safeRedirectPath). */
  redirect: string | null;
  /** Journal to submit to: after signing in the user goes to /upload?redirectGch=. */
  gch: string | null;
  /** The page the popup was opened on: "stay" after signing in. */
  from: string | null;
}

function withParams(path: string, changes: Record<string, string | null>): string {
  const url = new URL(path, BASE);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.pathname + url.search + url.hash;
}

/** The page under the popup: the location without the popup's parameters. */
export function withoutLoginParams(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const key of POPUP_PARAMS) params.delete(key);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The same page with the popup in `mode` (redirect and gch kept). */
export function withLoginMode(pathname: string, search: string, mode: LoginMode): string {
  const params = new URLSearchParams(search);
  params.set(LOGIN_PARAM, mode);
  return `${pathname}?${params.toString()}`;
}

function notLoginPage(path: string | null): string | null {
  return path && !/^\/login(?:[/?#]|$)/.test(path) ? path : null;
}

/** Context of a popup opened on `pathname?search`. */
export function popupContext(pathname: string, search: string): LoginContext {
  const params = new URLSearchParams(search);
  return {
    redirect: safeRedirectPath(params.get('redirect')),
    gch: safeGch(params.get('gch')),
    from: notLoginPage(safeRedirectPath(withoutLoginParams(pathname, search))),
  };
}

/** Context of the /login page (or of a post to it): everything comes from its query. */
export function pageContext(search: string | URLSearchParams): LoginContext {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    redirect: safeRedirectPath(params.get('redirect')),
    gch: safeGch(params.get('gch')),
    from: notLoginPage(safeRedirectPath(params.get('from'))),
  };
}

function contextParams(context: LoginContext): Record<string, string | null> {
  return { redirect: context.redirect, gch: context.gch };
}

/** Where the sign-in forms post: /login with the mode and the context in the query. */
export function loginActionHref(mode: LoginMode, context: LoginContext): string {
  return withParams('/login', { [LOGIN_PARAM]: mode, ...contextParams(context), from: context.from });
}

/** The popup in `mode` over the page it came from (or the /login page). */
export function loginModeHref(mode: LoginMode, context: LoginContext): string {
  if (!context.from) return loginActionHref(mode, context);
  return withParams(context.from, { [LOGIN_PARAM]: mode, ...contextParams(context) });
}

/** /upload?redirectGch= when a gch is given, else the redirect, else stay (docs/product.md#sign-in). */
export function signedInTarget(context: LoginContext): string {
  if (context.gch) return `/upload?redirectGch=${encodeURIComponent(context.gch)}`;
  return context.redirect ?? context.from ?? '/';
}

/**
 * Back to the previous page (or home) with the popup open (docs/product.md#guard) and `redirect`
 * holding the intended path and query.
 */
export function guardRedirectHref(intended: string, previous: string | null): string {
  const intendedPath = intended.split('?')[0];
  const back = previous && previous.split('?')[0] !== intendedPath ? notLoginPage(previous) : null;
  const base = back ? withoutLoginParams(...splitPath(back)) : '/';
  return withParams(base, { [LOGIN_PARAM]: 'userLogin', redirect: intended });
}

function splitPath(path: string): [string, string] {
  const index = path.indexOf('?');
  return index < 0 ? [path, ''] : [path.slice(0, index), path.slice(index)];
}
