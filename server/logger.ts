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

export function createHttpLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel(_req, res, error) {
      // 501 is the portal refusing a method it does not serve: the sender's doing, not ours.
      if (error || (res.statusCode >= 500 && res.statusCode !== 501)) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    serializers: {
      req(req: { id: string; method: string; url: string; raw?: IncomingMessage }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url) };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
    customSuccessMessage: (req, res) => `${req.method} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${res.statusCode}`,
    autoLogging: { ignore: (req) => req.url === '/healthz' },
  });
}
