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
