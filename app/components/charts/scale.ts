/**
 * The arithmetic of the server-drawn charts: nice axes, linear and band scales, stacking
 * and year ranges. Pure functions, unit-tested; the chart components only draw.
 */

export interface Axis {
  /** Top of the axis: the first tick at or above the data's maximum. */
  max: number;
  step: number;
  /** From 0 to `max`, every `step`. */
  ticks: number[];
}

/** Steps of 1, 2 or 5 times a power of ten. */
const NICE_STEPS = [1, 2, 5, 10];

/** Rounds away the float noise of repeated multiplication (0.1 × 3 = 0.30000000000000004). */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

/**
 * A "nice" axis from 0 to at least `dataMax`, with about `targetTicks` intervals whose
 * step is 1, 2 or 5 × 10ⁿ. Counts are whole numbers, so by default the step is at least 1.
 */
export function niceAxis(dataMax: number, targetTicks = 5, integer = true): Axis {
  const intervals = Math.max(1, Math.round(targetTicks));
  if (!Number.isFinite(dataMax) || dataMax <= 0) return { max: 1, step: 1, ticks: [0, 1] };
  const raw = dataMax / intervals;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  let step = clean((NICE_STEPS.find((nice) => nice * magnitude >= raw) ?? 10) * magnitude);
  if (integer) step = Math.max(1, Math.ceil(step));
  const max = clean(Math.ceil(clean(dataMax / step)) * step);
  const ticks: number[] = [];
  for (let i = 0; clean(i * step) <= max; i++) ticks.push(clean(i * step));
  return { max, step, ticks };
}

/** Maps [d0, d1] onto [r0, r1] linearly (an empty domain maps everything to r0). */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]) {
  const span = d1 - d0;
  return (value: number) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

export interface BandLayout {
  /** Width of one band (a bar, or a group of bars). */
  bandwidth: number;
  /** Centre of band `index`. */
  center: (index: number) => number;
}

/**
 * Splits `length` into `count` equal slots with a bar in each; `padding` (0–1) is the
 * share of each slot left empty, half on either side.
 */
export function bandLayout(count: number, length: number, padding = 0.3): BandLayout {
  const slot = count > 0 ? length / count : length;
  const bandwidth = slot * (1 - Math.min(Math.max(padding, 0), 0.95));
  return { bandwidth, center: (index) => index * slot + slot / 2 };
}

/**
 * Stacks series on top of each other: for every series and category, the [bottom, top]
 * of its segment. Negative values count as 0.
 */
export function stack(series: readonly (readonly number[])[]): [number, number][][] {
  const length = Math.max(0, ...series.map((values) => values.length));
  const base = new Array<number>(length).fill(0);
  return series.map((values) =>
    base.map((bottom, index) => {
      const top = bottom + Math.max(0, values[index] ?? 0);
      base[index] = top;
      return [bottom, top] as [number, number];
    }),
  );
}

/** Every year from the smallest to the largest given, so that a trend shows its gaps. */
export function yearRange(years: readonly number[]): number[] {
  if (years.length === 0) return [];
  const first = Math.min(...years);
  const last = Math.max(...years);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** "12345" → "12,345": the same on the server and in every browser (no locale data). */
export function formatNumber(value: number): string {
  const [whole, fraction] = String(clean(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** SVG path through points: "M x0 y0 L x1 y1 …", coordinates rounded to 0.1. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`).join(' ');
}

/** Coordinates in the SVG keep one decimal: smaller markup, identical on server and client. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}
