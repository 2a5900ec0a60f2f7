/**
 * Rate limits (sliding window). The sign-in actions only see the `RateLimiter`
 * interface, through their load context (`context.runtime.rateLimiter`): the shell gives
 * the in-memory one below for a single process, or the Redis one
 * (server/redis-rate-limit.ts) shared by every portal process when `REDIS_URL` is set.
 *
 * Keys are `<limit>:<kind>:<subject>` (`login:ip:203.0.113.9`): the part before the
 * subject names the limit in the rejection metric.
 */

export interface RateRule {
  /** How many events the window allows. */
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Events still allowed in the current window (after this one, for `hit`). */
  remaining: number;
  /** Seconds until one more event is allowed; 0 when it already is. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one event under `key` when the rule still allows it, and says whether it did. */
  hit(key: string, rule: RateRule): Promise<RateDecision>;
  /**
   * Says whether one more event would be allowed, without counting one: the check of a
   * limit that only some outcomes spend (failed logins, sent codes). A refusal counts as
   * a rejection in the metrics.
   */
  peek(key: string, rule: RateRule): Promise<RateDecision>;
  /** Seconds until one more event is allowed, for display only (a countdown): never a rejection. */
  cooldownSeconds(key: string, rule: RateRule): Promise<number>;
  /** Forgets the events of `key` (a new SMS code opens a new count of its guesses). */
  reset(key: string): Promise<void>;
}

export interface MemoryRateLimiterOptions {
  /** Clock, for tests. */
  now?: () => number;
  /** Most keys kept; beyond it the oldest keys are forgotten (bounded memory under attack). */
  maxKeys?: number;
}

/** In-memory sliding-window log: per key, the times of the events still inside the window. */
export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter & { size(): number } {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;
  // Map order is insertion order: re-inserting on each hit keeps the most recent keys last.
  const events = new Map<string, number[]>();
  let lastSweep = now();

  function recent(key: string, rule: RateRule, at: number): number[] {
    const times = events.get(key);
    if (!times) return [];
    const since = at - rule.windowMs;
    let first = 0;
    while (first < times.length && times[first] <= since) first += 1;
    return first === 0 ? times : times.slice(first);
  }

  /** Seconds until the window frees a slot: when the event `limit` places from the end leaves it. */
  function retryAfter(times: number[], rule: RateRule, at: number): number {
    const blocking = times[times.length - rule.limit] ?? at;
    return Math.max(1, Math.ceil((blocking + rule.windowMs - at) / 1000));
  }

  /**
   * Once a minute, forgets the keys whose events all left the longest window in use; and
   * never keeps more than `maxKeys` keys (the least recently hit go first).
   */
  let longestWindowMs = 0;
  function sweep(at: number) {
    if (at - lastSweep >= 60_000) {
      lastSweep = at;
      for (const [key, times] of events) {
        if (times.length === 0 || times[times.length - 1] <= at - longestWindowMs) events.delete(key);
      }
    }
    while (events.size > maxKeys) {
      const oldest = events.keys().next().value;
      if (oldest === undefined) break;
      events.delete(oldest);
    }
  }

  async function peek(key: string, rule: RateRule): Promise<RateDecision> {
    const at = now();
    const times = recent(key, rule, at);
    if (times.length >= rule.limit) return { allowed: false, remaining: 0, retryAfterSeconds: retryAfter(times, rule, at) };
    return { allowed: true, remaining: rule.limit - times.length, retryAfterSeconds: 0 };
  }

  return {
    async hit(key, rule) {
      const at = now();
      longestWindowMs = Math.max(longestWindowMs, rule.windowMs);
      const times = recent(key, rule, at);
      if (times.length >= rule.limit) {
        events.set(key, times);
        sweep(at);
        return { allowed: false, remaining: 0, retryAfterSeconds: retryAfter(times, rule, at) };
      }
      events.delete(key);
      events.set(key, [...times, at]);
      sweep(at);
      return { allowed: true, remaining: rule.limit - times.length - 1, retryAfterSeconds: 0 };
    },
    peek,
    cooldownSeconds: async (key, rule) => (await peek(key, rule)).retryAfterSeconds,
    reset: async (key) => void events.delete(key),
    size: () => events.size,
  };
}

/** The name of the limit a key belongs to: its first two parts (`login:ip`), bounded by the code that builds keys. */
export function limitName(key: string): string {
  return key.split(':', 2).join(':');
}

/** The same limiter, reporting each refusal of `hit` or `peek` by limit name (the rejection metric). */
export function countingRejections(limiter: RateLimiter, onRejected: (limit: string) => void): RateLimiter {
  const counted = async (key: string, decision: Promise<RateDecision>) => {
    const result = await decision;
    if (!result.allowed) onRejected(limitName(key));
    return result;
  };
  return {
    hit: (key, rule) => counted(key, limiter.hit(key, rule)),
    peek: (key, rule) => counted(key, limiter.peek(key, rule)),
    cooldownSeconds: (key, rule) => limiter.cooldownSeconds(key, rule),
    reset: (key) => limiter.reset(key),
  };
}
