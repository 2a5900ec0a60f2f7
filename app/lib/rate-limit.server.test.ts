import { describe, expect, it } from 'vitest';
import { countingRejections, createMemoryRateLimiter, limitName } from './rate-limit.server';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('memory rate limiter', () => {
  const perMinute = { limit: 3, windowMs: 60_000 };

  it('allows up to the limit in a window, then refuses with the wait in seconds', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({ now: c.now });
    expect(await limiter.hit('ip:1', perMinute)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
    c.advance(10_000);
    expect((await limiter.hit('ip:1', perMinute)).remaining).toBe(1);
    c.advance(10_000);
    expect((await limiter.hit('ip:1', perMinute)).remaining).toBe(0);
    c.advance(5_000);
    // The first event (25 s ago) leaves the window in 35 s.
    expect(await limiter.hit('ip:1', perMinute)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 35 });
  });

  it('slides: a slot frees up when the oldest event leaves the window', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({ now: c.now });
    for (let i = 0; i < 3; i++) {
      await limiter.hit('k', perMinute);
      c.advance(10_000);
    }
    c.advance(29_999);
    expect((await limiter.hit('k', perMinute)).allowed).toBe(false);
    c.advance(1);
    expect((await limiter.hit('k', perMinute)).allowed).toBe(true);
    expect((await limiter.hit('k', perMinute)).allowed).toBe(false);
  });

  it('refused events do not count: waiting the announced time is enough', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({ now: c.now });
    const once = { limit: 1, windowMs: 60_000 };
    await limiter.hit('sms:13800000001', once);
    c.advance(30_000);
    const refused = await limiter.hit('sms:13800000001', once);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    c.advance(refused.retryAfterSeconds * 1000);
    expect((await limiter.hit('sms:13800000001', once)).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const limiter = createMemoryRateLimiter();
    const once = { limit: 1, windowMs: 60_000 };
    expect((await limiter.hit('a', once)).allowed).toBe(true);
    expect((await limiter.hit('b', once)).allowed).toBe(true);
    expect((await limiter.hit('a', once)).allowed).toBe(false);
  });

  it('peek says what a hit would, without counting', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({ now: c.now });
    const once = { limit: 1, windowMs: 60_000 };
    expect(await limiter.peek('m', once)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    expect(await limiter.peek('m', once)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    await limiter.hit('m', once);
    c.advance(15_000);
    expect(await limiter.peek('m', once)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 45 });
  });

  it('forgets expired keys and never holds more than maxKeys', async () => {
    const c = clock();
    const limiter = createMemoryRateLimiter({ now: c.now, maxKeys: 100 });
    for (let i = 0; i < 500; i++) await limiter.hit(`ip:${i}`, perMinute);
    expect(limiter.size()).toBe(100);
    // The most recent keys are the ones kept.
    expect((await limiter.peek('ip:499', perMinute)).remaining).toBe(2);
    expect((await limiter.peek('ip:0', perMinute)).remaining).toBe(3);
    c.advance(61_000);
    await limiter.hit('fresh', perMinute);
    expect(limiter.size()).toBe(1);
  });
});

describe('rejection counting', () => {
  it('names the limit by the first two parts of the key, whatever the subject holds', () => {
    expect(limitName('login:ip:203.0.113.9')).toBe('login:ip');
    expect(limitName('login:ip:::1')).toBe('login:ip');
    expect(limitName('sms:mobile-day:13800000001')).toBe('sms:mobile-day');
  });

  it('counts refusals of hit and peek by limit, not allowed events nor the countdown shown on a form', async () => {
    const rejected: string[] = [];
    const limiter = countingRejections(createMemoryRateLimiter(), (limit) => rejected.push(limit));
    const once = { limit: 1, windowMs: 60_000 };
    expect((await limiter.hit('sms:mobile:13800000001', once)).allowed).toBe(true);
    expect((await limiter.peek('sms:mobile:13800000001', once)).allowed).toBe(false);
    expect((await limiter.hit('login:ip:::1', once)).allowed).toBe(true);
    expect((await limiter.hit('login:ip:::1', once)).allowed).toBe(false);
    expect(await limiter.cooldownSeconds('sms:mobile:13800000001', once)).toBe(60);
    expect(rejected).toEqual(['sms:mobile', 'login:ip']);
  });
});
