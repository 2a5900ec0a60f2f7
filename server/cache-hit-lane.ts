import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import type { Logger } from 'pino';
import { isPlainRead, recordLaneAnswer } from './lane-answer';
import { requestIdFor, requestPath } from './logger';
import type { PortalMetrics } from './metrics';
import { precompressed, type CachedPage } from './page-cache';

/**
 * The page-cache hit lane: a request for a public page that this process holds fresh is
 * answered here, before Express. A hit sends stored bytes, so what Express adds per request
 * (about twenty middleware calls, a header set at a time, compression's hooks) was most of
 * its cost (docs/decisions/0038-cache-hits-before-express.md). Everything else — stale or
 * missing pages, signed-in visitors, other routes, any request the portal would refuse —
 * goes to Express as before. A hit here carries the same headers, log line and metrics as
 * one answered through Express (server/cache-hit-lane.test.ts compares them).
 */

/** A GET or HEAD of a shared page: the key it is cached under and how it may be kept downstream. */
export interface SharedPageRequest {
  /** The absolute URL the page is rendered for and stored under. */
  url: string;
  /** The request named the page's query in the canonical way (a shared cache may keep it under the URL as sent). */
  canonical: boolean;
  /** The route answers the query as sent (never stored). */
  asSent: boolean;
}

export interface CacheHitLaneOptions {
  /** The shared page a request asks for; undefined when it is not one (the Express path decides the same way). */
  sharedPageOf(method: string, target: string, cookieHeader: string | undefined): SharedPageRequest | undefined;
  /** A fresh page held in this process, or undefined. */
  freshPage(url: string): CachedPage | undefined;
  /** The answer's own headers (stored ones, caching, encoding), as the Express path sends them. */
  answerHeaders(page: CachedPage, request: SharedPageRequest, outcome: 'hit', gzip: boolean): [string, string][];
  /** Headers every document carries (security headers). */
  documentHeaders: [string, string][];
  /** The metrics label of a path. */
  labelOf(path: string): string;
  /** True once the process is shutting down: answers then close their connection, which Express handles. */
  shuttingDown(): boolean;
  logger: Logger;
  metrics: PortalMetrics;
}

/** Whether the client takes a gzip answer, read as Express reads `Accept-Encoding` (negotiator). */
function acceptsGzip(req: IncomingMessage): boolean {
  return new Negotiator(req).encodings(['gzip'])[0] === 'gzip';
}

/** Returns the lane: a function that answers a request and says true, or leaves it alone and says false. */
export function createCacheHitLane(options: CacheHitLaneOptions) {
  const { logger, metrics } = options;
  /** Each stored page's header list, flattened for writeHead, per variant of the answer. */
  const headersOf = new WeakMap<CachedPage, Map<string, string[]>>();

  function flatHeaders(page: CachedPage, request: SharedPageRequest, gzip: boolean, bodyLength: number): string[] {
    const variant = `${request.canonical ? 1 : 0}${gzip ? 1 : 0}`;
    let variants = headersOf.get(page);
    if (!variants) headersOf.set(page, (variants = new Map()));
    let flat = variants.get(variant);
    if (!flat) {
      flat = [...options.documentHeaders, ...options.answerHeaders(page, request, 'hit', gzip), ['Content-Length', String(bodyLength)]].flat();
      variants.set(variant, flat);
    }
    return flat;
  }

  return function answerFromCache(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method ?? '';
    const target = req.url ?? '';
    if (!isPlainRead(req, options.shuttingDown())) return false;
    const request = options.sharedPageOf(method, target, req.headers.cookie);
    if (!request || request.asSent) return false;
    const page = options.freshPage(request.url);
    if (!page) return false;

    const started = performance.now();
    const requestId = requestIdFor(req);
    const gzip = acceptsGzip(req);
    const body = gzip ? precompressed(page) : page.body;
    res.writeHead(page.status, [...flatHeaders(page, request, gzip, body.length), 'X-Request-Id', requestId]);
    res.end(method === 'HEAD' ? undefined : body);
    metrics.countPageCache('hit');
    const route = options.labelOf(requestPath(req));
    recordLaneAnswer(res, { logger, metrics, requestId, method, url: target, route, started });
    return true;
  };
}
