import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { BROWSER_ENDPOINTS } from '../app/backend/browser-endpoints';

/**
 * Prometheus metrics, served on their own port (METRICS_PORT), never on the public one.
 * Labels are route patterns and endpoint paths, never raw URLs, so their number stays bounded.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Duration of HTTP requests by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  const backendDuration = new Histogram({
    name: 'portal_backend_call_duration_seconds',
    help: 'Duration of journal backend calls made by loaders and actions, by endpoint and outcome',
    labelNames: ['endpoint', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [registry],
  });
  const backendFailures = new Counter({
    name: 'portal_backend_call_failures_total',
    help: 'Failed journal backend calls by endpoint and kind (network, timeout, upstream, schema)',
    labelNames: ['endpoint', 'kind'] as const,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: 'portal_page_cache_total',
    help: 'Anonymous page cache lookups by outcome (hit, stale, miss, bypass)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'portal_rate_limit_rejections_total',
    help: 'Requests refused by a rate limit, by limit name',
    labelNames: ['limit'] as const,
    registers: [registry],
  });
  const redisFallbacks = new Counter({
    name: 'portal_redis_fallbacks_total',
    help: 'Page-cache and rate-limit operations answered in process because Redis was unusable (REDIS_URL set)',
    labelNames: ['use'] as const,
    registers: [registry],
  });

  const ready = new Gauge({
    name: 'portal_ready',
    help: 'Whether the last readiness probe found the journal backend answering (1) or not (0)',
    registers: [registry],
  });

  /** Records each response's duration under the label `labelOf` gives its path. */
  function httpMiddleware(labelOf: (path: string) => string) {
    return (req: Request, res: Response, next: NextFunction) => {
      const end = httpDuration.startTimer();
      // The path as it came: inside a mounted handler (the /api proxy) Express shortens req.path.
      const route = labelOf(req.originalUrl.split('?')[0]!);
      res.on('finish', () => end({ route, method: req.method, status: statusClass(res.statusCode) }));
      next();
    };
  }

  /** Records a request answered without Express (a page-cache hit), as `httpMiddleware` would. */
  function observeRequest(route: string, method: string, statusCode: number, seconds: number) {
    httpDuration.observe({ route, method, status: statusClass(statusCode) }, seconds);
  }

  return {
    registry,
    httpMiddleware,
    observeRequest,
    observeBackend(endpoint: string, seconds: number, outcome: 'ok' | 'refused' | 'failed') {
      backendDuration.observe({ endpoint, outcome }, seconds);
    },
    observeReadiness(isReady: boolean) {
      ready.set(isReady ? 1 : 0);
    },
    countBackendFailure(endpoint: string, kind: string) {
      backendFailures.inc({ endpoint, kind });
    },
    countPageCache(outcome: string) {
      pageCache.inc({ outcome });
    },
    countRateLimited(limit: string) {
      rateLimited.inc({ limit });
    },
    countRedisFallback(use: string) {
      redisFallbacks.inc({ use });
    },
    /** Exposes `portal_redis_up` (1 or 0), only when Redis is configured: no false alarm without it. */
    observeRedis(isUp: () => boolean) {
      new Gauge({
        name: 'portal_redis_up',
        help: 'Whether Redis (REDIS_URL) is connected and answering: 0 means the page cache and rate limits are per process',
        registers: [registry],
        collect() {
          this.set(isUp() ? 1 : 0);
        },
      });
    },
  };
}

const BROWSER_ENDPOINT_PATHS = new Set<string>(Object.values(BROWSER_ENDPOINTS).map((endpoint) => endpoint.path));

export type PortalMetrics = ReturnType<typeof createMetrics>;

const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

/**
 * The label of a request: the pattern of the route it matched (declared routes, see
 * server/route-table.ts), the backend endpoint of a proxied call, or a fixed name.
 */
export function routeLabel(path: string, routePattern: (path: string) => string | undefined): string {
  if (path === '/healthz' || path === '/readyz') return path;
  if (path.startsWith('/assets/')) return '/assets/*';
  // A proxied call is labelled by its endpoint only when it is one the browser may make:
  // any other path under the proxy is refused, and one label for all of them keeps a
  // prober's made-up paths from growing the metrics without bound.
  if (path.startsWith('/api/') || path.startsWith('/manage/')) return BROWSER_ENDPOINT_PATHS.has(path) ? path : 'refused';
  const pattern = routePattern(path);
  // Unknown URLs and static files all fall to the catch-all route: one label for them.
  return pattern && pattern !== '/*' ? pattern : 'other';
}

/** The metrics endpoint for its own port: GET /metrics in the Prometheus text format. */
export function createMetricsServer(metrics: PortalMetrics) {
  return http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/metrics') {
      res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
      res.end(await metrics.registry.metrics());
      return;
    }
    res.writeHead(404).end();
  });
}
