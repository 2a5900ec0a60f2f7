import { gzipSync } from 'node:zlib';

/**
 * The anonymous page cache: server-rendered HTML (and client-navigation `.data`
 * answers) of public pages for visitors without a session, kept for `freshMs` and
 * served stale for `staleMs` more while one background render refreshes it. Concurrent
 * misses of one key share one render; error answers are never stored.
 *
 * With a shared store (server/redis-page-store.ts) the refresh of a stale page is single
 * across all processes (its lock is in the store). A miss is not: each process renders a
 * page it does not find itself rather than waiting on another's render, so a cold page
 * costs at most one render per process, and a miss never waits on another process.
 */

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The same bytes for every visitor: no nonce (its CSP header, among `headers`, names its scripts' hashes). */
  body: Buffer;
  /** False for answers that set cookies or call themselves private: never stored. */
  shareable: boolean;
  storedAt: number;
}

export interface PageStore {
  get(key: string): Promise<CachedPage | undefined>;
  set(key: string, page: CachedPage, ttlMs: number): Promise<void>;
  /** Takes a short lock so only one process refreshes a key; true when taken. */
  lock(key: string, ttlMs: number): Promise<boolean>;
  unlock(key: string): Promise<void>;
  /** The page at once, without a promise: only a store in this process can (the cache-hit lane uses it). */
  peek?(key: string): CachedPage | undefined;
}

/** In-process store: an LRU bounded by entry count and total bytes. */
export class MemoryPageStore implements PageStore {
  private readonly entries = new Map<string, { page: CachedPage; expiresAt: number }>();
  private readonly locks = new Map<string, number>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    /** The clock (tests pass their own). */
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async get(key: string) {
    return this.peek(key);
  }

  peek(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Refresh its place in the LRU order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.page;
  }

  async set(key: string, page: CachedPage, ttlMs: number) {
    if (page.body.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { page, expiresAt: this.now() + ttlMs });
    this.bytes += page.body.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  async lock(key: string, ttlMs: number) {
    const until = this.locks.get(key);
    if (until && until > this.now()) return false;
    this.locks.set(key, this.now() + ttlMs);
    return true;
  }

  async unlock(key: string) {
    this.locks.delete(key);
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.page.body.length;
    this.entries.delete(key);
  }
}

export interface PageCacheOptions {
  store: PageStore;
  freshMs: number;
  staleMs: number;
  /** Renders the page for `key`, under the request id of the request that asked (a background refresh has none). */
  render: (key: string, requestId?: string) => Promise<Omit<CachedPage, 'storedAt'>>;
  onRefreshError?: (key: string, error: unknown) => void;
  /** The clock (tests pass their own). */
  now?: () => number;
}

export type CacheOutcome = 'hit' | 'stale' | 'miss';

/** Longest a refresh may hold its key's lock (a crashed process's lock expires by itself). */
const REFRESH_LOCK_MS = 30_000;

export function createPageCache(options: PageCacheOptions) {
  const { store, freshMs, staleMs, render, now = Date.now } = options;
  /** Renders in flight in this process, by key: concurrent misses share one. */
  const inFlight = new Map<string, Promise<CachedPage>>();
  /** Background refreshes still running (awaited by `idle`). */
  const refreshing = new Set<Promise<void>>();

  function renderAndStore(key: string, requestId?: string): Promise<CachedPage> {
    const running = inFlight.get(key);
    if (running) return running;
    const promise = (async () => {
      try {
        const rendered = await render(key, requestId);
        const page: CachedPage = { ...rendered, storedAt: now() };
        if (page.status === 200 && page.shareable) await store.set(key, page, freshMs + staleMs);
        return page;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, promise);
    return promise;
  }

  async function refreshInBackground(key: string) {
    // One refresh per key across processes (the lock lives in the shared store).
    if (inFlight.has(key) || !(await store.lock(`refresh:${key}`, REFRESH_LOCK_MS))) return;
    try {
      // Another process may have refreshed it between our read and our lock.
      const current = await store.get(key);
      if (current && now() - current.storedAt < freshMs) return;
      await renderAndStore(key);
    } catch (error) {
      options.onRefreshError?.(key, error);
    } finally {
      await store.unlock(`refresh:${key}`);
    }
  }

  /** The page for `key`, and whether it came from the cache; a miss is rendered under `requestId` (its error page shows it). */
  async function get(key: string, requestId?: string): Promise<{ page: CachedPage; outcome: CacheOutcome }> {
    const cached = await store.get(key);
    if (cached) {
      const age = now() - cached.storedAt;
      if (age < freshMs) return { page: cached, outcome: 'hit' };
      const refresh = refreshInBackground(key);
      refreshing.add(refresh);
      void refresh.finally(() => refreshing.delete(refresh));
      return { page: cached, outcome: 'stale' };
    }
    return { page: await renderAndStore(key, requestId), outcome: 'miss' };
  }

  /**
   * The page for `key` when a store in this process holds it fresh, found without waiting:
   * what `get` would answer as a hit. Anything else (stale, missing, a shared store) is
   * undefined, and `get` decides.
   */
  function freshPage(key: string): CachedPage | undefined {
    const cached = store.peek?.(key);
    return cached && now() - cached.storedAt < freshMs ? cached : undefined;
  }

  /** Resolves once every background refresh started so far has finished. */
  async function idle(): Promise<void> {
    while (refreshing.size > 0) await Promise.all(refreshing);
  }

  return { get, freshPage, idle };
}

/** Gzip of each cached body that is the same for every response, made on its first hit. */
const gzipOf = new WeakMap<CachedPage, Buffer>();

/** The body gzipped once for all its hits, so a hit is not compressed again per request. */
export function precompressed(page: CachedPage): Buffer {
  let gzip = gzipOf.get(page);
  if (!gzip) {
    gzip = gzipSync(page.body, { level: 6 });
    gzipOf.set(page, gzip);
  }
  return gzip;
}
