import { randomUUID } from 'node:crypto';
import type { CachedPage, PageStore } from './page-cache';
import type { SharedRedis } from './redis';

/**
 * The anonymous page cache shared by every portal process through Redis (`REDIS_URL`).
 *
 * - A page is one binary value (a JSON head with status, headers and time of
 *   render, then the body) under `<prefix>page:<url>`, expiring with Redis's own TTL when
 *   its stale window ends: Redis bounds the cache by time, and its `maxmemory` policy by
 *   size (see the README). Pages larger than `maxPageBytes` are not stored.
 * - The prefix carries the build id, so a deploy never serves HTML that names the
 *   previous build's assets; the old keys simply expire.
 * - `lock` is `SET NX PX` with a token, `unlock` deletes the key only while it still holds
 *   that token: one background refresh per page across all processes.
 * - When Redis is unusable every operation answers from `fallback` (the in-process
 *   store): the portal keeps caching per process instead of rendering every request.
 */

export interface RedisPageStoreOptions {
  /** Namespace of the keys, ending with the build id (`journal-portal:<build>:`). */
  prefix: string;
  maxPageBytes: number;
  fallback: PageStore;
}

/** Deletes the lock only if it is still ours (it may have expired and been taken by another process). */
const UNLOCK_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

interface PageHead {
  status: number;
  headers: [string, string][];
  shareable: boolean;
  storedAt: number;
}

/** `[head length: uint32][head JSON][body]`: the body stays binary, no base64. */
export function encodePage(page: CachedPage): Buffer {
  const head: PageHead = { status: page.status, headers: page.headers, shareable: page.shareable, storedAt: page.storedAt };
  const headBytes = Buffer.from(JSON.stringify(head), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headBytes.length);
  return Buffer.concat([length, headBytes, page.body]);
}

/** The page in a stored value, or undefined when the value is not one (treated as a miss). */
export function decodePage(value: Buffer): CachedPage | undefined {
  try {
    const headLength = value.readUInt32BE(0);
    const head = JSON.parse(value.subarray(4, 4 + headLength).toString('utf8')) as PageHead;
    if (typeof head.status !== 'number' || !Array.isArray(head.headers) || typeof head.storedAt !== 'number') return undefined;
    return { ...head, body: value.subarray(4 + headLength) };
  } catch {
    return undefined;
  }
}

export class RedisPageStore implements PageStore {
  /** Token of each lock this process holds, by key. */
  private readonly tokens = new Map<string, string>();

  constructor(
    private readonly redis: SharedRedis,
    private readonly options: RedisPageStoreOptions,
  ) {}

  private pageKey(key: string) {
    return `${this.options.prefix}page:${key}`;
  }

  private lockKey(key: string) {
    return `${this.options.prefix}lock:${key}`;
  }

  get(key: string) {
    return this.redis.run(
      'page-cache',
      async (client) => {
        const value = await client.getBuffer(this.pageKey(key));
        return value ? decodePage(value) : undefined;
      },
      () => this.options.fallback.get(key),
    );
  }

  set(key: string, page: CachedPage, ttlMs: number) {
    if (page.body.length > this.options.maxPageBytes) return Promise.resolve();
    return this.redis.run(
      'page-cache',
      async (client) => {
        await client.set(this.pageKey(key), encodePage(page), 'PX', Math.max(1, Math.round(ttlMs)));
      },
      () => this.options.fallback.set(key, page, ttlMs),
    );
  }

  lock(key: string, ttlMs: number) {
    const token = randomUUID();
    return this.redis.run(
      'page-cache',
      async (client) => {
        const taken = (await client.set(this.lockKey(key), token, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
        if (taken) this.tokens.set(key, token);
        return taken;
      },
      () => this.options.fallback.lock(key, ttlMs),
    );
  }

  unlock(key: string) {
    const token = this.tokens.get(key);
    this.tokens.delete(key);
    if (!token) return this.options.fallback.unlock(key);
    return this.redis.run(
      'page-cache',
      async (client) => {
        await client.eval(UNLOCK_SCRIPT, 1, this.lockKey(key), token);
      },
      // Redis went away while the lock was held: it expires by itself.
      () => undefined,
    );
  }
}
