import { describe, expect, it } from 'vitest';
import { matchingTotal } from './reading.server';

describe('the usage chart beside the counter', () => {
  it('puts what the counter saw and the chart did not into the newest month, so both add up alike', () => {
    expect(matchingTotal([5, 3, 0], 9)).toEqual([5, 3, 1]);
    expect(matchingTotal([5, 3, 2], 9)).toEqual([5, 3, 1]);
    expect(matchingTotal([5, 3, 1], 9)).toEqual([5, 3, 1]);
    expect(matchingTotal([], 9)).toEqual([]);
  });
});
