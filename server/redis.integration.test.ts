import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuiltFile, requireRedisServer } from '../tests/support/requirements';
import { TEST_SECRET, freePorts, rawRequest } from '../tests/support/servers';
import { waitUntilUp } from '../scripts/local-servers.mjs';
import { decodePage, encodePage } from './redis-page-store';
import { startRedisServer, stopWithTestProcess, type TestRedisServer } from './redis-test-server';

/**
 * Two built portal processes sharing one Redis (`REDIS_URL`) and one sandbox backend, as
 * behind a gateway: a sign-in limit holds across both, a page one renders the other
 * serves from the cache, and a stale page asked of both at once is rendered once.
 * Runs after `npm run build` (`BUILD_DIR` picks another build folder).
 */
requireRedisServer();
const portalMain = requireBuiltFile('portal/main.js');
const sandboxMain = requireBuiltFile('sandbox/main.js');

/** Ports free when the suite starts (none fixed: another run or service may hold any). */
const [redisPort, sandboxPort, portAPort, portBPort, metricsAPort, metricsBPort] = await freePorts(6);
const PORTS = { redis: [redisPort], sandbox: sandboxPort, portalA: portAPort, portalB: portBPort, metricsA: metricsAPort, metricsB: metricsBPort };
/** The gateway's host: both processes build the same cache keys from it. */
const HOST = 'portal.test';
/** Seconds a page stays fresh here (the stale test ages the stored page past it). */
const FRESH_SECONDS = 60;
/** Called once by every render of /aboutUs (its expert count), never cached on the way. */
const ABOUT_ENDPOINT = '/api/authorSearchApi/authorInfo';

describe('two portal processes sharing Redis', () => {
  let redis: TestRedisServer;
  const children: ChildProcess[] = [];
  const output = new Map<ChildProcess, string>();
  const portalA = { url: `http://127.0.0.1:${PORTS.portalA}`, metrics: `http://127.0.0.1:${PORTS.metricsA}/metrics` };
  const portalB = { url: `http://127.0.0.1:${PORTS.portalB}`, metrics: `http://127.0.0.1:${PORTS.metricsB}/metrics` };

  function start(script: string, env: Record<string, string>) {
    const child = spawn(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    output.set(child, '');
    const collect = (chunk: Buffer) => output.set(child, (output.get(child) ?? '') + chunk.toString());
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    children.push(child);
    stopWithTestProcess(child);
    return child;
  }

  function startPortal(port: number, metricsPort: number) {
    const child = start(portalMain, {
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      JOURNAL_API_URL: `http://127.0.0.1:${PORTS.sandbox}`,
      // The gateway's origin: both processes build the same cache keys from it.
      PUBLIC_URL: `http://${HOST}`,
      REDIS_URL: redis.url,
      CACHE_S_MAXAGE: String(FRESH_SECONDS),
      CACHE_STALE_WHILE_REVALIDATE: '300',
      LOG_LEVEL: 'warn',
    });
    return waitUntilUp(`http://127.0.0.1:${port}/healthz`, { child, output: () => output.get(child) ?? '' });
  }

  async function metricsOf(url: string) {
    return (await fetch(url)).text();
  }

  /** The value of one series in a Prometheus text answer (0 when absent). */
  function sample(text: string, series: string): number {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  }

  async function rendersOfAbout() {
    const series = `portal_backend_call_duration_seconds_count{endpoint="${ABOUT_ENDPOINT}",outcome="ok"}`;
    return sample(await metricsOf(portalA.metrics), series) + sample(await metricsOf(portalB.metrics), series);
  }

  /**
   * Makes the shared copy of a page look rendered `ms` earlier, as time passing would, by
   * rewriting its render time in Redis (its TTL kept): no waiting for the fresh window.
   */
  async function ageStoredPage(pagePath: string, ms: number) {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await client.connect();
      const keys = (await client.keys('*page:*')).filter((key) => key.endsWith(pagePath));
      expect(keys).toHaveLength(1);
      const stored = decodePage((await client.getBuffer(keys[0]!))!);
      expect(stored).toBeDefined();
      await client.set(keys[0]!, encodePage({ ...stored!, storedAt: stored!.storedAt - ms }), 'KEEPTTL');
    } finally {
      client.disconnect();
    }
  }

  const page = (portal: { url: string }, pagePath: string) => rawRequest(portal.url, { path: pagePath, headers: { Host: HOST } });

  beforeAll(async () => {
    redis = await startRedisServer(PORTS.redis);
    const sandbox = start(sandboxMain, { SANDBOX_PORT: String(PORTS.sandbox), SANDBOX_DB: ':memory:', SANDBOX_ARTICLES: '40' });
    await waitUntilUp(`http://127.0.0.1:${PORTS.sandbox}/api/homeApi/getBottomBar`, { child: sandbox, output: () => output.get(sandbox) ?? '' });
    await Promise.all([startPortal(PORTS.portalA, PORTS.metricsA), startPortal(PORTS.portalB, PORTS.metricsB)]);
  });

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await redis?.stop();
  });

  it('holds the login limit across both processes: 10 attempts in total, alternating, then 429, counted in the metrics', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await rawRequest((i % 2 === 0 ? portalA : portalB).url, {
        method: 'POST',
        path: '/login?login=userLogin',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': '203.0.113.77' },
        body: new URLSearchParams({ username: `nobody_${i}`, password: 'Wrong#2026', agreement: 'on' }).toString(),
      });
      statuses.push(response.status);
      if (i === 10) expect(response.body).toMatch(/登录尝试过于频繁，请\d+秒后再试/);
    }
    // Each process saw at most 6 attempts: only the shared count reaches the limit.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);

    const metricsA = await metricsOf(portalA.metrics);
    expect(sample(metricsA, 'portal_rate_limit_rejections_total{limit="login:ip"}')).toBe(1);
    expect(sample(metricsA, 'portal_redis_up')).toBe(1);
    expect(sample(await metricsOf(portalB.metrics), 'portal_rate_limit_rejections_total{limit="login:ip"}')).toBe(0);
    // Metrics are on their own port only.
    expect((await rawRequest(portalA.url, { path: '/metrics' })).body).not.toContain('portal_rate_limit_rejections_total');
  });

  it('serves a page rendered by one process from the cache on the other: the same bytes, and the CSP stored with them', async () => {
    const first = await page(portalA, '/aboutUs');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');

    const second = await page(portalB, '/aboutUs');
    expect(second.status).toBe(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-security-policy']).toContain("'sha256-");
    expect(sample(await metricsOf(portalB.metrics), 'portal_page_cache_total{outcome="hit"}')).toBe(1);

    expect(JSON.parse((await rawRequest(portalB.url, { path: '/readyz' })).body)).toEqual({ ready: true });
    expect(sample(await metricsOf(portalB.metrics), 'portal_redis_up')).toBe(1);
  });

  it('refreshes a page gone stale once, although both processes are asked for it at the same time', async () => {
    const pagePath = '/aboutUs?from=stampede';
    expect((await page(portalA, pagePath)).headers['x-cache']).toBe('MISS');
    const afterFirstRender = await rendersOfAbout();
    await ageStoredPage(pagePath, FRESH_SECONDS * 1000 + 1000);

    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => page(i % 2 === 0 ? portalA : portalB, pagePath)));
    expect(burst.every((response) => response.status === 200)).toBe(true);
    const outcomes = burst.map((response) => response.headers['x-cache']);
    expect(outcomes).not.toContain('MISS');
    expect(outcomes).toContain('STALE');

    // The refreshed page arrives in the shared cache; then count the renders behind it.
    await expect.poll(async () => (await page(portalB, pagePath)).headers['x-cache'], { interval: 100, timeout: 10_000 }).toBe('HIT');
    expect(await rendersOfAbout()).toBe(afterFirstRender + 1);
  });
});
