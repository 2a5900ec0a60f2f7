/**
 * Failures of the journal backend, as the rest of the app sees them.
 *
 * - Business failures (`success: false`) are `BackendEnvelopeError`s: actions catch them
 *   to show the backend's message next to the form.
 * - Infrastructure failures (unreachable, timed out, 5xx, malformed or off-contract
 *   answers) are thrown as route error responses with a `BackendFailure` body and a
 *   502/503/504 status, so the error boundary renders the network-error page with the
 *   right status and the request id.
 */

export type BackendFailureKind = 'network' | 'timeout' | 'upstream' | 'schema';

export interface BackendFailure {
  backendFailure: BackendFailureKind;
  requestId: string;
}

export const FAILURE_STATUS: Record<BackendFailureKind, number> = {
  network: 503,
  timeout: 504,
  upstream: 502,
  schema: 502,
};

export function isBackendFailure(value: unknown): value is BackendFailure {
  return typeof value === 'object' && value !== null && 'backendFailure' in value;
}

export class BackendEnvelopeError extends Error {
  override name = 'BackendEnvelopeError';
  constructor(
    readonly endpoint: string,
    readonly code: number,
    readonly backendMessage: string,
    /** The request parameter the backend says its refusal is about, if any. */
    readonly field?: string,
    /** The account a refused sign-in was about, when the backend names it. */
    readonly account?: string,
  ) {
    super(`${endpoint} answered code ${code}`);
  }
}
