import { describe, expect, it } from 'vitest';
import { bandLayout, formatNumber, linearScale, linePath, niceAxis, round, stack, yearRange } from './scale';

describe('niceAxis', () => {
  it('covers the maximum with steps of 1, 2 or 5 × 10ⁿ', () => {
    expect(niceAxis(7)).toEqual({ max: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(niceAxis(10)).toEqual({ max: 10, step: 2, ticks: [0, 2, 4, 6, 8, 10] });
    expect(niceAxis(23)).toEqual({ max: 25, step: 5, ticks: [0, 5, 10, 15, 20, 25] });
    expect(niceAxis(97891)).toEqual({ max: 100000, step: 20000, ticks: [0, 20000, 40000, 60000, 80000, 100000] });
  });

  it('keeps whole-number steps for counts, so a single paper is not drawn on a 0.2 grid', () => {
    expect(niceAxis(1)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(niceAxis(3)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
  });

  it('allows fractional steps when asked, without float noise', () => {
    expect(niceAxis(0.37, 5, false)).toEqual({ max: 0.4, step: 0.1, ticks: [0, 0.1, 0.2, 0.3, 0.4] });
    expect(niceAxis(1, 5, false)).toEqual({ max: 1, step: 0.2, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
  });

  it('respects the number of intervals asked for', () => {
    expect(niceAxis(100, 2).ticks).toEqual([0, 50, 100]);
    expect(niceAxis(100, 10).ticks).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it('gives an axis of 0 to 1 when there is nothing to draw', () => {
    for (const empty of [0, -3, Number.NaN, Number.POSITIVE_INFINITY]) expect(niceAxis(empty)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included (SVG y grows downwards)', () => {
    const y = linearScale([0, 10], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(5)).toBe(100);
    expect(y(10)).toBe(0);
    expect(linearScale([10, 20], [0, 100])(15)).toBe(50);
  });
  it('maps everything to the start of the range when the domain is empty', () => {
    expect(linearScale([3, 3], [10, 90])(3)).toBe(10);
  });
});

describe('bandLayout', () => {
  it('centres a bar in each slot, leaving the padding around it', () => {
    const bands = bandLayout(4, 400, 0.5);
    expect(bands.bandwidth).toBe(50);
    expect(bands.center(0)).toBe(50);
    expect(bands.center(3)).toBe(350);
  });
  it('clamps the padding', () => {
    expect(bandLayout(2, 100, -1).bandwidth).toBe(50);
    expect(bandLayout(1, 100, 2).bandwidth).toBeCloseTo(5);
  });
});

describe('stack', () => {
  it('puts every series on top of the previous ones', () => {
    expect(
      stack([
        [1, 0, 2],
        [3, 1, 0],
      ]),
    ).toEqual([
      [
        [0, 1],
        [0, 0],
        [0, 2],
      ],
      [
        [1, 4],
        [0, 1],
        [2, 2],
      ],
    ]);
  });
  it('treats missing and negative values as 0', () => {
    expect(stack([[2], [-1, 4]])).toEqual([
      [
        [0, 2],
        [0, 0],
      ],
      [
        [2, 2],
        [0, 4],
      ],
    ]);
  });
});

describe('yearRange', () => {
  it('fills the gaps between the first and the last year, in order', () => {
    expect(yearRange([2025, 2022, 2023])).toEqual([2022, 2023, 2024, 2025]);
    expect(yearRange([2024])).toEqual([2024]);
    expect(yearRange([])).toEqual([]);
  });
});

describe('formatNumber', () => {
  it('groups thousands the same way everywhere', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(97891)).toBe('97,891');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
  });
});

describe('linePath', () => {
  it('draws a polyline with coordinates rounded to 0.1', () => {
    expect(linePath([])).toBe('');
    expect(
      linePath([
        [0, 10],
        [12.345, 6.66],
        [20, 0],
      ]),
    ).toBe('M0 10 L12.3 6.7 L20 0');
    expect(round(2.25)).toBe(2.3);
  });
});
