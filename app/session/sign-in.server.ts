import { redirect, type AppLoadContext } from 'react-router';
import { logout, menus, type LoginEntity } from '~/backend/endpoints/auth.server';
import { auth as authCopy } from '~/copy/auth';
import { TOAST_LOGIN_SUCCESS_MS } from '~/lib/flash';
import { flashCookie } from '~/lib/flash.server';
import { readCookie, sealValue, serializeCookie, unsealValue, type SessionData } from './cookie.server';
import { AUTHOR_ROLE_TYPE } from './guard.server';
import type { LoginContext } from './login-url';
import { backendFor, commitSession, destroySession } from './session.server';

/**
 * Turning a backend login into the portal's session (docs/product.md#sign-in), shared by the
 * password login, WeChat login and binding, and the temporary-token start-up.
 */

export class NotAuthorError extends Error {
  override name = 'NotAuthorError';
}

/** Ends a backend session the portal will not keep (a non-author's login); failures are only logged. */
async function endBackendSession(request: Request, context: AppLoadContext, token: string) {
  try {
    await backendFor(request, context, { token }).call(logout);
  } catch (error) {
    if (!(error instanceof Response)) context.logger.warn({ err: error }, 'backend logout of a refused login failed');
  }
}

/**
 * Only a user with the author role (type 4) may sign in (docs/product.md#sign-in); the
 * menus call selects that role (by its id, which is not its type) and may renew the token.
 */
export async function sessionFromLogin(request: Request, context: AppLoadContext, entity: LoginEntity): Promise<SessionData> {
  const role = entity.employeeRole.find((r) => r.type === AUTHOR_ROLE_TYPE);
  if (!role) {
    await endBackendSession(request, context, entity.token);
    throw new NotAuthorError();
  }
  const selected = await backendFor(request, context, { token: entity.token }).call(menus, { id: role.id });
  const activeRole = selected.role ?? role;
  if (activeRole.type !== AUTHOR_ROLE_TYPE) throw new NotAuthorError();
  return {
    token: selected.token ?? entity.token,
    user: { id: entity.employee.id, username: entity.employee.username, headImgUrl: entity.employee.headImgUrl, type: entity.employee.type },
    role: { id: activeRole.id, type: activeRole.type },
    employeeType: entity.employeeType,
  };
}

function headersWith(cookies: (string | null | undefined)[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) if (cookie) headers.append('Set-Cookie', cookie);
  return headers;
}

/** The redirect that completes a sign-in: the session cookie, 登录成功 for 1 s, then `target`. */
export function signedIn(context: AppLoadContext, session: SessionData, target: string, extraCookies: string[] = []): Response {
  return redirect(target, {
    headers: headersWith([
      commitSession(session, context),
      flashCookie(context, authCopy.messages.loginSuccess, 'success', TOAST_LOGIN_SUCCESS_MS),
      ...extraCookies,
    ]),
  });
}

/** A redirect that resets the session and shows `message` (a refused login, a failed start-up). */
export function refused(context: AppLoadContext, target: string, message: string, extraCookies: string[] = []): Response {
  return redirect(target, { headers: headersWith([destroySession(context), flashCookie(context, message, 'error'), ...extraCookies]) });
}

export function withCookies(cookies: (string | null | undefined)[]): { headers: Headers } {
  return { headers: headersWith(cookies) };
}

// --- WeChat: the state of a login in progress, and the openid waiting to be bound ---

/** journalData-*: a visitor in the middle of a WeChat login is never served a cached page. */
const WECHAT_COOKIE = 'journalData-wechat';
/** WeChat's consent takes a while; the backend keeps its state 10 minutes and an openid 30. */
const WECHAT_STATE_SECONDS = 10 * 60;
const WECHAT_BIND_SECONDS = 30 * 60;

type WechatPending = { step: 'authorize'; state: string | null; context: LoginContext } | { step: 'bind'; openid: string; context: LoginContext };

/**
 * One sealed cookie holds the WeChat step in progress: the `state` of the authorisation
 * (the callback must carry the same one, so nobody can sign a victim in with someone
 * else's WeChat code), then the openid waiting for a mobile. The openid never travels in
 * a URL or a form.
 */
export function wechatCookie(context: AppLoadContext, pending: WechatPending): string {
  const seconds = pending.step === 'authorize' ? WECHAT_STATE_SECONDS : WECHAT_BIND_SECONDS;
  return serializeCookie(WECHAT_COOKIE, sealValue(pending, context.runtime.sessionSecrets, 'wechat', seconds), seconds, {
    secure: context.runtime.secureCookies,
  });
}

export function readWechatCookie(request: Request, context: AppLoadContext): WechatPending | null {
  const value = readCookie(request.headers.get('Cookie'), WECHAT_COOKIE);
  return value ? unsealValue<WechatPending>(value, context.runtime.sessionSecrets, 'wechat') : null;
}

export function clearWechatCookie(context: AppLoadContext): string {
  return serializeCookie(WECHAT_COOKIE, '', 0, { secure: context.runtime.secureCookies });
}

/**
 * A sign-in a start-up link asked for (docs/product.md#startup), kept sealed in a cookie
 * of its own for ten minutes until the visitor confirms it on /login/confirm: a link
 * cannot choose who a visitor is without them seeing it.
 */
export interface PendingSignIn {
  session: SessionData;
  /** Where to go once confirmed (checked by safeRedirectPath). */
  next: string;
}

const PENDING_COOKIE = 'journalData-pending-login';
const PENDING_SECONDS = 10 * 60;

export function pendingSignInCookie(context: AppLoadContext, pending: PendingSignIn): string {
  return serializeCookie(PENDING_COOKIE, sealValue(pending, context.runtime.sessionSecrets, 'temporary-login', PENDING_SECONDS), PENDING_SECONDS, {
    secure: context.runtime.secureCookies,
  });
}

export function readPendingSignIn(request: Request, context: AppLoadContext): PendingSignIn | null {
  const value = readCookie(request.headers.get('Cookie'), PENDING_COOKIE);
  return value ? unsealValue<PendingSignIn>(value, context.runtime.sessionSecrets, 'temporary-login') : null;
}

export function clearPendingSignIn(context: AppLoadContext): string {
  return serializeCookie(PENDING_COOKIE, '', 0, { secure: context.runtime.secureCookies });
}
