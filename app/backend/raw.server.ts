import { data, redirect, type AppLoadContext } from 'react-router';
import { envelopeSchema } from './envelope';
import { FAILURE_STATUS, type BackendFailure, type BackendFailureKind } from './errors';

/**
 * Multipart uploads to the journal backend, streamed: the browser's request body is piped
 * through unread (never buffered), with its own Content-Type (boundary) and length; the
 * backend's multipart parser reads it. Same base URL, token and request id as `backendFor`.
 */

export interface UploadAnswer {
  /** HTTP status of the backend's answer (413 for a file over the limit). */
  status: number;
  ok: boolean;
  code: number;
  message: string;
  /** The request parameter a refusal is about, if the backend names one. */
  field?: string;
  entity: unknown;
}

/** Uploads take longer than ordinary calls: at least ten minutes for 50 MB on a slow line. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

export async function streamUpload(
  request: Request,
  context: AppLoadContext,
  token: string,
  path: string,
  query: Record<string, string | number | undefined | null> = {},
  options: { clearSessionCookie?: string[] } = {},
): Promise<UploadAnswer> {
  const { runtime, requestId, logger } = context;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const url = `${runtime.journalApiUrl}${path}${search.size ? `?${search}` : ''}`;

  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': requestId, Authorization: token };
  const contentType = request.headers.get('Content-Type');
  if (contentType) headers['Content-Type'] = contentType;
  const length = request.headers.get('Content-Length');
  if (length) headers['Content-Length'] = length;
  if (context.clientIp) headers['X-Forwarded-For'] = context.clientIp;

  const fail = (kind: BackendFailureKind, detail: Record<string, unknown>): never => {
    logger.error({ backend: path, failure: kind, ...detail }, 'journal backend upload failed');
    throw data<BackendFailure>({ backendFailure: kind, requestId }, { status: FAILURE_STATUS[kind] });
  };

  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: request.body,
      // Node's fetch streams a ReadableStream body only in half-duplex mode.
      duplex: 'half',
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(Math.max(runtime.upstreamTimeoutMs, UPLOAD_TIMEOUT_MS))]),
    } as RequestInit & { duplex: 'half' });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') fail('timeout', {});
    return fail('network', { error: (error as Error).message });
  }
  if (response.status === 403) {
    response.body?.cancel().catch(() => {});
    const headersOut = new Headers();
    for (const cookie of options.clearSessionCookie ?? []) headersOut.append('Set-Cookie', cookie);
    throw redirect('/', { headers: headersOut });
  }
  if (response.status >= 500) {
    response.body?.cancel().catch(() => {});
    fail('upstream', { status: response.status });
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return fail('schema', { status: response.status, error: 'body is not JSON' });
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) return fail('schema', { status: response.status });
  const { code, success, message, entity, field } = envelope.data;
  const ok = success && code === 200;
  logger.info({ backend: path, code, status: response.status }, ok ? 'journal backend upload' : 'journal backend refused the upload');
  return { status: response.status, ok, code, message, entity, field: field ?? undefined };
}
