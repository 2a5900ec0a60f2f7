import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager';

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it('elides far pages around the current one', () => {
    expect(pageWindow(10, 30)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 30]);
    expect(pageWindow(1, 30)).toEqual([1, 2, 3, 'gap', 30]);
    expect(pageWindow(30, 30)).toEqual([1, 'gap', 28, 29, 30]);
    expect(pageWindow(4, 30)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 30]);
  });
});
