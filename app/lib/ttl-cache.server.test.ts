import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache.server';

describe('createTtlCache', () => {
  it('loads once for concurrent callers and reuses the value until it expires', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache<string>(1000, () => clock);
    const load = async () => `v${++loads}`;
    expect(await Promise.all([cache.get(load), cache.get(load), cache.get(load)])).toEqual(['v1', 'v1', 'v1']);
    clock = 999;
    expect(await cache.get(load)).toBe('v1');
    clock = 1000;
    expect(await cache.get(load)).toBe('v2');
    expect(loads).toBe(2);
  });

  it('does not keep a failure', async () => {
    const cache = createTtlCache<string>(1000);
    await expect(cache.get(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(async () => 'up')).toBe('up');
  });
});
