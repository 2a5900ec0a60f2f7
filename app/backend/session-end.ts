import { auth as authCopy } from '~/copy/auth';

/**
 * How the journal backend ends a session, the one rule the portal's own calls and its proxy
 * share (docs/product.md#session): an HTTP 403, or an answer whose envelope code is 403.
 * Either clears the session cookie; a page then goes home with a message, an in-page call
 * through the proxy gets `sessionEndedEnvelope`.
 */
export function endsSession(status: number, envelopeCode?: unknown): boolean {
  return status === 403 || envelopeCode === 403;
}

/** The answer the proxy gives an in-page call whose session the backend ended. */
export function sessionEndedEnvelope(): string {
  return JSON.stringify({ code: 403, success: false, message: authCopy.messages.sessionExpired, entity: null });
}
