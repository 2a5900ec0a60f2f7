import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter, RateRule } from '../app/lib/rate-limit.server';
import type { SharedRedis } from './redis';

/**
 * The sign-in rate limits shared by every portal process through Redis: the same sliding
 * window as the in-memory limiter (app/lib/rate-limit.server.ts), kept as a sorted set of
 * event times per key and decided by one Lua script, so concurrent requests on any
 * number of processes can never let more than `limit` events through.
 *
 * Times come from Redis's clock, so processes on hosts whose clocks drift apart still
 * agree. Each key expires with its window.
 *
 * When Redis is unusable the decision falls back to the in-process limiter: the limits
 * still hold per process (at worst `limit × processes` attempts per window), rather than
 * failing open (no limit at all on password guessing and SMS sending) or failing closed
 * (nobody can sign in while Redis is down).
 */

/**
 * KEYS[1]: the key's sorted set. ARGV: limit, window (ms), now (ms; 0 = Redis's clock),
 * record (1 = count the event when allowed), member (unique per event).
 * Returns { allowed (1/0), remaining, ms until a slot frees }.
 */
const SLIDING_WINDOW_SCRIPT = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
if now <= 0 then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local blocking = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  if blocking[2] == nil then return {0, 0, window} end
  return {0, 0, tonumber(blocking[2]) + window - now}
end
if ARGV[4] == '1' then
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, limit - count - 1, 0}
end
return {1, limit - count, 0}
`;

type SlidingWindowReply = [allowed: number, remaining: number, waitMs: number];

interface WithSlidingWindow {
  portalSlidingWindow(key: string, limit: number, windowMs: number, now: number, record: 0 | 1, member: string): Promise<SlidingWindowReply>;
}

export interface RedisRateLimiterOptions {
  /** Namespace of the keys (`journal-portal:rate:`); not per build, so a deploy keeps the counts. */
  prefix: string;
  /** Decides while Redis is unusable. */
  fallback: RateLimiter;
  /** Clock in ms, for tests; default: Redis's clock. */
  now?: () => number;
}

export function createRedisRateLimiter(redis: SharedRedis, options: RedisRateLimiterOptions): RateLimiter {
  // EVALSHA with the script's digest, EVAL once when Redis does not know it yet.
  redis.client.defineCommand('portalSlidingWindow', { numberOfKeys: 1, lua: SLIDING_WINDOW_SCRIPT });

  async function decide(client: Redis, key: string, rule: RateRule, record: boolean): Promise<RateDecision> {
    const [allowed, remaining, waitMs] = await (client as unknown as WithSlidingWindow).portalSlidingWindow(
      `${options.prefix}${key}`,
      rule.limit,
      rule.windowMs,
      options.now?.() ?? 0,
      record ? 1 : 0,
      randomUUID(),
    );
    if (allowed === 1) return { allowed: true, remaining, retryAfterSeconds: 0 };
    return { allowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  const peek = (key: string, rule: RateRule) =>
    redis.run(
      'rate-limit',
      (client) => decide(client, key, rule, false),
      () => options.fallback.peek(key, rule),
    );
  return {
    hit: (key, rule) =>
      redis.run(
        'rate-limit',
        (client) => decide(client, key, rule, true),
        () => options.fallback.hit(key, rule),
      ),
    peek,
    cooldownSeconds: async (key, rule) => (await peek(key, rule)).retryAfterSeconds,
    // Both: the in-process count may hold events from a time Redis was away.
    reset: async (key) => {
      await options.fallback.reset(key);
      await redis.run(
        'rate-limit',
        async (client) => void (await client.del(`${options.prefix}${key}`)),
        async () => undefined,
      );
    },
  };
}
