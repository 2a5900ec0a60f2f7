import { ChartFigure, seriesColor, seriesLegend, seriesTable, ValueGrid } from './ChartFigure';
import { CHART_HEIGHT, CHART_WIDTH, labelEvery, labelsThatFit, MARGIN } from './ColumnChart';
import { describeTrend, type Series } from './describe';
import { bandLayout, formatNumber, linearScale, linePath, niceAxis, round } from './scale';
import classes from './charts.module.css';

interface LineChartProps {
  title: string;
  categoryHeading: string;
  categories: string[];
  series: Series[];
  unit: string;
}

/** One line per series over the categories (years), with a dot per value. */
export function LineChart({ title, categoryHeading, categories, series, unit }: LineChartProps) {
  const plotWidth = CHART_WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const axis = niceAxis(Math.max(0, ...series.flatMap((s) => s.values)));
  const y = linearScale([0, axis.max], [MARGIN.top + plotHeight, MARGIN.top]);
  const bands = bandLayout(categories.length, plotWidth, 0);
  const x = (index: number) => MARGIN.left + bands.center(index);
  const every = labelEvery(categories.length, labelsThatFit(categories, plotWidth));

  return (
    <ChartFigure title={title} table={seriesTable(categoryHeading, categories, series)} legend={seriesLegend(series)}>
      {(ids) => (
        <svg className={classes.svg} viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} role="img" aria-labelledby={`${ids.title} ${ids.desc}`}>
          <title id={ids.title}>{title}</title>
          <desc id={ids.desc}>{describeTrend(categories, series, unit)}</desc>
          <ValueGrid ticks={axis.ticks} y={y} left={MARGIN.left} right={CHART_WIDTH - MARGIN.right} />
          {categories.map((category, index) =>
            index % every === 0 ? (
              <text key={category} className={classes.axisLabel} x={round(x(index))} y={CHART_HEIGHT - MARGIN.bottom + 20} textAnchor="middle">
                {category}
              </text>
            ) : null,
          )}
          <line className={classes.baseline} x1={MARGIN.left} x2={CHART_WIDTH - MARGIN.right} y1={MARGIN.top + plotHeight} y2={MARGIN.top + plotHeight} />
          {series.map((s, sIndex) => (
            <g key={s.name} stroke={seriesColor(sIndex)} fill={seriesColor(sIndex)}>
              <path className={classes.line} d={linePath(categories.map((_, index) => [x(index), y(s.values[index] ?? 0)]))} fill="none" />
              {categories.map((category, index) => (
                <circle key={category} cx={round(x(index))} cy={round(y(s.values[index] ?? 0))} r={3.5} className={classes.dot}>
                  <title>{`${category} ${s.name}：${formatNumber(s.values[index] ?? 0)} ${unit}`}</title>
                </circle>
              ))}
            </g>
          ))}
        </svg>
      )}
    </ChartFigure>
  );
}
