import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. Credentials never reach a log line: headers are not logged at
 * all, and sensitive query parameters and fields are masked.
 */

/** Query parameters and body fields whose values are never logged. */
const SENSITIVE_KEYS = [
  'password',
  'confirmPassword',
  'oldPassword',
  'newPassword',
  'token',
  'temporaryToken',
  'captcha',
  'code',
  'verificationCode',
  'cardNo',
  'idCard',
  'idNumber',
  'mobile',
  'mobileNo',
  'phoneNumber',
  'taxpayerNumber',
  'taxpayerNo',
  'openid',
  'authorization',
  'cookie',
];
const CENSOR = '[REDACTED]';
const SENSITIVE_PARAM = new RegExp(`^(${SENSITIVE_KEYS.join('|')})$`, 'i');

export function redactUrl(url: string): string {
  const index = url.indexOf('?');
  if (index === -1) return url;
  const params = new URLSearchParams(url.slice(index + 1));
  for (const key of [...params.keys()]) {
    if (SENSITIVE_PARAM.test(key)) params.set(key, CENSOR);
  }
  return `${url.slice(0, index)}?${params.toString()}`;
}

/** Field names masked in structured fields, compared without case (`code` stays: there it is the backend's business code). */
const SENSITIVE_FIELDS = new Set(SENSITIVE_KEYS.filter((key) => key !== 'code').map((key) => key.toLowerCase()));
/** How deep masking looks into a logged object: request headers (`req.headers.cookie`) are three levels down. */
const MASKED_DEPTH = 4;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A logged object with the values of sensitive fields replaced, at any depth up to
 * `MASKED_DEPTH`, whatever their case; plain objects and arrays are looked into, anything
 * else (an Error, a Buffer) is left to its serializer. Copies only what it changes: a
 * request line, which has nothing to mask, is passed through as it is. (pino's `redact`
 * did this with a wildcard path per field, 40 µs a line: most of what logging cost a request.)
 */
export function maskSensitiveFields<T>(value: T, depth = 0): T {
  if (depth >= MASKED_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const masked = maskSensitiveFields(item, depth + 1);
      if (masked !== item) (copy ??= [...value])[index] = masked;
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = value[key];
    const masked = SENSITIVE_FIELDS.has(key.toLowerCase()) ? CENSOR : maskSensitiveFields(item, depth + 1);
    if (masked !== item) (copy ??= { ...value })[key] = masked;
  }
  return (copy ?? value) as T;
}

/**
 * Standard output, written asynchronously: a line is queued and written with the lines
 * logged while the previous write was under way, instead of one blocking write per line.
 * What is queued is written before the process exits, also on `process.exit` and a fatal
 * error (pino flushes on exit).
 */
function standardOutput(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

export function createLogger(level: string, destination: pino.DestinationStream = standardOutput()): Logger {
  return pino(
    {
      level,
      base: { service: 'journal-portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // A child logger's bindings are not masked (pino formats only the root's): they are
      // identifiers such as `reqId` and `component`, never what a user sent.
      formatters: { log: maskSensitiveFields },
    },
    destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** The path of the request as the client sent it. */
export function requestPath(req: IncomingMessage & { originalUrl?: string }): string {
  return (req.originalUrl ?? req.url ?? '/').split('?')[0]!;
}

/** The client went away before the whole answer was sent (closed the tab, aborted an upload). */
function clientGone(res: ServerResponse): boolean {
  return !res.writableFinished;
}

/** The request's id: the one the gateway sent when it is a plain token, else a new one. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** A request line's level: what the client caused is a warning, what failed here an error. */
function levelOf(statusCode: number, clientGone: boolean, error: Error | undefined): 'info' | 'warn' | 'error' {
  // Gone before the answer: nothing failed on our side.
  if (clientGone) return 'info';
  // 501 is the portal refusing a method it does not serve: the sender's doing, not ours.
  if (error || (statusCode >= 500 && statusCode !== 501)) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/**
 * The one line written for every request, by `createHttpLogger` for what Express answers and
 * by the lanes in front of Express (server/lane-answer.ts) for what they answer: the route pattern,
 * one request id, the URL with its credentials masked, and an error only when something
 * really failed (an expected 5xx, such as the backend being down, carries no stack).
 */
export function logAnswered(
  logger: Logger,
  line: {
    reqId: string;
    method: string;
    url: string;
    route: string;
    statusCode: number;
    responseTime: number;
    clientGone: boolean;
    headersSent?: boolean;
    error?: Error;
  },
) {
  const { reqId, method, url, route, statusCode, responseTime, clientGone, headersSent = true, error } = line;
  const level = levelOf(statusCode, clientGone, error);
  if (!logger.isLevelEnabled(level)) return;
  const req = { method, url: redactUrl(url) };
  const err = error ? { err: error } : {};
  if (clientGone)
    logger[level](
      { reqId, req, route, res: { statusCode: headersSent ? statusCode : null }, ...err, clientGone, responseTime },
      `${method} client disconnected before the answer was complete`,
    );
  else logger[level]({ reqId, req, route, res: { statusCode }, ...err, responseTime }, `${method} ${statusCode}`);
}

type LoggedRequest = IncomingMessage & { originalUrl?: string; log?: Logger };

/**
 * Express's side of the request log: the request id (the gateway's, or a new one) in
 * `X-Request-Id`, `req.log` for the lines written while answering (each carries `reqId`;
 * made when first used, as most requests write none), and the request's line once the
 * answer is sent or the client has gone. Not for the probes the gateway and the orchestrator
 * poll (`/healthz`, `/readyz`): a line every few seconds per instance says nothing, and a
 * change of readiness is logged once, with its reason, by the probe itself.
 */
const UNLOGGED_PROBES = new Set(['/healthz', '/readyz']);

export function createHttpLogger(logger: Logger, routeOf: (path: string) => string = () => 'other') {
  return function logRequest(req: LoggedRequest, res: ServerResponse, next: () => void) {
    const started = performance.now();
    const reqId = requestIdFor(req);
    res.setHeader('X-Request-Id', reqId);
    let requestLogger: Logger | undefined;
    Object.defineProperty(req, 'log', { configurable: true, get: () => (requestLogger ??= logger.child({ reqId })) });
    const complete = (error?: Error) => {
      res.off('close', complete);
      res.off('finish', complete);
      res.off('error', complete);
      logAnswered(logger, {
        reqId,
        method: req.method ?? 'GET',
        // The URL as it came: inside a mounted handler (the /api proxy) Express shortens req.url.
        url: req.originalUrl ?? req.url ?? '/',
        route: routeOf(requestPath(req)),
        statusCode: res.statusCode,
        responseTime: Math.round(performance.now() - started),
        clientGone: clientGone(res),
        headersSent: res.headersSent,
        error: error instanceof Error ? error : undefined,
      });
    };
    if (!UNLOGGED_PROBES.has(requestPath(req))) {
      res.on('close', complete);
      res.on('finish', complete);
    }
    res.on('error', complete);
    next();
  };
}
