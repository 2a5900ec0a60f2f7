import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingRejections, createMemoryRateLimiter } from '../app/lib/rate-limit.server';
import { memoryLogger } from '../tests/support/servers';
import { connectRedis, type SharedRedis } from './redis';
import { createRedisRateLimiter } from './redis-rate-limit';
import { requireRedisServer } from '../tests/support/requirements';
import { startRedisServer, type TestRedisServer } from './redis-test-server';

const PORTS = [3440, 3441, 3442, 3443];

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

requireRedisServer();

describe('Redis rate limiter against a real redis-server', () => {
  let server: TestRedisServer;
  let inspector: Redis;
  const connections: SharedRedis[] = [];
  let namespace = 0;

  /** A limiter as one portal process has it; `prefix` shared means the processes share limits. */
  async function processLimiter(options: { prefix?: string; now?: () => number; pauseAfterFailureMs?: number } = {}) {
    const { logger, lines } = memoryLogger();
    const redis = connectRedis(server.url, { logger, commandTimeoutMs: 300, pauseAfterFailureMs: options.pauseAfterFailureMs, now: options.now });
    connections.push(redis);
    await redis.whenReady(5000);
    const fallback = createMemoryRateLimiter();
    const limiter = createRedisRateLimiter(redis, { prefix: options.prefix ?? `test:${++namespace}:`, fallback, now: options.now });
    return { limiter, fallback, lines, redis };
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

  const perMinute = { limit: 3, windowMs: 60_000 };

  it('allows up to the limit in a sliding window, then refuses with the wait in seconds (as the in-memory one)', async () => {
    const c = clock();
    const { limiter } = await processLimiter({ now: c.now });
    expect(await limiter.hit('ip:1', perMinute)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    c.advance(10_000);
    expect((await limiter.hit('ip:1', perMinute)).remaining).toBe(1);
    c.advance(10_000);
    expect((await limiter.hit('ip:1', perMinute)).remaining).toBe(0);
    c.advance(5_000);
    expect(await limiter.hit('ip:1', perMinute)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 35 });
    // Refused events do not count: the first slot frees when the first event leaves.
    c.advance(34_999);
    expect((await limiter.hit('ip:1', perMinute)).allowed).toBe(false);
    c.advance(1);
    expect((await limiter.hit('ip:1', perMinute)).allowed).toBe(true);
    expect((await limiter.hit('ip:1', perMinute)).allowed).toBe(false);
  });

  it('forgets a key for every process sharing Redis (a new SMS code gets fresh tries)', async () => {
    const prefix = `test:reset:${++namespace}:`;
    const a = await processLimiter({ prefix });
    const b = await processLimiter({ prefix });
    const rule = { limit: 2, windowMs: 60_000 };
    await a.limiter.hit('sms-guess:mobile:1', rule);
    await b.limiter.hit('sms-guess:mobile:1', rule);
    expect((await a.limiter.hit('sms-guess:mobile:1', rule)).allowed).toBe(false);
    await b.limiter.reset('sms-guess:mobile:1');
    expect((await a.limiter.hit('sms-guess:mobile:1', rule)).allowed).toBe(true);
  });

  it('peeks without counting, tells the cooldown, and keeps keys apart', async () => {
    const c = clock();
    const { limiter } = await processLimiter({ now: c.now });
    const once = { limit: 1, windowMs: 60_000 };
    expect(await limiter.peek('m', once)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(await limiter.peek('m', once)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    await limiter.hit('m', once);
    c.advance(15_000);
    expect(await limiter.peek('m', once)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
    expect(await limiter.cooldownSeconds('m', once)).toBe(45);
    expect((await limiter.hit('other', once)).allowed).toBe(true);
  });

  it('keeps each key no longer than its window', async () => {
    const { limiter } = await processLimiter({ prefix: 'test:ttl:' });
    await limiter.hit('sms:mobile:13800000001', { limit: 1, windowMs: 60_000 });
    const ttl = await inspector.pttl('test:ttl:sms:mobile:13800000001');
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('holds a limit across processes: 40 concurrent attempts on two processes let exactly 10 through', async () => {
    const a = await processLimiter({ prefix: 'test:shared:' });
    const b = await processLimiter({ prefix: 'test:shared:' });
    const rule = { limit: 10, windowMs: 60_000 };
    const decisions = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).limiter.hit('login:ip:203.0.113.9', rule)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterSeconds >= 1 && d.retryAfterSeconds <= 60)).toBe(true);
    expect((await a.limiter.peek('login:ip:203.0.113.9', rule)).allowed).toBe(false);
  });

  it('counts refusals by limit name, not the countdown shown on a form', async () => {
    const { limiter } = await processLimiter();
    const rejected: string[] = [];
    const counted = countingRejections(limiter, (limit) => rejected.push(limit));
    const once = { limit: 1, windowMs: 60_000 };
    await counted.hit('sms:mobile:13800000001', once);
    expect((await counted.hit('sms:mobile:13800000001', once)).allowed).toBe(false);
    await counted.hit('login:account:alice', once);
    expect((await counted.peek('login:account:alice', once)).allowed).toBe(false);
    expect(await counted.cooldownSeconds('sms:mobile:13800000001', once)).toBeGreaterThan(0);
    expect(rejected).toEqual(['sms:mobile', 'login:account']);
  });

  it('falls back to per-process limits while Redis hangs (never unlimited, never refusing everyone), then shares again', async () => {
    const time = clock();
    const { limiter, lines, redis } = await processLimiter({ prefix: 'test:down:', pauseAfterFailureMs: 200, now: time.now });
    const rule = { limit: 3, windowMs: 60_000 };
    server.freeze();
    let local;
    try {
      local = [];
      for (let i = 0; i < 3; i++) local.push((await limiter.hit('login:ip:198.51.100.1', rule)).allowed);
      // Still silent after the pause: now Redis is down.
      time.advance(250);
      local.push((await limiter.hit('login:ip:198.51.100.1', rule)).allowed);
      expect(redis.state()).toBe('down');
    } finally {
      server.thaw();
    }
    expect(local).toEqual([true, true, true, false]);
    time.advance(250);
    // Back on Redis: its own count for the key starts from what Redis saw (the two timed-out hits, run once it thawed).
    expect((await limiter.hit('login:ip:198.51.100.1', rule)).allowed).toBe(true);
    expect(redis.state()).toBe('up');
    expect(lines.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
  });
});
