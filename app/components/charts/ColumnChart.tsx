import { ChartFigure, seriesColor, seriesLegend, seriesTable, ValueGrid } from './ChartFigure';
import { describeTrend, type Series } from './describe';
import { bandLayout, formatNumber, linearScale, niceAxis, round, stack } from './scale';
import classes from './charts.module.css';

interface ColumnChartProps {
  title: string;
  /** Heading of the category column of the data table (e.g. 年份). */
  categoryHeading: string;
  categories: string[];
  series: Series[];
  unit: string;
  /** Several series: stacked (parts of a whole) rather than side by side. */
  stacked?: boolean;
}

export const CHART_WIDTH = 560;
export const CHART_HEIGHT = 260;
export const MARGIN = { top: 18, right: 12, bottom: 34, left: 46 };
const MAX_BAR = 56;

/** Category labels to print under the axis: all of them, or every n-th when crowded. */
export function labelEvery(count: number, max = 10): number {
  return Math.max(1, Math.ceil(count / max));
}

/**
 * How many of these labels fit side by side under a plot this wide (in the chart's units)
 * without touching: each as wide as the longest at the phone size of axis labels (14 units,
 * a digit about 0.6 of it), with a gap between them. At most 10.
 */
export function labelsThatFit(categories: string[], plotWidth: number): number {
  const longest = Math.max(1, ...categories.map((category) => category.length));
  return Math.max(2, Math.min(10, Math.floor(plotWidth / (longest * 14 * 0.6 + 12))));
}

/** Vertical bars per category (years), one series or several (grouped or stacked). */
export function ColumnChart({ title, categoryHeading, categories, series, unit, stacked = false }: ColumnChartProps) {
  const plotWidth = CHART_WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const segments = stack(series.map((s) => s.values));
  const dataMax = stacked ? Math.max(0, ...(segments[segments.length - 1] ?? []).map(([, top]) => top)) : Math.max(0, ...series.flatMap((s) => s.values));
  const axis = niceAxis(dataMax);
  const y = linearScale([0, axis.max], [MARGIN.top + plotHeight, MARGIN.top]);
  const bands = bandLayout(categories.length, plotWidth, categories.length > 12 ? 0.2 : 0.4);
  const groups = stacked ? 1 : Math.max(1, series.length);
  // Few categories would make slabs of bars: a bar is at most MAX_BAR wide.
  const groupWidth = Math.min(bands.bandwidth, MAX_BAR * groups);
  const barWidth = groupWidth / groups;
  const every = labelEvery(categories.length);
  const showValues = !stacked && series.length === 1 && categories.length <= 12;

  return (
    <ChartFigure title={title} table={seriesTable(categoryHeading, categories, series)} legend={seriesLegend(series)}>
      {(ids) => (
        <svg className={classes.svg} viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} role="img" aria-labelledby={`${ids.title} ${ids.desc}`}>
          <title id={ids.title}>{title}</title>
          <desc id={ids.desc}>{describeTrend(categories, series, unit)}</desc>
          <ValueGrid ticks={axis.ticks} y={y} left={MARGIN.left} right={CHART_WIDTH - MARGIN.right} />
          {categories.map((category, index) => {
            const x0 = MARGIN.left + bands.center(index) - groupWidth / 2;
            return (
              <g key={category}>
                {series.map((s, sIndex) => {
                  const [bottom, top] = stacked ? segments[sIndex][index] : [0, s.values[index] ?? 0];
                  if (top <= bottom) return null;
                  const x = stacked ? x0 : x0 + sIndex * barWidth;
                  return (
                    <rect
                      key={s.name}
                      x={round(x)}
                      y={round(y(top))}
                      width={round(Math.max(1, barWidth - (groups > 1 ? 2 : 0)))}
                      height={round(y(bottom) - y(top))}
                      fill={seriesColor(sIndex)}
                      rx={2}
                    >
                      <title>{`${category} ${s.name}：${formatNumber(s.values[index] ?? 0)} ${unit}`}</title>
                    </rect>
                  );
                })}
                {showValues && (series[0].values[index] ?? 0) > 0 ? (
                  <text className={classes.value} x={round(MARGIN.left + bands.center(index))} y={round(y(series[0].values[index]) - 6)} textAnchor="middle">
                    {formatNumber(series[0].values[index])}
                  </text>
                ) : null}
                {index % every === 0 ? (
                  <text className={classes.axisLabel} x={round(MARGIN.left + bands.center(index))} y={CHART_HEIGHT - MARGIN.bottom + 20} textAnchor="middle">
                    {category}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line className={classes.baseline} x1={MARGIN.left} x2={CHART_WIDTH - MARGIN.right} y1={MARGIN.top + plotHeight} y2={MARGIN.top + plotHeight} />
        </svg>
      )}
    </ChartFigure>
  );
}
