import { redirect, type AppLoadContext } from 'react-router';
import type { SessionData } from './cookie.server';
import { guardRedirectHref, safeRedirectPath } from './login-url';
import { destroySession, getSession } from './session.server';
import { sameOriginReferer } from '~/lib/same-origin';

/** Role type 4 is the author role, the only one that may use the portal (docs/product.md#sign-in). */
export const AUTHOR_ROLE_TYPE = 4;

export function isAuthorSession(session: SessionData | null): session is SessionData {
  return Boolean(session?.token && session.user?.username && session.role?.type === AUTHOR_ROLE_TYPE);
}

/**
 * The guard (docs/product.md#guard), for the loaders and actions of protected pages (`/personal/*`,
 * `/upload*`, `/updatePaperInfo`): returns the signed-in author's session, or sends the
 * visitor back to the previous page (else home) with the login popup open and
 * `redirect` holding the intended path and query.
 */
export function requireAuthor(request: Request, context: AppLoadContext): SessionData {
  const session = getSession(request, context);
  if (isAuthorSession(session)) return session;
  const url = new URL(request.url);
  const target = guardRedirectHref(safeRedirectPath(url.pathname + url.search) ?? '/', sameOriginReferer(request));
  throw redirect(target, session ? { headers: { 'Set-Cookie': destroySession(context) } } : undefined);
}
