import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../tests/support/servers';
import { MemoryPageStore, createPageCache, type CachedPage } from './page-cache';
import { connectRedis, type SharedRedis } from './redis';
import { RedisPageStore, decodePage, encodePage } from './redis-page-store';
import { requireRedisServer } from '../tests/support/requirements';
import { startRedisServer, type TestRedisServer } from './redis-test-server';

const PORTS = [3430, 3431, 3432, 3433];

function rendered(body: string): Omit<CachedPage, 'storedAt'> {
  return {
    status: 200,
    headers: [
      ['content-type', 'text/html; charset=utf-8'],
      ['link', '</a.css>; rel=preload'],
    ],
    body: Buffer.from(body),
    shareable: true,
  };
}
function clock(start = Date.now()) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

function page(body: string, storedAt = Date.now()): CachedPage {
  return { ...rendered(body), storedAt };
}

describe('page encoding', () => {
  it('round-trips a page, body bytes untouched', () => {
    const original = page('<p>数据法学 \u0000 binary</p>', 1234);
    expect(decodePage(encodePage(original))).toEqual(original);
  });

  it('reads a value that is not a page as a miss', () => {
    expect(decodePage(Buffer.from('not a page'))).toBeUndefined();
    expect(decodePage(Buffer.alloc(2))).toBeUndefined();
  });
});

requireRedisServer();

describe('RedisPageStore against a real redis-server', () => {
  let server: TestRedisServer;
  let inspector: Redis;
  const connections: SharedRedis[] = [];

  function connect(options: { pauseAfterFailureMs?: number; now?: () => number } = {}) {
    const { logger, lines } = memoryLogger();
    const fallbacks: string[] = [];
    const redis = connectRedis(server.url, { logger, onFallback: (use) => fallbacks.push(use), commandTimeoutMs: 300, ...options });
    connections.push(redis);
    return { redis, lines, fallbacks };
  }

  async function storeOn(prefix: string, options: { pauseAfterFailureMs?: number; now?: () => number } = {}) {
    const connection = connect(options);
    await connection.redis.whenReady(5000);
    const fallback = new MemoryPageStore(100, 1_000_000);
    return { ...connection, fallback, store: new RedisPageStore(connection.redis, { prefix, maxPageBytes: 1000, fallback }) };
  }

  beforeAll(async () => {
    server = await startRedisServer(PORTS);
    inspector = new Redis(server.url);
  });
  afterAll(async () => {
    for (const redis of connections) await redis.close();
    inspector?.disconnect();
    await server?.stop();
  });

  it('shares pages between processes under the build prefix, expiring with the TTL it was given', async () => {
    const a = await storeOn('test:build-1:');
    const b = await storeOn('test:build-1:');
    await a.store.set('http://portal.test/aboutUs', page('<p>about</p>', 42), 60_000);
    const seen = await b.store.get('http://portal.test/aboutUs');
    expect(seen?.body.toString()).toBe('<p>about</p>');
    expect(seen?.storedAt).toBe(42);
    const ttl = await inspector.pttl('test:build-1:page:http://portal.test/aboutUs');
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // Nothing went to the in-process fallback.
    expect(a.fallback.size.entries).toBe(0);
  });

  it('keeps builds apart: a new build does not see the old HTML', async () => {
    const oldBuild = await storeOn('test:build-old:');
    const newBuild = await storeOn('test:build-new:');
    await oldBuild.store.set('/', page('<script src="/assets/entry-OLD.js">'), 60_000);
    expect(await newBuild.store.get('/')).toBeUndefined();
  });

  it('forgets a page when its TTL runs out, and refuses pages over the size bound', async () => {
    const { store } = await storeOn('test:ttl:');
    await store.set('/short', page('x'), 50);
    // Redis expires the key on its own clock: wait for that state, not for a guessed time.
    await expect.poll(() => inspector.exists('test:ttl:page:/short'), { interval: 20 }).toBe(0);
    expect(await store.get('/short')).toBeUndefined();
    await store.set('/huge', page('x'.repeat(1001)), 60_000);
    expect(await inspector.exists('test:ttl:page:/huge')).toBe(0);
  });

  it('gives a refresh lock to one process at a time and lets only its holder release it', async () => {
    const a = await storeOn('test:lock:');
    const b = await storeOn('test:lock:');
    expect(await a.store.lock('refresh:/', 10_000)).toBe(true);
    expect(await b.store.lock('refresh:/', 10_000)).toBe(false);
    // B never held it: its unlock must not free A's lock.
    await b.store.unlock('refresh:/');
    expect(await b.store.lock('refresh:/', 10_000)).toBe(false);
    await a.store.unlock('refresh:/');
    expect(await b.store.lock('refresh:/', 10_000)).toBe(true);
  });

  it('refreshes a stale page once across two processes: the other serves stale, then finds it fresh', async () => {
    const a = await storeOn('test:swr:');
    const b = await storeOn('test:swr:');
    let renders = 0;
    const time = clock();
    // The refresh's render finishes only when the test lets it: the stale answers are taken while it runs.
    let finishRefresh = () => {};
    const refreshMayFinish = new Promise<void>((resolve) => (finishRefresh = resolve));
    const cacheOn = (store: RedisPageStore) =>
      createPageCache({
        store,
        freshMs: 1000,
        staleMs: 60_000,
        now: time.now,
        render: async () => {
          renders += 1;
          const version = renders;
          if (version > 1) await refreshMayFinish;
          return rendered(`<p>version ${version}</p>`);
        },
      });
    const onA = cacheOn(a.store);
    const onB = cacheOn(b.store);
    expect((await onA.get('/news')).outcome).toBe('miss');
    expect((await onB.get('/news')).outcome).toBe('hit');
    time.advance(1050);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB).get('/news')));
    expect(answers.every((answer) => answer.outcome === 'stale' && answer.page.body.toString() === '<p>version 1</p>')).toBe(true);
    finishRefresh();
    await expect.poll(async () => (await onB.get('/news')).outcome).toBe('hit');
    expect(renders).toBe(2);
    expect((await onA.get('/news')).page.body.toString()).toBe('<p>version 2</p>');
  });

  it('falls back to the in-process store while Redis hangs, logging it once, and goes back to Redis after', async () => {
    const time = clock();
    const { store, fallback, lines, fallbacks, redis } = await storeOn('test:down:', { pauseAfterFailureMs: 200, now: time.now });
    await store.set('/shared', page('<p>shared</p>'), 60_000);
    server.freeze();
    try {
      // The first command times out; the next ones do not even try until the pause ends.
      for (let i = 0; i < 5; i++) expect(await store.get('/shared')).toBeUndefined();
      expect(redis.state()).toBe('up');
      // Still silent after the pause: now Redis is down.
      time.advance(250);
      expect(await store.get('/shared')).toBeUndefined();
      await store.set('/local', page('<p>local</p>'), 60_000);
      expect((await store.get('/local'))?.body.toString()).toBe('<p>local</p>');
      expect(fallback.size.entries).toBe(1);
      expect(await store.lock('refresh:/local', 1000)).toBe(true);
      expect(redis.state()).toBe('down');
    } finally {
      server.thaw();
    }
    time.advance(250);
    expect((await store.get('/shared'))?.body.toString()).toBe('<p>shared</p>');
    expect(redis.state()).toBe('up');
    expect(fallbacks.length).toBeGreaterThanOrEqual(7);
    expect(fallbacks.every((use) => use === 'page-cache')).toBe(true);
    const warnings = lines.filter((line) => line.includes('Redis unavailable'));
    expect(warnings).toHaveLength(1);
    expect(lines.some((line) => line.includes('Redis is back'))).toBe(true);
  });

  it('takes one late answer (a process starved of CPU) for no outage: served from the process, nothing logged', async () => {
    const time = clock();
    const { store, lines, fallbacks, redis } = await storeOn('test:late:', { pauseAfterFailureMs: 200, now: time.now });
    await store.set('/shared', page('<p>shared</p>'), 60_000);
    server.freeze();
    try {
      expect(await store.get('/shared')).toBeUndefined();
    } finally {
      server.thaw();
    }
    time.advance(250);
    expect((await store.get('/shared'))?.body.toString()).toBe('<p>shared</p>');
    expect(fallbacks).toEqual(['page-cache']);
    expect(redis.state()).toBe('up');
    expect(lines.filter((line) => line.includes('Redis unavailable') || line.includes('Redis is back'))).toEqual([]);
  });
});
