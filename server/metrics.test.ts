import { describe, expect, it } from 'vitest';
import { createMetrics, routeLabel } from './metrics';

describe('metrics', () => {
  it.each([
    ['/api/file/file/download', '/api/file/file/download'],
    ['/manage/author/paper/submitChanges', '/manage/author/paper/submitChanges'],
    // Paths the proxy refuses, however they are spelled, share one label.
    ['/api/paperSearchApi/search', 'refused'],
    ['/api/../manage/x', 'refused'],
    ['/api/%2e%2e/x', 'refused'],
    ['/manage/author/paper/list/9981', 'refused'],
    ['/assets/entry.client-abc.js', '/assets/*'],
    ['/healthz', '/healthz'],
    ['/journal/12', '/journal/:id'],
    ['/some/random/path/9981', 'other'],
    ['/favicon.svg', 'other'],
  ])('labels %s as %s', (path, label) => {
    // Pages get their route's pattern (server/route-table.test.ts checks it on the real routes).
    const routePattern = (page: string) => (page === '/journal/12' ? '/journal/:id' : '/*');
    expect(routeLabel(path, routePattern)).toBe(label);
  });

  it('exposes request, backend, cache and rate-limit series plus process metrics', async () => {
    const metrics = createMetrics();
    metrics.observeBackend('/api/homeApi/getBottomBar', 0.012, 'ok');
    metrics.countBackendFailure('/api/homeApi/getBottomBar', 'timeout');
    metrics.countPageCache('hit');
    metrics.countRateLimited('login:ip');
    const text = await metrics.registry.metrics();
    expect(text).toContain('portal_backend_call_duration_seconds_bucket{le="0.025",endpoint="/api/homeApi/getBottomBar",outcome="ok"} 1');
    expect(text).toContain('portal_backend_call_failures_total{endpoint="/api/homeApi/getBottomBar",kind="timeout"} 1');
    expect(text).toContain('portal_page_cache_total{outcome="hit"} 1');
    expect(text).toContain('portal_rate_limit_rejections_total{limit="login:ip"} 1');
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('portal_http_request_duration_seconds');
    expect(text).not.toContain('portal_redis_up');
  });

  it('reports Redis as up or down only once it is configured, and counts answers served without it', async () => {
    const metrics = createMetrics();
    let up = true;
    metrics.observeRedis(() => up);
    metrics.countRedisFallback('rate-limit');
    expect(await metrics.registry.metrics()).toContain('portal_redis_up 1');
    up = false;
    const text = await metrics.registry.metrics();
    expect(text).toContain('portal_redis_up 0');
    expect(text).toContain('portal_redis_fallbacks_total{use="rate-limit"} 1');
  });
});
