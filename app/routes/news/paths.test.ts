import { describe, expect, it } from 'vitest';
import { newsListPath, newsType, withQuery } from './paths';

describe('news paths', () => {
  it('reads the type: 2 is industry news, anything else the cooperating units', () => {
    expect(newsType('2')).toBe(2);
    expect(newsType(2)).toBe(2);
    for (const other of ['1', null, '', '3', 'abc', undefined]) expect(newsType(other)).toBe(1);
  });

  it('gives the canonical list URL of each type', () => {
    expect(newsListPath(1)).toBe('/news');
    expect(newsListPath(2)).toBe('/news?type=2');
  });

  it('adds query parameters to paths with or without a query', () => {
    expect(withQuery('/news', { page: 2 })).toBe('/news?page=2');
    expect(withQuery('/news?type=2', { page: 3 })).toBe('/news?type=2&page=3');
    expect(withQuery('/news?type=2', { q: '数据 出境' })).toBe('/news?type=2&q=%E6%95%B0%E6%8D%AE+%E5%87%BA%E5%A2%83');
    expect(withQuery('/news', { q: undefined })).toBe('/news');
  });
});
