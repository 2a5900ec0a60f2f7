import { useId, type ReactNode } from 'react';
import { copy } from '~/copy';
import type { Series } from './describe';
import { formatNumber, round } from './scale';
import classes from './charts.module.css';

export interface ChartTable {
  /** Column headings: the category column, then one per value column. */
  head: string[];
  rows: { label: string; values: number[] }[];
}

interface ChartFigureProps {
  title: string;
  table: ChartTable;
  /** Series names and colours, shown under the chart when there is more than one. */
  legend?: { name: string; color: string }[];
  /** The SVG, given the ids of its title and description elements. */
  children: (ids: { title: string; desc: string }) => ReactNode;
}

/**
 * A chart as a figure: caption, the server-drawn SVG (role img, titled and described),
 * a legend, and the same figures as a data table in a <details> ("查看数据表"), so they
 * are readable without JavaScript, without the picture and by screen readers.
 */
export function ChartFigure({ title, table, legend, children }: ChartFigureProps) {
  const id = useId();
  const captionId = `${id}-caption`;
  const empty = table.rows.length === 0;
  // One data point is a fact, not a chart: a single bar or a lone dot reads as broken.
  const single = table.rows.length === 1 ? table.rows[0]! : null;
  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={classes.caption}>
        {title}
      </figcaption>
      {empty ? (
        <p className={classes.empty}>{copy.charts.empty}</p>
      ) : single ? (
        <dl className={classes.fact} data-testid="chart-fact">
          <dt>{single.label}</dt>
          {single.values.map((value, index) => (
            <dd key={table.head[index + 1] ?? index}>
              {table.head.length > 2 ? `${table.head[index + 1]}：` : ''}
              <strong>{formatNumber(value)}</strong>
            </dd>
          ))}
        </dl>
      ) : (
        <>
          {/* Focusable, so a keyboard can scroll it where it is wider than the screen. */}
          <div className={classes.scroller} tabIndex={0} role="group" aria-label={title}>
            {children({ title: `${id}-title`, desc: `${id}-desc` })}
          </div>
          <p className={classes.scrollHint} aria-hidden="true">
            {copy.charts.scrollHint}
          </p>
          {legend && legend.length > 1 ? (
            <ul className={classes.legend} aria-hidden="true">
              {legend.map((item) => (
                <li key={item.name}>
                  <span className={classes.swatch} style={{ background: item.color }} />
                  {item.name}
                </li>
              ))}
            </ul>
          ) : null}
          <details className={classes.data}>
            <summary>{copy.charts.showTable}</summary>
            <div className={classes.tableWrap}>
              <table className={classes.table}>
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    {table.head.map((heading, index) => (
                      <th key={heading} scope="col" className={index > 0 ? classes.numeric : undefined}>
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      {row.values.map((value, index) => (
                        <td key={index} className={classes.numeric}>
                          {formatNumber(value)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

/** Colours of the series, in order (tokens.css): the journal's blue first. */
const SERIES_COLORS = [
  'var(--color-series-1)',
  'var(--color-series-2)',
  'var(--color-series-3)',
  'var(--color-series-4)',
  'var(--color-series-5)',
  'var(--color-series-6)',
  'var(--color-series-7)',
  'var(--color-series-8)',
  'var(--color-series-9)',
  'var(--color-series-10)',
  'var(--color-series-11)',
  'var(--color-series-12)',
];

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length];
}

/** The data table of series over categories: one row per category, one column per series. */
export function seriesTable(categoryHeading: string, categories: string[], series: Series[]): ChartTable {
  return {
    head: [categoryHeading, ...series.map((s) => s.name)],
    rows: categories.map((label, index) => ({ label, values: series.map((s) => s.values[index] ?? 0) })),
  };
}

export function seriesLegend(series: Series[]): { name: string; color: string }[] {
  return series.map((s, index) => ({ name: s.name, color: seriesColor(index) }));
}

/** Horizontal grid lines at the axis ticks, labelled on the left. */
export function ValueGrid({ ticks, y, left, right }: { ticks: number[]; y: (value: number) => number; left: number; right: number }) {
  return (
    <g className={classes.grid}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={round(y(tick))} y2={round(y(tick))} />
          <text x={left - 8} y={round(y(tick))} dy="0.35em" textAnchor="end">
            {formatNumber(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}
