import http from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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

  /** Records each response's duration under its route pattern. */
  function httpMiddleware(req: Request, res: Response, next: NextFunction) {
    const end = httpDuration.startTimer();
    res.on('finish', () => end({ route: routePattern(req.path), method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` }));
    next();
  }

  return {
    registry,
    httpMiddleware,
    observeBackend(endpoint: string, seconds: number, outcome: 'ok' | 'refused' | 'failed') {
      backendDuration.observe({ endpoint, outcome }, seconds);
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

export type PortalMetrics = ReturnType<typeof createMetrics>;

/** Patterns of the portal's URLs: ids and file names become placeholders. */
const PATTERNS: [RegExp, string][] = [
  [/^\/assets\/.*$/, '/assets/*'],
  [/^\/(api|manage)\/([^/]+)\/([^/?]+)(\/[^/?]+)?/, '/$1/$2/$3$4'],
  [/^\/journal\/\d+$/, '/journal/:id'],
  [/^\/expertAuthor\/\d+$/, '/expertAuthor/:id'],
  [/^\/editorialBoard\/\d+$/, '/editorialBoard/:id'],
  [/^\/news\/\d+$/, '/news/:id'],
  [/^\/sitemap\/\d+\.xml$/, '/sitemap/:n.xml'],
  [/^\/personal\/.+/, '/personal/*'],
];
const KNOWN = /^\/(|journal|journal\/detail|journal\/detail\/cite|search|expertAuthor|editorialBoard|aboutUs|news|login|logout|upload|upload\/confirm|upload\/result|updatePaperInfo|findAccount|frequentlyAskedQuestion|userGuide|userAgreement|privacyAgreement|distinguish|health|system|openAccess|theme\/detail|theme\/detail-new|personal|healthz|readyz|sitemap\.xml|robots\.txt|rss\/news\.xml|rss\/articles\.xml|qrcode\.svg|favicon\.svg)$/;

export function routePattern(path: string): string {
  const clean = path.replace(/\.data$/, '');
  for (const [pattern, replacement] of PATTERNS) if (pattern.test(clean)) return clean.replace(pattern, replacement).slice(0, 120);
  return KNOWN.test(clean) ? clean || '/' : 'other';
}

/** The metrics endpoint on its own port: GET /metrics in the Prometheus text format. */
export function startMetricsServer(metrics: PortalMetrics, port: number, host: string) {
  const server = http.createServer(async (req, res) => {
    if (req.method === 'GET' && req.url === '/metrics') {
      res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
      res.end(await metrics.registry.metrics());
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(port, host);
  return server;
}
