import { data, redirect } from 'react-router';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { withCauses } from '../lib/error-causes.server';
import { createKeyedTtlCache } from '../lib/ttl-cache.server';
import { envelopeSchema } from '../../contract/envelope';
import { BackendEnvelopeError, FAILURE_STATUS, type BackendFailure, type BackendFailureKind } from './errors';
import { exchangeJson, type JsonAnswer } from './json-exchange.server';
import { endsSession } from './session-end';

/**
 * The one way loaders and actions talk to the journal backend. Every endpoint is
 * declared once (path, method, entity schema); every answer is parsed at this boundary.
 */

export interface Endpoint<Input, Entity> {
  method: 'GET' | 'POST';
  path: string;
  entity: z.ZodType<Entity>;
  /**
   * Public data the same for every visitor (latest articles, news lists): a call made
   * without a token reuses an answer at most this old from this process.
   */
  publicTtlMs?: number;
  /** Phantom marker so the input type is checked at call sites. */
  readonly _input?: Input;
}

export function defineEndpoint<Input = void, Entity = unknown>(
  method: 'GET' | 'POST',
  path: string,
  entity: z.ZodType<Entity>,
  options: { publicTtlMs?: number } = {},
): Endpoint<Input, Entity> {
  return { method, path, entity, publicTtlMs: options.publicTtlMs };
}

/**
 * Answers to token-less calls of endpoints with a `publicTtlMs`, shared by every request
 * of this process. Bounded; a refusal or failure is never kept. Anonymous page renders
 * then cost the backend a few calls per key and TTL instead of several per page.
 */
const publicAnswers = createKeyedTtlCache<unknown>(1000);

/** How long lists every visitor sees alike may be reused (well under the gateway's s-maxage). */
export const PUBLIC_LIST_TTL_MS = 15_000;

export interface BackendClientOptions {
  baseUrl: string;
  timeoutMs: number;
  requestId: string;
  logger: Logger;
  token?: string | null;
  clientIp?: string;
  /**
   * Set-Cookie value(s) sent with the redirect on a 403: the cleared session, and a flash
   * message. A function is only called on a 403 (sealing a flash costs every render otherwise).
   */
  clearSessionCookie: string | string[] | (() => string[]);
  /** Metrics: each call's duration and outcome, and each failure's kind. */
  observe?: {
    call(endpoint: string, seconds: number, outcome: 'ok' | 'refused' | 'failed'): void;
    failure(endpoint: string, kind: BackendFailureKind): void;
  };
}

export type BackendClient = ReturnType<typeof createBackendClient>;

/**
 * The connection failed under the request, typically a kept-alive connection the backend
 * closed as it was reused. Reads are retried once on a fresh connection: the visitor
 * should not see the network-error page for a race between two idle timers.
 */
const BROKEN_CONNECTION_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/** Node's HTTP client puts the code on the error; `fetch` on its cause. */
function brokenConnection(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return [code, cause?.code].some((value) => typeof value === 'string' && BROKEN_CONNECTION_CODES.has(value));
}

/** GETs and the public lists only read: sending them twice is harmless. */
function isRead(endpoint: Endpoint<unknown, unknown>): boolean {
  return endpoint.method === 'GET' || endpoint.publicTtlMs !== undefined;
}

function toSearchParams(input: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (input && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
  }
  return params;
}

export function createBackendClient(options: BackendClientOptions) {
  const { baseUrl, timeoutMs, requestId, logger, token, clientIp } = options;

  function fail(kind: BackendFailureKind, endpoint: string, detail: Record<string, unknown>): never {
    logger.error({ backend: endpoint, failure: kind, ...detail }, 'journal backend call failed');
    options.observe?.failure(endpoint, kind);
    throw data<BackendFailure>({ backendFailure: kind, requestId }, { status: FAILURE_STATUS[kind] });
  }

  /** Sends; a read whose connection broke under it (see brokenConnection) is sent once more. */
  function sendOnceMore<Answer>(path: string, read: boolean, send: () => Promise<Answer>): Promise<Answer> {
    return send().catch((error: unknown) => {
      if (!read || !brokenConnection(error)) throw error;
      logger.warn({ backend: path, error: withCauses(error) }, 'journal backend connection broke: retrying the read once');
      return send();
    });
  }

  /** Any 403 clears the session and returns home (docs/product.md#session). */
  function forbidden(endpoint: string): never {
    logger.warn({ backend: endpoint }, 'journal backend answered 403: session cleared');
    const headers = new Headers();
    const cookies = typeof options.clearSessionCookie === 'function' ? options.clearSessionCookie() : options.clearSessionCookie;
    for (const cookie of ([] as string[]).concat(cookies)) headers.append('Set-Cookie', cookie);
    throw redirect('/', { headers });
  }

  function requestHeaders(accept: string): Record<string, string> {
    const headers: Record<string, string> = { Accept: accept, 'X-Request-Id': requestId };
    if (token) headers.Authorization = token;
    if (clientIp) headers['X-Forwarded-For'] = clientIp;
    return headers;
  }

  /**
   * A GET whose answer is not the JSON envelope (the captcha image, a PDF): the same base
   * URL, headers, timeout and 403 handling as `call`; the caller streams the body.
   * Infrastructure failures throw like `call`; other statuses are the caller's to judge.
   * The timeout bounds the wait for the answer's headers and then each silence of the
   * body, not the whole transfer: a large download that keeps flowing is never cut off.
   */
  async function raw(path: string, query?: Record<string, string | number | undefined>, accept = '*/*'): Promise<Response> {
    const search = toSearchParams(query).toString();
    const controller = new AbortController();
    let timer = setTimeout(() => controller.abort(new DOMException('backend timeout', 'TimeoutError')), timeoutMs);
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(new DOMException('backend went silent', 'TimeoutError')), timeoutMs);
    };
    let response: Response;
    try {
      response = await sendOnceMore(path, true, () =>
        fetch(`${baseUrl}${path}${search ? `?${search}` : ''}`, { headers: requestHeaders(accept), signal: controller.signal }),
      );
    } catch (error) {
      clearTimeout(timer);
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') fail('timeout', path, { timeoutMs });
      fail('network', path, { error: withCauses(error) });
    }
    if (endsSession(response.status)) {
      clearTimeout(timer);
      response.body?.cancel().catch(() => {});
      forbidden(path);
    }
    if (!response.body) {
      clearTimeout(timer);
      return response;
    }
    restartTimer();
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, stream) {
          restartTimer();
          stream.enqueue(chunk);
        },
        flush: () => clearTimeout(timer),
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  function call<Input, Entity>(endpoint: Endpoint<Input, Entity>, input?: Input): Promise<Entity> {
    if (!endpoint.publicTtlMs || token) return observedCall(endpoint, input);
    const key = `${baseUrl} ${endpoint.method} ${endpoint.path} ${JSON.stringify(input ?? null)}`;
    return publicAnswers.get(key, endpoint.publicTtlMs, () => observedCall(endpoint, input)) as Promise<Entity>;
  }

  async function observedCall<Input, Entity>(endpoint: Endpoint<Input, Entity>, input?: Input): Promise<Entity> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const entity = await callOnce(endpoint, input);
      options.observe?.call(endpoint.path, seconds(), 'ok');
      return entity;
    } catch (error) {
      options.observe?.call(endpoint.path, seconds(), error instanceof BackendEnvelopeError ? 'refused' : 'failed');
      throw error;
    }
  }

  async function callOnce<Input, Entity>(endpoint: Endpoint<Input, Entity>, input?: Input): Promise<Entity> {
    const started = performance.now();
    const headers = requestHeaders('application/json');

    let url = `${baseUrl}${endpoint.path}`;
    let body: string | undefined;
    if (endpoint.method === 'GET') {
      const query = toSearchParams(input).toString();
      if (query) url += `?${query}`;
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input ?? {});
    }

    // One deadline for the call, a retry included.
    const deadline = performance.now() + timeoutMs;
    let answer: JsonAnswer;
    try {
      answer = await sendOnceMore(endpoint.path, isRead(endpoint as Endpoint<unknown, unknown>), () =>
        exchangeJson(url, { method: endpoint.method, headers, body, timeoutMs: Math.max(1, deadline - performance.now()) }),
      );
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') fail('timeout', endpoint.path, { timeoutMs });
      fail('network', endpoint.path, { error: withCauses(error) });
    }

    if (endsSession(answer.status)) forbidden(endpoint.path);
    if (answer.status >= 500) fail('upstream', endpoint.path, { status: answer.status });

    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch {
      fail('schema', endpoint.path, { status: answer.status, error: 'body is not JSON' });
    }

    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) fail('schema', endpoint.path, { status: answer.status, issues: envelope.error.issues.slice(0, 5) });
    const { code, success, message, entity, field, account } = envelope.data;
    if (endsSession(answer.status, code)) forbidden(endpoint.path);
    const durationMs = Math.round(performance.now() - started);
    if (!success || code !== 200) {
      logger.info({ backend: endpoint.path, code, durationMs }, 'journal backend refused the call');
      throw new BackendEnvelopeError(endpoint.path, code, message, field ?? undefined, account ?? undefined);
    }

    const parsed = endpoint.entity.safeParse(entity);
    if (!parsed.success) fail('schema', endpoint.path, { issues: parsed.error.issues.slice(0, 5) });
    logger.debug({ backend: endpoint.path, durationMs }, 'journal backend call');
    return parsed.data;
  }

  /**
   * A multipart upload, streamed: the browser's request body is piped through unread
   * (never buffered), with its own Content-Type (boundary) and length. Failures and a 403
   * are handled as for `call`; a refusal comes back as the answer, for the form to show.
   */
  async function upload(path: string, request: Request, query: Record<string, string | number | undefined | null> = {}): Promise<UploadAnswer> {
    const search = toSearchParams(query);
    for (const [key, value] of [...search]) if (value === '') search.delete(key);
    const headers = requestHeaders('application/json');
    const contentType = request.headers.get('Content-Type');
    if (contentType) headers['Content-Type'] = contentType;
    const length = request.headers.get('Content-Length');
    if (length) headers['Content-Length'] = length;

    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}${search.size ? `?${search}` : ''}`, {
        method: 'POST',
        headers,
        body: request.body,
        // Node's fetch streams a ReadableStream body only in half-duplex mode.
        duplex: 'half',
        signal: AbortSignal.any([request.signal, AbortSignal.timeout(Math.max(timeoutMs, UPLOAD_TIMEOUT_MS))]),
      } as RequestInit & { duplex: 'half' });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') fail('timeout', path, {});
      fail('network', path, { error: withCauses(error) });
    }
    if (endsSession(response.status)) {
      response.body?.cancel().catch(() => {});
      forbidden(path);
    }
    if (response.status >= 500) {
      response.body?.cancel().catch(() => {});
      fail('upstream', path, { status: response.status });
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      fail('schema', path, { status: response.status, error: 'body is not JSON' });
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) fail('schema', path, { status: response.status });
    const { code, success, message, entity, field } = envelope.data;
    if (endsSession(response.status, code)) forbidden(path);
    const ok = success && code === 200;
    logger.info({ backend: path, code, status: response.status }, ok ? 'journal backend upload' : 'journal backend refused the upload');
    return { status: response.status, ok, code, message, entity, field: field ?? undefined };
  }

  return { call, raw, upload, requestId };
}

/** What the backend answered an upload: a refusal is an answer, for the form to show. */
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
