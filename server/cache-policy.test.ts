import { describe, expect, it } from 'vitest';
import { sharedQuery } from './cache-policy';

const NEWS = ['login', 'redirect', 'gch', 'from', 'type', 'q', 'page'];

describe('sharedQuery: the query a shared page is cached under', () => {
  it.each([
    ['type=2', 'type=2', true],
    ['utm_source=x&type=2', 'type=2', false],
    ['type=2&utm_source=x&fbclid=abc', 'type=2', false],
    // Names are read case-sensitively by the loader: TYPE is not type, so it is dropped.
    ['TYPE=2', '', false],
    ['Type=2&type=3', 'type=3', false],
    // Decoded as URLSearchParams decodes them: %74ype is type.
    ['%74ype=2', 'type=2', false],
    ['ty%70e=2&%70age=3', 'page=3&type=2', false],
    // The first value of a repeated parameter is the one the loader reads.
    ['type=2&type=3', 'type=2', false],
    ['type=2&type=2&type=2', 'type=2', false],
    // Empty values and bare names say nothing.
    ['type=&q=', '', false],
    ['type', '', false],
    ['type=2&q=', 'type=2', false],
    // Order: one key, sorted by name; either order may be kept under its own URL.
    ['type=2&page=3', 'page=3&type=2', true],
    ['page=3&type=2', 'page=3&type=2', true],
    ['type=2&utm=1&page=3', 'page=3&type=2', false],
    // Values are written back as a form would send them.
    ['q=%E6%95%B0%E6%8D%AE', 'q=%E6%95%B0%E6%8D%AE', true],
    ['q=数据', 'q=%E6%95%B0%E6%8D%AE', false],
    ['q=a b', 'q=a+b', false],
    ['', '', false],
    ['&&', '', false],
  ])('/news?%s → /news?%s', (raw, query, canonical) => {
    expect(sharedQuery('/news', raw, NEWS)).toMatchObject({ query, canonical });
  });

  it('calls a URL without a query canonical, and says when something was left out', () => {
    expect(sharedQuery('/news', undefined, NEWS)).toEqual({ query: '', canonical: true, dropped: false });
    expect(sharedQuery('/news', 'page=3&type=2', NEWS).dropped).toBe(false);
    expect(sharedQuery('/news', 'type=2&type=2', NEWS).dropped).toBe(true);
    expect(sharedQuery('/news', 'type=2&x=1', NEWS).dropped).toBe(true);
    expect(sharedQuery('/news', 'type=', NEWS).dropped).toBe(true);
  });

  it("keeps React Router's _routes on a data request only", () => {
    expect(sharedQuery('/news.data', '_routes=routes%2Fnews%2Flist&type=2', NEWS).query).toBe('_routes=routes%2Fnews%2Flist&type=2');
    expect(sharedQuery('/news', '_routes=routes%2Fnews%2Flist&type=2', NEWS).query).toBe('type=2');
  });

  it('makes one entry for any number of unknown parameters', () => {
    const queries = new Set(Array.from({ length: 200 }, (_, n) => sharedQuery('/news', `junk${n}=${n}&type=2&utm_${n % 7}=x`, NEWS).query));
    expect([...queries]).toEqual(['type=2']);
  });
});
