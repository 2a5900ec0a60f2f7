import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { withCauses } from '../app/lib/error-causes.server';
import { isBrowserEndpoint } from '../app/backend/browser-endpoints';
import { endsSession, sessionEndedEnvelope } from '../app/backend/session-end';
import { sameOrigin } from '../app/lib/same-origin';
import { createKeyedTtlCache } from '../app/lib/ttl-cache.server';
import { FILE_RECORD_PATH, fileHeaders, fileRecordSchema, fileRequestOf, type FileRecord, type FileRequest } from './file-downloads';
import { SESSION_COOKIE, readCookie, serializeClearedSessionCookie, unsealSession } from '../app/session/cookie.server';

/**
 * The BFF proxy: `/api/*` and `/manage/*` go to the journal backend with the session's
 * token as `Authorization`. Bodies stream both ways; JSON answers (small) are read once
 * so an envelope code 403 can clear the session, as the product asks (docs/product.md#session).
 */

export const PROXIED_PREFIXES = ['/api/', '/manage/'] as const;

export interface ProxyOptions {
  target: string;
  timeoutMs: number;
  sessionSecrets: string[];
  secureCookies: boolean;
  /** Host of the portal's public origin (PUBLIC_URL), told to the backend; never the request's Host. */
  publicHost: string;
  /** Largest request body forwarded (uploads); larger ones get 413. */
  maxBodyBytes: number;
  logger: Logger;
  /** The clock of the public file records kept (tests move it). */
  now?: () => number;
}

/**
 * How long the record of a public file (a published article's PDF, a template) is reused
 * without asking the backend again: the record is named by the file's content hash, so only
 * whether the file is still public can change, and a file withdrawn from the public is then
 * served for at most this long (the public lists are reused as long, decision 0008).
 */
const PUBLIC_FILE_RECORD_TTL_MS = 30_000;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** Never forwarded upstream: the browser's cookies and credentials are the portal's business. */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'cookie',
  'authorization',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'forwarded',
]);
/** Never passed back to the browser: the backend does not set cookies on the portal's origin. */
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie']);
/** What the portal decides for a file, whatever the backend said (server/file-downloads.ts). */
const FILE_RESPONSE_HEADERS = ['content-type', 'content-disposition', 'x-content-type-options', 'content-security-policy'];
const MAX_INSPECTED_JSON_BYTES = 2 * 1024 * 1024;

function envelope(code: number, message: string) {
  return JSON.stringify({ code, success: false, message, entity: null });
}

/** An answer of the proxy's own (an error envelope): written the same way in front of Express and behind it. */
function sendJson(res: ServerResponse, status: number, body: string, extraHeaders: Record<string, string> = {}) {
  const bytes = Buffer.from(body, 'utf8');
  // Set before writeHead, where Express's hooks (clearing the browser's cache on a cleared session) read them.
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(bytes.length) });
  res.end(bytes);
}

/** Who is asking, as the backend is told: the session's token, the request id, and the client the gateway saw. */
export interface Caller {
  token: string | null;
  requestId: string;
  clientIp: string;
  protocol: string;
}

/** A read of a public file whose record the proxy holds: forwarded with no lookup (server/public-file-lane.ts). */
export interface HeldPublicFile {
  path: string;
  forwardPath: string;
  fileHeaders: Record<string, string>;
}

/**
 * Returns the path+query to forward, or null when the request target is not a plain
 * path under a proxied prefix. A backend path is letters, digits, `_`, `-` and single
 * slashes, nothing else: no percent-encoding, dots, `;` parameters, backslashes or
 * control characters, so the path checked is the path the backend routes (a Java
 * backend would read `;jsessionid`, `..;` and encoded separators its own way).
 */
export function normaliseProxyTarget(rawUrl: string): string | null {
  const queryIndex = rawUrl.indexOf('?');
  const path = queryIndex === -1 ? rawUrl : rawUrl.slice(0, queryIndex);
  const query = queryIndex === -1 ? '' : rawUrl.slice(queryIndex);
  if (!/^(\/[A-Za-z0-9_-]+)+$/.test(path)) return null;
  if (!PROXIED_PREFIXES.some((prefix) => path.startsWith(prefix))) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(query)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(safeDecode(query))) return null;
  return path + query;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A state-changing request sent from another site (CSRF) is refused. */
export function isCrossSiteWrite(req: Request): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = req.get('origin');
  // Whole origins are compared, scheme included: http://portal is not https://portal.
  if (origin) return !sameOrigin(origin, `${req.protocol}://${req.get('host') ?? ''}`);
  return false;
}

/** Requests that may go on a pooled connection and be sent again if it turns out closed. */
const POOLED_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request went out on a pooled connection the backend had already closed: nothing reached it. */
function closedWhileIdle(request: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

export function createProxy(options: ProxyOptions) {
  const target = new URL(options.target);
  const transport = target.protocol === 'https:' ? https : http;
  // Keep-alive pool: without it every proxied call pays a TCP handshake and the proxy collapses under load.
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' });
  // Only reads (GET, HEAD, OPTIONS without a body) take the pool; anything else (an upload, a
  // form) goes on a new connection. A pooled one may have been closed by the backend at its
  // keep-alive timeout a moment before (Node's agent retires idle sockets a second earlier,
  // but a saturated event loop can be later than that): a read is then simply sent again, but
  // a streamed body cannot be, and a write must not be repeated. Seen under `npm run load`:
  // a few uploads in 4,000 requests answered 502 ("write EPIPE") with the backend healthy.
  const freshConnections = new transport.Agent({ keepAlive: false, maxSockets: 256 });
  const basePath = target.pathname.replace(/\/+$/, '');
  const clearCookie = serializeClearedSessionCookie({ secure: options.secureCookies });
  // Public records only: anyone may read those files. Others are asked for with the caller's token every time.
  const publicFileRecords = createKeyedTtlCache<FileRecord>(1000, options.now);

  /** Builds the headers sent to the backend: the request's own, less what is the portal's business, and who is asking. */
  function forwardedHeaders(req: IncomingMessage, caller: Caller): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && !DROPPED_REQUEST_HEADERS.has(name) && value !== undefined) headers[name] = value;
    }
    if (caller.token) headers.authorization = caller.token;
    if (caller.requestId) headers['x-request-id'] = caller.requestId;
    headers['x-forwarded-for'] = caller.clientIp;
    headers['x-forwarded-proto'] = caller.protocol;
    headers['x-forwarded-host'] = options.publicHost;
    headers.host = target.host;
    return headers;
  }

  function handler(req: Request, res: Response) {
    // The request's own logger is made only when a line is written.
    const log = () => (req as unknown as { log?: Logger }).log ?? options.logger;
    const path = normaliseProxyTarget(req.originalUrl);
    if (!path) {
      sendJson(res, 400, envelope(400, '请求路径不合法'));
      return;
    }
    // Only the calls the browser itself makes, exactly as declared (app/backend/browser-endpoints.ts).
    if (!isBrowserEndpoint(req.method, path.split('?')[0]!)) {
      sendJson(res, 404, envelope(404, '接口不存在'));
      return;
    }
    if (isCrossSiteWrite(req)) {
      sendJson(res, 403, envelope(403, '禁止跨站请求'));
      return;
    }
    const declaredLength = Number(req.get('content-length') ?? 0);
    if (declaredLength > options.maxBodyBytes) {
      sendJson(res, 413, envelope(413, `请求内容过大，最大允许 ${Math.floor(options.maxBodyBytes / 1024 / 1024)} MB`), { Connection: 'close' });
      req.resume();
      return;
    }

    const sealed = readCookie(req.headers.cookie, SESSION_COOKIE);
    const session = sealed ? unsealSession(sealed, options.sessionSecrets) : null;
    const requestId = String(res.getHeader('X-Request-Id') ?? '');
    const headers = forwardedHeaders(req, {
      token: session?.token ?? null,
      requestId,
      clientIp: req.ip ?? req.socket.remoteAddress ?? '',
      protocol: req.protocol,
    });

    const forward = (forwardPath: string, fileOverrides: Record<string, string> | null) => forwardTo(req, res, log, headers, path, forwardPath, fileOverrides);
    // A file: the backend's record says whether this caller may have it, its name and type.
    const file = fileRequestOf(path);
    if (!file) return forward(path, null);
    const notFound = () => sendJson(res, 404, envelope(404, '文件不存在或已被删除'));
    if (!file.hash) return notFound();
    const held = heldFileHeaders(file);
    if (held) return forward(file.forward, held);
    lookUpFile(file.hash, session?.token ?? null, requestId).then(
      (record) => (record ? forward(file.forward, fileHeaders(record, file.inline)) : notFound()),
      (error: Error) => {
        log().error({ proxy: path, error: error.message }, 'journal backend file record failed');
        if (!res.headersSent) sendJson(res, 502, envelope(502, '服务暂时不可用，请稍后再试'));
      },
    );

    /** The file's record from the backend, asked with the caller's token; null when it has none for this caller. */
    async function lookUpFile(hash: string, token: string | null, id: string): Promise<FileRecord | null> {
      const body = (await postJson(FILE_RECORD_PATH, { hash }, { ...(token ? { authorization: token } : {}), ...(id ? { 'x-request-id': id } : {}) })) as {
        success?: unknown;
        entity?: unknown;
      } | null;
      if (!body || body.success !== true) return null;
      const record = fileRecordSchema.safeParse(body.entity);
      if (!record.success || record.data.hash !== hash) return null;
      if (record.data.public) publicFileRecords.set(hash, record.data, PUBLIC_FILE_RECORD_TTL_MS);
      return record.data;
    }
  }

  /**
   * A small JSON call of the portal's own (through the same connection pool); null when the
   * answer is not JSON. A pooled connection the backend closed while idle is tried once more.
   */
  function postJson(path: string, payload: unknown, headers: http.OutgoingHttpHeaders, retried = false): Promise<unknown> {
    const body = JSON.stringify(payload);
    return new Promise((resolve, reject) => {
      const call = transport.request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: 'POST',
          path: basePath + path,
          headers: { ...headers, host: target.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          agent,
          timeout: options.timeoutMs,
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > 64 * 1024) return call.destroy(new Error('file record too large'));
            chunks.push(chunk);
          });
          answer.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch {
              resolve(null);
            }
          });
          answer.on('error', reject);
        },
      );
      call.on('timeout', () => call.destroy(new Error('upstream timeout')));
      call.on('error', (error: NodeJS.ErrnoException) => {
        if (!retried && closedWhileIdle(call, error)) resolve(postJson(path, payload, headers, true));
        else reject(error);
      });
      call.end(body);
    });
  }

  /** Sends the request on to the backend as `forwardPath`, streaming both ways; `fileOverrides` replace the answer's file headers. */
  function forwardTo(
    req: IncomingMessage,
    res: ServerResponse,
    log: () => Logger,
    headers: http.OutgoingHttpHeaders,
    path: string,
    forwardPath: string,
    fileOverrides: Record<string, string> | null,
    retried = false,
  ) {
    let finished = false;
    const read = POOLED_METHODS.has(req.method ?? '') && !req.headers['transfer-encoding'] && !(Number(req.headers['content-length']) > 0);
    const upstream = transport.request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: basePath + forwardPath,
      headers,
      agent: read ? agent : freshConnections,
    });

    // Time allowed for the backend to start answering, counted once the request body has
    // been sent (a 50 MB upload may take longer than that to send).
    let timer: NodeJS.Timeout | undefined;
    const timedOut = () => {
      if (finished) return;
      log().error({ proxy: path, timeoutMs: options.timeoutMs }, 'journal backend timed out');
      upstream.destroy(new Error('upstream timeout'));
      if (!res.headersSent) sendJson(res, 504, envelope(504, '服务响应超时，请稍后再试'));
    };
    upstream.on('finish', () => {
      timer = setTimeout(timedOut, options.timeoutMs);
    });
    // While the body is still being sent, a connection that stays silent that long is dead.
    upstream.setTimeout(options.timeoutMs, timedOut);

    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > options.maxBodyBytes && !res.headersSent) {
        finished = true;
        clearTimeout(timer);
        upstream.destroy();
        sendJson(res, 413, envelope(413, '请求内容过大'), { Connection: 'close' });
        req.unpipe(upstream);
        req.resume();
      }
    });
    if (read) upstream.end();
    else req.pipe(upstream);
    // The client went away (closed the page, aborted an upload): the backend call is cancelled.
    const cancel = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      log().info({ proxy: path, receivedBytes: received }, 'the client went away: backend call cancelled');
      upstream.destroy();
    };
    req.on('aborted', cancel);
    res.on('close', () => {
      if (!res.writableFinished) cancel();
    });

    upstream.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (finished) return;
      finished = true;
      if (read && !retried && !res.headersSent && closedWhileIdle(upstream, error)) {
        forwardTo(req, res, log, headers, path, forwardPath, fileOverrides, true);
        return;
      }
      if (res.headersSent) {
        // Mid-stream failure (e.g. a reset during a download): end the response uncleanly so the client sees an aborted transfer.
        log().error({ proxy: path, error: withCauses(error) }, 'journal backend failed mid-response');
        res.destroy(error);
        return;
      }
      log().error({ proxy: path, error: withCauses(error) }, 'journal backend unreachable');
      sendJson(res, 502, envelope(502, '服务暂时不可用，请稍后再试'));
    });

    upstream.on('response', (upstreamRes) => {
      clearTimeout(timer);
      const status = upstreamRes.statusCode ?? 502;
      const responseHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(upstreamRes.headers)) {
        if (!HOP_BY_HOP.has(name) && !DROPPED_RESPONSE_HEADERS.has(name) && value !== undefined) responseHeaders[name] = value;
      }
      if (fileOverrides && status >= 200 && status < 300) {
        for (const name of FILE_RESPONSE_HEADERS) delete responseHeaders[name];
        Object.assign(responseHeaders, fileOverrides);
      }

      const sessionExpired = () => {
        finished = true;
        upstreamRes.resume();
        log().warn({ proxy: path }, 'journal backend answered 403: session cleared');
        sendJson(res, 403, sessionEndedEnvelope(), { 'Set-Cookie': clearCookie });
      };
      if (endsSession(status)) return sessionExpired();

      const contentType = String(upstreamRes.headers['content-type'] ?? '');
      const length = Number(upstreamRes.headers['content-length'] ?? -1);
      const inspect = contentType.includes('json') && length <= MAX_INSPECTED_JSON_BYTES;
      if (!inspect) {
        res.writeHead(status, responseHeaders);
        upstreamRes.pipe(res);
        upstreamRes.on('end', () => (finished = true));
        upstreamRes.on('aborted', () => res.destroy());
        return;
      }

      const chunks: Buffer[] = [];
      let size = 0;
      upstreamRes.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
        if (size > MAX_INSPECTED_JSON_BYTES) {
          // Too large to inspect: switch to streaming what is left.
          upstreamRes.removeAllListeners('data');
          upstreamRes.removeAllListeners('end');
          delete responseHeaders['content-length'];
          res.writeHead(status, responseHeaders);
          res.write(Buffer.concat(chunks));
          upstreamRes.pipe(res);
        }
      });
      upstreamRes.on('end', () => {
        if (finished) return;
        finished = true;
        const body = Buffer.concat(chunks);
        if (body.length < 4096 && /"code"\s*:\s*403\b/.test(body.toString('utf8'))) {
          try {
            if (endsSession(status, (JSON.parse(body.toString('utf8')) as { code?: unknown }).code)) return sessionExpired();
          } catch {
            // Not JSON after all: pass it through.
          }
        }
        responseHeaders['content-length'] = String(body.length);
        res.writeHead(status, responseHeaders);
        res.end(body);
      });
      upstreamRes.on('aborted', () => res.destroy());
    });
  }

  /** A file's headers from its public record when one is held (no lookup needed), else null. */
  function heldFileHeaders(file: FileRequest): Record<string, string> | null {
    const record = publicFileRecords.peek(file.hash);
    return record ? fileHeaders(record, file.inline) : null;
  }

  /** The forward of a read of a public file whose record is held, or null: anything else needs the handler. */
  function heldPublicFileOf(method: string, requestTarget: string): HeldPublicFile | null {
    const path = normaliseProxyTarget(requestTarget);
    const file = path ? fileRequestOf(path) : null;
    if (!path || !file?.hash || !isBrowserEndpoint(method, path.split('?')[0]!)) return null;
    const held = heldFileHeaders(file);
    return held ? { path, forwardPath: file.forward, fileHeaders: held } : null;
  }

  /** Forwards a held public file's read for a caller without a session, as the handler would. */
  function forwardHeldPublicFile(req: IncomingMessage, res: ServerResponse, held: HeldPublicFile, caller: Omit<Caller, 'token'>, log: () => Logger) {
    forwardTo(req, res, log, forwardedHeaders(req, { ...caller, token: null }), held.path, held.forwardPath, held.fileHeaders);
  }

  return { handler, heldPublicFileOf, forwardHeldPublicFile, close: () => agent.destroy() };
}
