import { copy } from '~/copy';
import { formatNumber } from './scale';

export interface Series {
  name: string;
  values: number[];
}

/** The spoken summary of a trend chart: span, total of each series and the peak of the first. */
export function describeTrend(categories: readonly string[], series: readonly Series[], unit: string): string {
  if (categories.length === 0 || series.length === 0) return copy.charts.empty;
  const parts = series.map((s) => copy.charts.seriesTotal(s.name, formatNumber(s.values.reduce((sum, v) => sum + v, 0)), unit));
  const first = series[0].values;
  const peak = first.reduce((best, value, index) => (value > first[best] ? index : best), 0);
  if (first[peak] > 0) parts.push(copy.charts.peak(categories[peak], formatNumber(first[peak]), unit));
  return copy.charts.trendSummary(categories[0], categories[categories.length - 1], parts);
}

/** The spoken summary of a ranking (horizontal bars): every item with its value. */
export function describeRanking(items: readonly { label: string; value: number }[], unit: string): string {
  if (items.length === 0) return copy.charts.empty;
  return copy.charts.ranking(items.map((item) => `${item.label} ${formatNumber(item.value)} ${unit}`));
}
