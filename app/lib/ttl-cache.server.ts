/**
 * A value loaded at most once per `ttlMs` in this process, however many requests ask at
 * once: for public backend data that every page needs (footer, notice prompt). A failed
 * load is not kept, so the next request tries again.
 */
export function createTtlCache<T>(ttlMs: number, now: () => number = Date.now) {
  let value: T | undefined;
  let expiresAt = 0;
  let pending: Promise<T> | undefined;

  return {
    get(load: () => Promise<T>): Promise<T> {
      if (value !== undefined && now() < expiresAt) return Promise.resolve(value);
      pending ??= load()
        .then((loaded) => {
          value = loaded;
          expiresAt = now() + ttlMs;
          return loaded;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    clear() {
      value = undefined;
      expiresAt = 0;
    },
  };
}

/**
 * Many values, each loaded at most once per `ttlMs` however many requests ask at once,
 * and at most `maxEntries` kept (the oldest stored goes first): for public backend
 * answers that depend on their input (a page of news, the latest articles).
 */
export function createKeyedTtlCache<T>(maxEntries: number, now: () => number = Date.now) {
  const values = new Map<string, { value: T; expiresAt: number }>();
  const pending = new Map<string, Promise<T>>();
  function store(key: string, value: T, ttlMs: number) {
    values.delete(key);
    values.set(key, { value, expiresAt: now() + ttlMs });
    if (values.size > maxEntries) values.delete(values.keys().next().value as string);
  }

  return {
    get(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const stored = values.get(key);
      if (stored && now() < stored.expiresAt) return Promise.resolve(stored.value);
      let loading = pending.get(key);
      if (!loading) {
        loading = load()
          .then((loaded) => {
            store(key, loaded, ttlMs);
            return loaded;
          })
          .finally(() => pending.delete(key));
        pending.set(key, loading);
      }
      return loading;
    },
    /** The value stored under `key` if it is still fresh, without loading anything. */
    peek(key: string): T | undefined {
      const stored = values.get(key);
      return stored && now() < stored.expiresAt ? stored.value : undefined;
    },
    /** Stores a value loaded elsewhere (when only some answers may be kept). */
    set: store,
    get size() {
      return values.size;
    },
  };
}
