import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

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
const SENSITIVE_PARAM = new RegExp(`^(${SENSITIVE_KEYS.join('|')})$`, 'i');

export function redactUrl(url: string): string {
  const index = url.indexOf('?');
  if (index === -1) return url;
  const params = new URLSearchParams(url.slice(index + 1));
  for (const key of [...params.keys()]) {
    if (SENSITIVE_PARAM.test(key)) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, index)}?${params.toString()}`;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'journal-portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          // `code` stays readable in structured fields: there it is the backend's business code.
          ...SENSITIVE_KEYS.filter((key) => key !== 'code').flatMap((key) => [key, `*.${key}`]),
        ],
        censor: '[REDACTED]',
      },
    },
    destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * A 5xx the portal answered on purpose (the backend is down, timed out...) has no error of
 * its own: pino-http makes one up, whose stack says nothing. Only a real error keeps its stack.
 */
function madeUpError(error: Error, res: ServerResponse): boolean {
  return error.message === `failed with status code ${res.statusCode}`;
}

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

/**
 * The line `createHttpLogger` writes for a request answered without Express (a page-cache
 * hit, server/cache-hit-lane.ts): the same fields, so a log reader sees one kind of line.
 */
export function logAnswered(
  logger: Logger,
  line: { reqId: string; method: string; url: string; route: string; statusCode: number; responseTime: number; clientGone: boolean },
) {
  if (!logger.isLevelEnabled('info')) return;
  const { reqId, method, url, route, statusCode, responseTime, clientGone } = line;
  const req = { method, url: redactUrl(url) };
  if (clientGone)
    logger.info({ reqId, req, route, res: { statusCode: null }, clientGone, responseTime }, `${method} client disconnected before the answer was complete`);
  else logger.info({ reqId, req, route, res: { statusCode }, responseTime }, `${method} ${statusCode}`);
}

/**
 * One line per request, with the route pattern (`route`, as the metrics label it) and the
 * request id (`reqId`, the one field name every line of the request carries).
 */
export function createHttpLogger(logger: Logger, routeOf: (path: string) => string = () => 'other') {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const id = requestIdFor(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // From the URL as it came: inside a mounted handler (the /api proxy) Express shortens req.url.
    customProps: (req) => ({ route: routeOf(requestPath(req)) }),
    customLogLevel(_req, res, error) {
      // Gone before the answer: nothing failed on our side.
      if (clientGone(res)) return 'info';
      // 501 is the portal refusing a method it does not serve: the sender's doing, not ours.
      if ((error && !madeUpError(error, res)) || (res.statusCode >= 500 && res.statusCode !== 501)) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    serializers: {
      req(req: { method: string; url: string }) {
        return { method: req.method, url: redactUrl(req.url) };
      },
      res(res: { statusCode: number; headersSent?: boolean }) {
        return { statusCode: res.statusCode };
      },
    },
    customErrorObject: (_req, res, error, fields) => (madeUpError(error, res) ? { ...fields, err: undefined } : fields),
    customSuccessObject: (_req, res, fields) =>
      clientGone(res) ? { ...fields, res: { statusCode: res.headersSent ? res.statusCode : null }, clientGone: true } : fields,
    customSuccessMessage: (req, res) =>
      clientGone(res) ? `${req.method} client disconnected before the answer was complete` : `${req.method} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${res.statusCode}`,
    autoLogging: { ignore: (req) => req.url === '/healthz' },
  });
}
