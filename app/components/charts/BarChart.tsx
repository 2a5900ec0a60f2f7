import { ChartFigure } from './ChartFigure';
import { CHART_WIDTH } from './ColumnChart';
import { describeRanking } from './describe';
import { formatNumber, linearScale, niceAxis, round } from './scale';
import classes from './charts.module.css';

interface BarChartProps {
  title: string;
  /** Headings of the data table's two columns (e.g. 研究主题, 文献数). */
  labelHeading: string;
  valueHeading: string;
  items: { label: string; value: number }[];
  unit: string;
}

const ROW = 28;
const TOP = 6;
const LABEL_WIDTH = 150;
const VALUE_SPACE = 48;

/** Horizontal bars, largest first as given: a ranking such as research fields. */
export function BarChart({ title, labelHeading, valueHeading, items, unit }: BarChartProps) {
  const height = TOP * 2 + items.length * ROW;
  const axis = niceAxis(Math.max(0, ...items.map((item) => item.value)));
  const x = linearScale([0, axis.max], [LABEL_WIDTH, CHART_WIDTH - VALUE_SPACE]);
  const table = { head: [labelHeading, valueHeading], rows: items.map((item) => ({ label: item.label, values: [item.value] })) };

  return (
    <ChartFigure title={title} table={table}>
      {(ids) => (
        <svg className={classes.svg} viewBox={`0 0 ${CHART_WIDTH} ${height}`} role="img" aria-labelledby={`${ids.title} ${ids.desc}`}>
          <title id={ids.title}>{title}</title>
          <desc id={ids.desc}>{describeRanking(items, unit)}</desc>
          {items.map((item, index) => {
            const top = TOP + index * ROW;
            const width = Math.max(2, x(item.value) - LABEL_WIDTH);
            return (
              <g key={item.label}>
                <text className={classes.axisLabel} x={LABEL_WIDTH - 10} y={top + ROW / 2} dy="0.35em" textAnchor="end">
                  {item.label}
                </text>
                <rect className={classes.track} x={LABEL_WIDTH} y={top + 6} width={round(CHART_WIDTH - VALUE_SPACE - LABEL_WIDTH)} height={ROW - 12} rx={3} />
                <rect
                  x={LABEL_WIDTH}
                  y={top + 6}
                  width={round(width)}
                  height={ROW - 12}
                  rx={3}
                  fill="var(--color-series-1)"
                  fillOpacity={round(1 - index * (0.5 / Math.max(1, items.length)))}
                >
                  <title>{`${item.label}：${formatNumber(item.value)} ${unit}`}</title>
                </rect>
                <text className={classes.value} x={round(CHART_WIDTH - VALUE_SPACE + 8)} y={top + ROW / 2} dy="0.35em">
                  {formatNumber(item.value)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </ChartFigure>
  );
}
