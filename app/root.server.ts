import { data, type AppLoadContext } from 'react-router';
import type { PublicSession } from './lib/public-session';
import { backendFor, getSession } from './session/session.server';
import { takeFlash } from './lib/flash.server';
import { runStartup } from './session/startup.server';
import { unreadNumber } from './backend/endpoints/personal.server';
import { isAuthorSession } from './session/guard.server';

/** Header badge: the signed-in author's unread messages; a 403 still clears the session. */
async function loadUnreadCount(request: Request, context: AppLoadContext, signedIn: boolean): Promise<number> {
  if (!signedIn) return 0;
  try {
    return await backendFor(request, context).call(unreadNumber);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return 0;
  }
}

export async function loadRootData(request: Request, context: AppLoadContext) {
  const session = getSession(request, context);
  // Temporary-token sign-in, role check, gch (may redirect) (docs/product.md#startup).
  await runStartup(request, context, session);
  const publicSession: PublicSession = {
    currentUser: session ? { username: session.user.username, headImgUrl: session.user.headImgUrl, type: session.user.type } : null,
    currentRole: session?.role ?? null,
    employeeType: session?.employeeType ?? null,
    unreadCount: 0,
  };
  publicSession.unreadCount = await loadUnreadCount(request, context, isAuthorSession(session));
  // A message set before a redirect (登录成功, 403…): shown once, then cleared.
  const { flash, clear } = takeFlash(request, context);
  // The public origin: structured data on any page (breadcrumbs) names absolute URLs.
  return data({ ...publicSession, flash, origin: context.runtime.publicOrigin }, clear ? { headers: { 'Set-Cookie': clear } } : undefined);
}
