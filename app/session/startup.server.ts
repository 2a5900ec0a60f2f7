import { redirect, type AppLoadContext } from 'react-router';
import { getUser, menus } from '~/backend/endpoints/auth.server';
import { auth as authCopy } from '~/copy/auth';
import { AUTHOR_ROLE_TYPE, isAuthorSession } from './guard.server';
import { parseLoginMode, safeGch, safeRedirectPath, withLoginMode } from './login-url';
import type { SessionData } from './cookie.server';
import { backendFor } from './session.server';
import { pendingSignInCookie, refused } from './sign-in.server';
import { flashCookie } from '~/lib/flash.server';

/**
 * Start-up links (docs/product.md#startup), run by the root loader on every request (it throws redirects):
 * 1. `temporaryToken` + `temporaryUserId` (a link from the journal's other systems): for a
 *    visitor without a session, the account behind the token is looked up and the visitor
 *    asked to confirm on /login/confirm before anything changes; a signed-in visitor keeps
 *    their session. The parameters leave the URL either way.
 * 2. A stored session whose user lacks the author role is reset. (The role was checked at
 *    sign-in and is sealed in the cookie; a revoked token answers 403 on the next call.)
 * 3. `gch` sends a signed-in author to /upload?redirectGch=…, and opens the login popup
 *    for a visitor (signing in then leads there).
 */
export async function runStartup(request: Request, context: AppLoadContext, session: SessionData | null): Promise<void> {
  const url = new URL(request.url);
  const params = url.searchParams;

  const temporaryToken = params.get('temporaryToken');
  const temporaryUserId = params.get('temporaryUserId');
  if (temporaryToken && temporaryUserId) {
    params.delete('temporaryToken');
    params.delete('temporaryUserId');
    const next = safeRedirectPath(url.pathname + url.search) ?? '/';
    // A link cannot change who a signed-in visitor is, nor sign them out.
    if (session) throw redirect(next, { headers: { 'Set-Cookie': flashCookie(context, authCopy.messages.temporaryLoginIgnored, 'error') } });
    throw await temporarySignIn(request, context, temporaryToken, temporaryUserId, next);
  }

  if (session && !isAuthorSession(session)) throw refused(context, url.pathname + url.search, authCopy.messages.notAuthor);

  const gch = safeGch(params.get('gch'));
  if (gch) {
    if (session) throw redirect(`/upload?redirectGch=${encodeURIComponent(gch)}`);
    if (!parseLoginMode(params.get('login')) && url.pathname !== '/login') {
      // The page under the popup, as the one redirect check reads it (`//host/?gch=` is not a page of ours).
      const here = new URL(safeRedirectPath(url.pathname + url.search) ?? '/', url);
      throw redirect(withLoginMode(here.pathname, here.search, 'userLogin'));
    }
  }
}

/** Looks the account up and asks the visitor to confirm (/login/confirm); nothing is signed in yet. */
async function temporarySignIn(request: Request, context: AppLoadContext, temporaryToken: string, userId: string, next: string): Promise<Response> {
  if (temporaryToken.length > 512 || !/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return refused(context, '/', authCopy.messages.temporaryLoginFailed);
  try {
    const selected = await backendFor(request, context, { token: temporaryToken }).call(menus, { id: userId });
    const token = selected.token ?? temporaryToken;
    if (selected.role?.type !== AUTHOR_ROLE_TYPE) return refused(context, '/', authCopy.messages.notAuthor);
    const user = await backendFor(request, context, { token }).call(getUser);
    const session = {
      token,
      user: { id: user.id, username: user.username, headImgUrl: user.headImgUrl, type: user.type },
      role: selected.role,
      employeeType: user.employeeType,
    };
    return redirect('/login/confirm', { headers: { 'Set-Cookie': pendingSignInCookie(context, { session, next }) } });
  } catch (error) {
    // A 403 already is a redirect home that clears the session.
    if (error instanceof Response) return error;
    context.logger.warn({ err: error instanceof Error ? error.message : 'backend failure' }, 'temporary-token sign-in failed');
    return refused(context, '/', authCopy.messages.temporaryLoginFailed);
  }
}
