import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { MemoryPageStore, createPageCache, precompressed, type CachedPage, type PageStore } from './page-cache';

function page(body: string, status = 200): Omit<CachedPage, 'storedAt'> {
  return { status, headers: [['content-type', 'text/html']], body: Buffer.from(body), shareable: true };
}

/** A clock the test moves by hand: no test races a real timer. */
function manualClock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

/** A promise the test resolves when it chooses (a render or a lock that is still running). */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('MemoryPageStore', () => {
  it('evicts the least recently used entries beyond the entry bound', async () => {
    const store = new MemoryPageStore(2, 1_000_000);
    await store.set('a', { ...page('a'), storedAt: 0 }, 60_000);
    await store.set('b', { ...page('b'), storedAt: 0 }, 60_000);
    await store.get('a');
    await store.set('c', { ...page('c'), storedAt: 0 }, 60_000);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
    expect(await store.get('c')).toBeDefined();
  });

  it('keeps the total size under the byte bound and refuses a single oversized page', async () => {
    const store = new MemoryPageStore(100, 10);
    await store.set('a', { ...page('123456'), storedAt: 0 }, 60_000);
    await store.set('b', { ...page('123456'), storedAt: 0 }, 60_000);
    expect(store.size.bytes).toBeLessThanOrEqual(10);
    expect(await store.get('a')).toBeUndefined();
    await store.set('huge', { ...page('x'.repeat(11)), storedAt: 0 }, 60_000);
    expect(await store.get('huge')).toBeUndefined();
  });

  it('forgets an entry when its time is up, not before', async () => {
    const clock = manualClock();
    const store = new MemoryPageStore(10, 1000, clock.now);
    await store.set('a', { ...page('a'), storedAt: 0 }, 5);
    clock.advance(4);
    expect(await store.get('a')).toBeDefined();
    clock.advance(1);
    expect(await store.get('a')).toBeUndefined();
  });
});

describe('page cache', () => {
  it('renders a miss once for 50 concurrent requests, then serves hits', async () => {
    let renders = 0;
    const rendering = gate();
    const cache = createPageCache({
      store: new MemoryPageStore(10, 1_000_000),
      freshMs: 60_000,
      staleMs: 60_000,
      render: async () => {
        renders += 1;
        await rendering.promise;
        return page('<p>home</p>');
      },
    });
    const pending = Promise.all(Array.from({ length: 50 }, () => cache.get('/')));
    rendering.open();
    const results = await pending;
    expect(renders).toBe(1);
    expect(results.every((r) => r.page.body.toString() === '<p>home</p>')).toBe(true);
    expect((await cache.get('/')).outcome).toBe('hit');
  });

  it('serves a stale page to 50 concurrent requests while exactly one background render refreshes it', async () => {
    const clock = manualClock();
    let renders = 0;
    const cache = createPageCache({
      store: new MemoryPageStore(10, 1_000_000, clock.now),
      freshMs: 150,
      staleMs: 60_000,
      now: clock.now,
      render: async () => {
        renders += 1;
        return page(`<p>version ${renders}</p>`);
      },
    });
    await cache.get('/');
    clock.advance(149);
    expect((await cache.get('/')).outcome).toBe('hit');
    clock.advance(1);
    const stale = await Promise.all(Array.from({ length: 50 }, () => cache.get('/')));
    expect(stale.every((r) => r.outcome === 'stale' && r.page.body.toString() === '<p>version 1</p>')).toBe(true);
    await cache.idle();
    expect(renders).toBe(2);
    const fresh = await cache.get('/');
    expect(fresh.outcome).toBe('hit');
    expect(fresh.page.body.toString()).toBe('<p>version 2</p>');
  });

  it('does not refresh again when another process refreshed the page between its read and its lock', async () => {
    const clock = manualClock();
    const shared = new MemoryPageStore(10, 1_000_000, clock.now);
    let renders = 0;
    const lockAsked = gate();
    // Process B's lock is slow: it only answers once A's refresh is done.
    const slowLockingStore: PageStore = {
      get: (k) => shared.get(k),
      set: (k, p, t) => shared.set(k, p, t),
      lock: async (k, t) => (await lockAsked.promise, shared.lock(k, t)),
      unlock: (k) => shared.unlock(k),
    };
    const options = { freshMs: 50, staleMs: 60_000, now: clock.now, render: async () => page(`<p>version ${++renders}</p>`) };
    const processA = createPageCache({ ...options, store: shared });
    const processB = createPageCache({ ...options, store: slowLockingStore });
    await processA.get('/');
    clock.advance(60);
    expect((await processB.get('/')).outcome).toBe('stale');
    expect((await processA.get('/')).outcome).toBe('stale');
    await processA.idle();
    expect(renders).toBe(2);
    lockAsked.open();
    await processB.idle();
    expect(renders).toBe(2);
    expect((await processB.get('/')).page.body.toString()).toBe('<p>version 2</p>');
  });

  it('never stores error pages or personal answers', async () => {
    let renders = 0;
    const answers = [page('oops', 500), page('missing', 404), { ...page('mine'), shareable: false }];
    const cache = createPageCache({
      store: new MemoryPageStore(10, 1_000_000),
      freshMs: 60_000,
      staleMs: 60_000,
      render: async () => answers[renders++ % answers.length],
    });
    for (let i = 0; i < 3; i++) expect((await cache.get('/x')).outcome).toBe('miss');
    expect(renders).toBe(3);
  });

  it('keeps serving the stale page when a refresh fails', async () => {
    const clock = manualClock();
    let renders = 0;
    const errors: unknown[] = [];
    const cache = createPageCache({
      store: new MemoryPageStore(10, 1_000_000, clock.now),
      freshMs: 10,
      staleMs: 60_000,
      now: clock.now,
      render: async () => {
        renders += 1;
        if (renders > 1) throw new Error('backend down');
        return page('<p>ok</p>');
      },
      onRefreshError: (_key, error) => errors.push(error),
    });
    await cache.get('/');
    clock.advance(20);
    expect((await cache.get('/')).page.body.toString()).toBe('<p>ok</p>');
    await cache.idle();
    expect(errors).toHaveLength(1);
    expect((await cache.get('/')).outcome).toBe('stale');
  });
});

describe('precompressed', () => {
  it('gzips a body the same for every response once, and gives the same bytes to each hit', () => {
    const cached = { ...page('<p>数据法学</p>'.repeat(50)), storedAt: 0 };
    const gzip = precompressed(cached);
    expect(gunzipSync(gzip).toString()).toBe(cached.body.toString());
    expect(gzip.length).toBeLessThan(cached.body.length / 5);
    expect(precompressed(cached)).toBe(gzip);
  });
});
