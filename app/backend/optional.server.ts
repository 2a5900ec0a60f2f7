import { BackendEnvelopeError, isBackendFailure, type BackendFailureKind } from './errors';

/** Failures an optional part of a page may stand in for: the backend's refusal, or a named infrastructure failure. */
export type OptionalFailure = 'refused' | BackendFailureKind;

/**
 * An optional part of a page (platform activity, recommendations, a journal's details
 * beside a list): the page renders with `fallback` when the call fails in one of the
 * named ways (by default only when the backend refuses it). Everything else passes
 * through: a 403 still ends the session, an outage still shows the network-error page.
 */
export async function optional<T, F>(call: Promise<T>, fallback: F, on: readonly OptionalFailure[] = ['refused']): Promise<T | F> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof BackendEnvelopeError && on.includes('refused')) return fallback;
    // Infrastructure failures are thrown as `data(BackendFailure, { status })` (app/backend/errors.ts).
    const failure = (error as { data?: unknown } | null)?.data;
    if (isBackendFailure(failure) && on.includes(failure.backendFailure)) return fallback;
    throw error;
  }
}
