import type { RequestListener } from 'node:http';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { randomUUID } from 'node:crypto';
import { createRequestHandler as createFetchRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { PortalLoadContext } from '../app/load-context';
import { rateLimitAddress } from '../app/lib/client-address';
import { countingRejections, createMemoryRateLimiter, type RateLimiter } from '../app/lib/rate-limit.server';
import type { PortalConfig } from './config';
import { SESSION_COOKIE } from '../app/session/cookie.server';
import { bodyLimit } from './body-limit';
import { PRIVATE_CACHE_CONTROL, hasPersonalCookie, publicCacheControl, sharedQuery } from './cache-policy';
import { createHttpLogger } from './logger';
import { createMetrics, routeLabel, type PortalMetrics } from './metrics';
import { hashMarkedInlineElements } from './inline-hashes';
import { MemoryPageStore, createPageCache, precompressed, type CachedPage, type PageStore } from './page-cache';
import { PROXIED_PREFIXES, createProxy } from './proxy';
import { PUBLIC_FILE_ROBOTS } from '../app/lib/pdf';
import { createReadinessProbe } from './readiness';
import { requestShape } from './request-shape';
import { createRouteTable, pagePath, type RouteTable } from './route-table';
import { apiSecurityHeaderList, apiSecurityHeaders, contentSecurityPolicy, cspNonce, documentSecurityHeaders, newNonce, securityHeaders } from './security';
import { createAssetLane } from './asset-lane';
import { createCacheHitLane, type SharedPageRequest } from './cache-hit-lane';
import { createPublicFileLane } from './public-file-lane';

export interface PortalAppOptions {
  config: PortalConfig;
  logger: Logger;
  /** Base URL of the journal backend in use (the configured one or the sandbox). */
  journalApiUrl: string;
  /** The React Router server build, or a function that loads it per request (dev). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (`build/client`); absent in dev, where Vite serves assets. */
  clientDir?: string;
  /** Dev only: Vite's connect middleware. */
  devMiddleware?: express.RequestHandler;
  maxUploadBytes?: number;
  /** Prometheus metrics (default: a fresh registry, not served). */
  metrics?: PortalMetrics;
  /** Store of the anonymous page cache (default: in process, per config). */
  pageStore?: PageStore;
  /** Rate limits of the sign-in forms (default: in process). */
  rateLimiter?: RateLimiter;
  /** The proxy's clock, for its public file records (tests move it; default Date.now). */
  now?: () => number;
}

/**
 * Anonymous pages may be kept by the browser (stale-while-revalidate): when a response
 * signs someone in or out, the browser's cache of this site is cleared, so no page from
 * before shows the wrong header afterwards.
 */
function clearBrowserCacheOnSessionChange(_req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    const cookies = [res.getHeader('set-cookie') ?? []].flat().map(String);
    if (cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))) res.setHeader('Clear-Site-Data', '"cache"');
    return writeHead.apply(this, args);
  } as Response['writeHead'];
  next();
}

/** Whether a URL path percent-decodes (a broken escape such as `%zz` does not). */
function decodes(urlPath: string): boolean {
  try {
    decodeURIComponent(urlPath);
    return true;
  } catch {
    return false;
  }
}

/** A request target's path and its query (undefined without a `?`). */
function splitQuery(target: string): [string, string | undefined] {
  const at = target.indexOf('?');
  return at === -1 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

export function createPortalApp(options: PortalAppOptions) {
  const { config, logger, journalApiUrl } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const metrics = options.metrics ?? createMetrics();
  // Set on SIGTERM: answers close their connection and readiness fails, so the gateway
  // stops sending traffic while in-flight requests finish.
  let shuttingDown = false;
  app.use((_req, res, next) => {
    if (shuttingDown) res.setHeader('Connection', 'close');
    next();
  });
  // Each route's policy (cache, uploads, robots, metrics label), declared in its module.
  const routeTables = new WeakMap<ServerBuild, RouteTable>();
  const tableOf = (build: ServerBuild) => routeTables.get(build) ?? routeTables.set(build, createRouteTable(build)).get(build)!;
  let routeTable: RouteTable | undefined = typeof options.build === 'function' ? undefined : tableOf(options.build);
  /** The route of a path; undefined (treated as private) when no route declares one. */
  const routeOf = (path: string) => routeTable?.resolve(pagePath(path));

  const labelOf = (path: string) => routeLabel(path, (page) => routeOf(page)?.pattern);
  app.use(createHttpLogger(logger, labelOf));
  app.use(metrics.httpMiddleware(labelOf));
  app.use(clearBrowserCacheOnSessionChange);
  app.use(requestShape);

  // Ops endpoints answer before anything else touches the request.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  // Ready or not, nothing more: the backend's state and latency go to the logs and metrics.
  // Redis is never required: without it the portal serves from each process.
  const readiness = createReadinessProbe(journalApiUrl, {
    onChange: (result) => {
      metrics.observeReadiness(result.ready);
      if (result.ready) logger.info({ backend: result.backend, latencyMs: result.latencyMs }, 'ready: the journal backend answers');
      else logger.warn({ backend: result.backend, reason: result.reason }, 'not ready: the journal backend does not answer');
    },
  });
  app.get('/readyz', async (_req, res) => {
    const ready = !shuttingDown && (await readiness()).ready;
    res
      .set('Cache-Control', 'no-store')
      .status(ready ? 200 : 503)
      .json({ ready });
  });

  const proxy = createProxy({
    target: journalApiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    sessionSecrets: config.sessionSecrets,
    secureCookies: config.secureCookies,
    maxBodyBytes: options.maxUploadBytes ?? config.maxUploadBytes,
    publicHost: new URL(config.publicOrigin).host,
    logger,
    now: options.now,
  });
  // Before compression and any body parser: proxied bodies stream untouched. API answers
  // are JSON or files, never documents: they need no CSP nonce, only the static headers.
  app.use(['/api', '/manage'], apiSecurityHeaders(config.isProduction), proxy.handler);

  if (typeof options.build === 'function') {
    // Development: the build Vite serves may change between requests.
    const loadBuild = options.build;
    app.use((_req, _res, next) => {
      loadBuild()
        .then(
          (build) => (routeTable = tableOf(build)),
          () => undefined,
        )
        .finally(() => next());
    });
  }

  app.use(cspNonce);
  // WeChat login: the sign-in form's POST is answered with a redirect to WeChat's consent page.
  const cspOptions = { imageHosts: [], formTargets: [config.wechatAuthorizeOrigin ?? new URL(journalApiUrl).origin] };
  app.use(securityHeaders({ isProduction: config.isProduction, ...cspOptions }));

  app.use(compression());
  app.use(bodyLimit({ formBytes: 1024 * 1024, uploadBytes: config.maxUploadBytes, isUpload: (path) => routeOf(path)?.policy.upload === true }));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDir) {
    // Fingerprinted assets never change: cache them for a year. The build wrote a Brotli and
    // a gzip copy of each (scripts/precompress-assets.mjs): one is sent as it is, so a new
    // visitor costs no compression here; compression() leaves an encoded answer alone.
    const assets = expressStaticGzip(path.join(options.clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '1y', index: false },
    });
    // A path that does not decode is no asset: the 404 page answers it, as for any other.
    app.use('/assets', (req, res, next) => (decodes(req.path) ? assets(req, res, next) : next()));
    // Other public files (favicon…): only paths that look like files reach the disk.
    const publicFiles = express.static(options.clientDir, { maxAge: '1h', index: false, redirect: false });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith('.data') ? publicFiles(req, res, next) : next()));
  }

  const runtime: PortalLoadContext['runtime'] = {
    journalApiUrl,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    sessionSecrets: config.sessionSecrets,
    secureCookies: config.secureCookies,
    isProduction: config.isProduction,
    publicOrigin: config.publicOrigin,
    robots: () => ({ allow: PUBLIC_FILE_ROBOTS.allow, disallow: [...(routeTable?.disallowed ?? []), ...PROXIED_PREFIXES, ...PUBLIC_FILE_ROBOTS.disallow] }),
    rateLimiter: countingRejections(options.rateLimiter ?? createMemoryRateLimiter(), (limit) => metrics.countRateLimited(limit)),
    backendMetrics: {
      call: (endpoint, seconds, outcome) => metrics.observeBackend(endpoint, seconds, outcome),
      failure: (endpoint, kind) => metrics.countBackendFailure(endpoint, kind),
    },
  };

  const loadContext = (req: Request, res: Response, nonce: string, requestId: string): AppLoadContext => ({
    cspNonce: nonce,
    requestId,
    clientIp: req.ip ?? '',
    clientNetwork: rateLimitAddress(req.ip ?? ''),
    // The request's own logger is made only when a loader or the renderer writes a line.
    get logger() {
      return (req as unknown as { log?: Logger }).log ?? logger;
    },
    runtime,
  });

  // Pages for signed-in users, personal pages and every non-GET: streamed, never shared.
  const streamingHandler = createRequestHandler({
    build: options.build,
    mode: config.isProduction ? 'production' : 'development',
    getLoadContext: (req, res) => loadContext(req, res, res.locals.cspNonce as string, String(res.getHeader('X-Request-Id') ?? '')),
  });

  // Anonymous public pages: rendered whole, shareable by the gateway, cached in process.
  const fetchHandler = createFetchRequestHandler(options.build, config.isProduction ? 'production' : 'development');
  const publicPolicy = publicCacheControl(config.cacheHeaders);

  /**
   * Renders a public page for nobody in particular: no cookies, no client address. The
   * cache key is the absolute URL, so the same render serves every visitor (and a
   * background refresh needs no request of its own). The page carries no nonce: its
   * inline scripts are allowed by their hashes, in the CSP header stored beside it.
   */
  async function renderPublic(url: string, requestId: string): Promise<Omit<CachedPage, 'storedAt'>> {
    const marker = newNonce();
    const context: AppLoadContext = {
      cspNonce: marker,
      requestId,
      clientIp: '',
      clientNetwork: '',
      logger: logger.child({ reqId: requestId }),
      runtime,
      wholeDocument: true,
    };
    const response = await fetchHandler(new Request(url), context);
    const rendered = Buffer.from(await response.arrayBuffer());
    const isDocument = (response.headers.get('content-type') ?? '').startsWith('text/html');
    const { html, sources } = isDocument
      ? hashMarkedInlineElements(rendered.toString('utf8'), marker)
      : { html: undefined, sources: { scripts: [], styles: [] } };
    const headers = [...response.headers.entries()].filter(
      ([name]) => name !== 'content-length' && name !== 'content-encoding' && name !== 'content-security-policy',
    );
    headers.push(['content-security-policy', contentSecurityPolicy(cspOptions, sources)]);
    // An answer that sets a cookie or says it is private is passed on but never stored or shared.
    const personal = response.headers.has('set-cookie') || /private|no-store/.test(response.headers.get('cache-control') ?? '');
    return { status: response.status, headers, body: html === undefined ? rendered : Buffer.from(html, 'utf8'), shareable: !personal };
  }

  const pageStore = options.pageStore ?? new MemoryPageStore(config.pageCache.maxEntries, config.pageCache.maxBytes);
  // The in-process store hands back the same page on every hit, so its gzip is made once;
  // a shared store decodes a new copy per hit, which compression() handles off the main thread.
  const gzipOnce = pageStore instanceof MemoryPageStore;
  const pageCache = createPageCache({
    store: pageStore,
    freshMs: config.cacheHeaders.sMaxAge * 1000,
    staleMs: config.cacheHeaders.staleWhileRevalidate * 1000,
    render: (url, requestId) => renderPublic(url, requestId || randomUUID()),
    onRefreshError: (url, error) => logger.error({ err: error, url }, 'page cache refresh failed'),
  });

  /**
   * A GET or HEAD of a shared page: its cache key and how a shared cache may keep the answer;
   * undefined for anything else (signed-in visitors, private routes, other methods).
   */
  function sharedPageOf(method: string, target: string, cookieHeader: string | undefined): SharedPageRequest | undefined {
    if ((method !== 'GET' && method !== 'HEAD') || hasPersonalCookie(cookieHeader)) return undefined;
    const [pathPart, rawQuery] = splitQuery(target);
    const route = routeOf(pathPart);
    if (route?.policy.cache !== 'public') return undefined;
    const { query, canonical, dropped } = sharedQuery(pathPart, rawQuery, route.policy.query ?? []);
    // A route that answers parameters it does not know itself (OAI-PMH's badArgument)
    // sees the request as sent; that answer is never stored.
    const asSent = dropped && route.policy.answersUnknownQuery === true;
    // Keyed by the public origin: a forged Host neither poisons nor splits the cache.
    return { url: `${config.publicOrigin}${asSent ? target : `${pathPart}${query ? `?${query}` : ''}`}`, canonical, asSent };
  }

  /** The headers of a shared page's answer: those stored with it (its CSP among them), its caching and its encoding. */
  function answerHeaders(page: CachedPage, request: SharedPageRequest, outcome: string, gzip: boolean): [string, string][] {
    const headers: [string, string][] = [...page.headers];
    if (page.status !== 200 || !page.shareable) headers.push(['Cache-Control', page.shareable ? 'no-store' : PRIVATE_CACHE_CONTROL]);
    // Served from the entry of its canonical URL, but under another: a shared cache keyed
    // by the URL as sent (the gateway) must not keep a copy of its own.
    else if (request.asSent || !request.canonical) headers.push(['Cache-Control', 'private, max-age=0']);
    else if (!page.headers.some(([name]) => name === 'cache-control')) headers.push(['Cache-Control', publicPolicy]);
    headers.push(['X-Cache', outcome.toUpperCase()], ['Vary', 'Accept-Encoding']);
    if (gzip) headers.push(['Content-Encoding', 'gzip']);
    return headers;
  }

  // Every other request (app.use, not a route pattern: a path whose percent-encoding is
  // broken, like `/news/%`, must reach React Router's 404 rather than fail to decode here).
  app.use(async (req, res, next) => {
    const request = sharedPageOf(req.method, req.originalUrl, req.headers.cookie);
    if (!request) {
      res.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
      return streamingHandler(req, res, next);
    }
    try {
      const requestId = String(res.getHeader('X-Request-Id') ?? '');
      const { page, outcome } =
        config.pageCache.enabled && !request.asSent
          ? await pageCache.get(request.url, requestId)
          : { page: { ...(await renderPublic(request.url, requestId)), storedAt: Date.now() }, outcome: 'bypass' };
      metrics.countPageCache(outcome);
      // A body that is the same for every visitor is sent as it was gzipped on its first hit
      // (compression() leaves an answer that already has a Content-Encoding alone).
      const gzip = gzipOnce && outcome !== 'bypass' && req.acceptsEncodings('gzip') ? precompressed(page) : undefined;
      res.status(page.status);
      for (const [name, value] of answerHeaders(page, request, outcome, gzip !== undefined)) {
        // The stored CSP names the hashes of this body's scripts: it replaces the per-response one.
        if (name === 'content-security-policy' || name === 'Cache-Control') res.setHeader(name, value);
        else res.append(name, value);
      }
      const body = gzip ?? page.body;
      res.setHeader('Content-Length', String(body.length));
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      next(error);
    }
  });

  // Last resort: something outside React Router failed. Never a stack trace.
  app.use((error: Error, req: Request, res: Response, _next: NextFunction) => {
    const requestId = String(res.getHeader('X-Request-Id') ?? '');
    const log = (req as unknown as { log?: Logger }).log ?? logger;
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500 && !res.headersSent) {
      // A request the framework could not read (e.g. malformed percent-encoding): the client's fault.
      log.warn({ error: error.message, url: req.path }, 'bad request');
      return void res.status(status).type('text/plain; charset=utf-8').send(`请求无效（请求编号 ${requestId}）`);
    }
    log.error({ err: error, url: req.path }, 'unhandled error');
    if (res.headersSent) return res.destroy();
    res.status(500).type('text/plain; charset=utf-8').send(`哎呀，出问题，请稍后再试（请求编号 ${requestId}）`);
  });

  // Fresh cache hits of the in-process store are answered before Express (server/cache-hit-lane.ts).
  const answerFromCache = gzipOnce
    ? createCacheHitLane({
        sharedPageOf,
        freshPage: (url) => (config.pageCache.enabled ? pageCache.freshPage(url) : undefined),
        answerHeaders,
        documentHeaders: documentSecurityHeaders(config),
        labelOf,
        shuttingDown: () => shuttingDown,
        logger,
        metrics,
      })
    : () => false;

  // The build's scripts and style sheets are answered before Express too (server/asset-lane.ts).
  const answerAsset =
    options.clientDir && !options.devMiddleware
      ? createAssetLane({
          assetsDir: path.join(options.clientDir, 'assets'),
          securityHeaders: documentSecurityHeaders(config),
          labelOf,
          shuttingDown: () => shuttingDown,
          logger,
          metrics,
        })
      : () => false;

  // A reader's download of a public file whose record is held is forwarded before Express too (server/public-file-lane.ts).
  const answerPublicFile = createPublicFileLane({
    proxy,
    securityHeaders: apiSecurityHeaderList(config.isProduction),
    trust: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    labelOf,
    shuttingDown: () => shuttingDown,
    logger,
    metrics,
  });

  return {
    app,
    /** The portal's request listener: one of the build's assets, a held public file, a fresh cache hit, or the Express app. */
    listener: ((req, res) => {
      if (!answerAsset(req, res) && !answerPublicFile(req, res) && !answerFromCache(req, res)) app(req, res);
    }) as RequestListener,
    metrics,
    beginShutdown: () => {
      shuttingDown = true;
    },
    close: () => proxy.close(),
  };
}
