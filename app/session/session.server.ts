import type { AppLoadContext } from 'react-router';
import { createBackendClient } from '~/backend/client.server';
import { auth as authCopy } from '~/copy/auth';
import { flashCookie } from '~/lib/flash.server';
import {
  SESSION_COOKIE,
  readCookie,
  sealSession,
  serializeClearedSessionCookie,
  serializeSessionCookie,
  unsealSession,
  type SessionData,
} from './cookie.server';

/** The session of this request, or null for a visitor. */
export function getSession(request: Request, context: AppLoadContext): SessionData | null {
  const value = readCookie(request.headers.get('Cookie'), SESSION_COOKIE);
  return value ? unsealSession(value, context.runtime.sessionSecrets) : null;
}

/** Set-Cookie header that stores `session` for 7 days. */
export function commitSession(session: SessionData, context: AppLoadContext): string {
  return serializeSessionCookie(sealSession(session, context.runtime.sessionSecrets), {
    secure: context.runtime.secureCookies,
  });
}

/** Set-Cookie header that removes the session. */
export function destroySession(context: AppLoadContext): string {
  return serializeClearedSessionCookie({ secure: context.runtime.secureCookies });
}

/**
 * A backend client for this request, carrying the session's token when there is one
 * (or `options.token`: the token a login just returned). A 403 answer clears the session
 * and sends the visitor home with the message shown (docs/product.md#session).
 */
export function backendFor(request: Request, context: AppLoadContext, options: { token?: string | null } = {}) {
  const token = options.token !== undefined ? options.token : getSession(request, context)?.token;
  return createBackendClient({
    baseUrl: context.runtime.journalApiUrl,
    timeoutMs: context.runtime.upstreamTimeoutMs,
    requestId: context.requestId,
    logger: context.logger,
    token,
    clientIp: context.clientIp,
    clearSessionCookie: () => [destroySession(context), flashCookie(context, authCopy.messages.sessionExpired, 'error')],
    observe: context.runtime.backendMetrics,
  });
}
