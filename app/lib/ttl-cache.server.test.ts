import { describe, expect, it } from 'vitest';
import { createKeyedTtlCache, createTtlCache } from './ttl-cache.server';

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

describe('createKeyedTtlCache', () => {
  it('keeps one value per key, loads each once for concurrent callers and reloads after the TTL', async () => {
    let clock = 0;
    const loads: string[] = [];
    const cache = createKeyedTtlCache<string>(10, () => clock);
    const load = (key: string) => async () => {
      loads.push(key);
      return `${key}@${clock}`;
    };
    expect(await Promise.all([cache.get('a', 500, load('a')), cache.get('a', 500, load('a')), cache.get('b', 500, load('b'))])).toEqual(['a@0', 'a@0', 'b@0']);
    clock = 499;
    expect(await cache.get('a', 500, load('a'))).toBe('a@0');
    clock = 500;
    expect(await cache.get('a', 500, load('a'))).toBe('a@500');
    expect(loads).toEqual(['a', 'b', 'a']);
  });

  it('is bounded, drops the oldest entry first and never keeps a failure', async () => {
    const cache = createKeyedTtlCache<number>(2);
    await cache.get('one', 1000, async () => 1);
    await cache.get('two', 1000, async () => 2);
    await cache.get('three', 1000, async () => 3);
    expect(cache.size).toBe(2);
    let reloaded = false;
    await cache.get('one', 1000, async () => ((reloaded = true), 1));
    expect(reloaded).toBe(true);
    await expect(cache.get('down', 1000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('down', 1000, async () => 4)).toBe(4);
  });

  it('peeks without loading, and keeps a value set from outside until its TTL', () => {
    let clock = 0;
    const cache = createKeyedTtlCache<string>(2, () => clock);
    expect(cache.peek('a')).toBeUndefined();
    cache.set('a', 'kept', 100);
    clock = 99;
    expect(cache.peek('a')).toBe('kept');
    clock = 100;
    expect(cache.peek('a')).toBeUndefined();
    cache.set('b', 'b', 100);
    cache.set('c', 'c', 100);
    cache.set('d', 'd', 100);
    expect(cache.size).toBe(2);
  });
});
