import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The Redis connection shared by the page cache and the rate limits (`REDIS_URL`).
 *
 * Redis is an optimisation and a coordination point, never a dependency the portal can
 * fall over on: every use goes through `run`, which answers from a local fallback when
 * Redis is disconnected, refuses a command, or is slower than `COMMAND_TIMEOUT_MS`. After
 * a failure Redis is left alone for `PAUSE_AFTER_FAILURE_MS`, so a slow Redis costs one
 * slow request per pause, not one per request. Redis is called down (logged, and
 * `portal_redis_up 0`) when its connection drops or a command fails again after a pause:
 * one late answer may be this process being starved of CPU, not Redis. Going down and
 * coming back are logged once each, not per request.
 */

/** Longest wait for one command: past it the request is answered from the fallback. */
const COMMAND_TIMEOUT_MS = 1000;
/** How long Redis is bypassed after a failed or timed-out command. */
const PAUSE_AFTER_FAILURE_MS = 2000;

export type RedisState = 'up' | 'down';

export interface SharedRedis {
  readonly client: Redis;
  /** Runs `command` against Redis when it is usable; otherwise, or when it fails, answers `fallback()`. */
  run<T>(use: RedisUse, command: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>): Promise<T>;
  state(): RedisState;
  /** Resolves true once connected, false after `timeoutMs` (the portal starts either way). */
  whenReady(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** What Redis is used for: the label of the fallback metric. */
export type RedisUse = 'page-cache' | 'rate-limit';

export interface SharedRedisOptions {
  logger: Logger;
  /** Called with each answer served from the fallback (a metric). */
  onFallback?: (use: RedisUse) => void;
  commandTimeoutMs?: number;
  pauseAfterFailureMs?: number;
  /** The clock the pause is measured on (tests pass their own). */
  now?: () => number;
}

/** The address without its password, for logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://(unparseable)';
  }
}

export function connectRedis(url: string, options: SharedRedisOptions): SharedRedis {
  const { logger } = options;
  const pauseMs = options.pauseAfterFailureMs ?? PAUSE_AFTER_FAILURE_MS;
  const now = options.now ?? Date.now;
  const client = new Redis(url, {
    connectionName: 'journal-portal',
    // Fail at once while disconnected instead of queueing requests behind a dead Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    // Keep reconnecting in the background, at most every two seconds.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });

  let state: RedisState = 'down';
  let everConnected = false;
  let pausedUntil = 0;
  let failuresInARow = 0;
  let closing = false;
  const where = redactRedisUrl(url);

  function markDown(reason: string) {
    if (state === 'down' || closing) return;
    state = 'down';
    logger.warn({ redis: where, reason }, 'Redis unavailable: page cache and rate limits fall back to this process until it is back');
  }
  function markUp() {
    if (state === 'up') return;
    state = 'up';
    logger.info(
      { redis: where },
      everConnected ? 'Redis is back: page cache and rate limits shared again' : 'Redis connected: page cache and rate limits shared',
    );
    everConnected = true;
  }

  client.on('ready', () => {
    pausedUntil = 0;
    markUp();
  });
  client.on('close', () => markDown('connection closed'));
  // Connection errors repeat on every reconnect attempt: the state change is logged once above.
  let warnedUnreachable = false;
  client.on('error', (error: Error) => {
    if (!everConnected && !warnedUnreachable) {
      warnedUnreachable = true;
      logger.warn({ redis: where, err: error.message }, 'Redis unreachable: serving from this process until it connects');
    }
  });

  const usable = () => client.status === 'ready' && now() >= pausedUntil;

  return {
    client,
    async run(use, command, fallback) {
      if (!usable()) {
        options.onFallback?.(use);
        return fallback();
      }
      try {
        const result = await command(client);
        failuresInARow = 0;
        markUp();
        return result;
      } catch (error) {
        pausedUntil = now() + pauseMs;
        failuresInARow += 1;
        if (failuresInARow >= 2) markDown((error as Error).message);
        else logger.debug({ redis: where, reason: (error as Error).message }, 'Redis command failed: answered from this process, Redis rested');
        options.onFallback?.(use);
        return fallback();
      }
    },
    state: () => (client.status === 'ready' ? state : 'down'),
    whenReady(timeoutMs) {
      if (client.status === 'ready') return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          client.off('ready', onReady);
          resolve(false);
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve(true);
        };
        client.once('ready', onReady);
      });
    },
    async close() {
      closing = true;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
