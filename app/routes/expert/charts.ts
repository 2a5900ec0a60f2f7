import type { eduClassTrendSchema, fundTrendSchema, paperTrendSchema, researchFieldSchema } from '~/backend/endpoints/experts.server';
import type { Series } from '~/components/charts/describe';
import { yearRange } from '~/components/charts/scale';
import { copy } from '~/copy';
import type { z } from 'zod';

export interface TrendData {
  categories: string[];
  series: Series[];
}

export interface ExpertCharts {
  paperTrend: TrendData;
  researchField: { label: string; value: number }[];
  eduClassTrend: TrendData;
  fundTrend: TrendData;
}

interface Answers {
  paperTrend: z.infer<typeof paperTrendSchema> | null;
  researchField: z.infer<typeof researchFieldSchema> | null;
  eduClassTrend: z.infer<typeof eduClassTrendSchema> | null;
  fundTrend: z.infer<typeof fundTrendSchema> | null;
}

/**
 * Values by year over a continuous range of years: a year the backend leaves out
 * (no papers) is drawn as 0, not skipped, so the trend does not lie about its gaps.
 */
function byYear<Row extends { year: number }>(rows: Row[], pick: { name: string; value: (row: Row) => number }[]): TrendData {
  const years = yearRange(rows.map((row) => row.year));
  return {
    categories: years.map(String),
    series: pick.map(({ name, value }) => ({
      name,
      values: years.map((year) => {
        const row = rows.find((r) => r.year === year);
        return row ? value(row) : 0;
      }),
    })),
  };
}

/** The four charts of an expert's page from the statistics endpoints (null: not available). */
export function expertCharts(answers: Answers): ExpertCharts {
  const t = copy.charts;
  const eduYears = yearRange(answers.eduClassTrend?.years ?? []);
  const eduIndex = new Map((answers.eduClassTrend?.years ?? []).map((year, index) => [year, index]));
  return {
    paperTrend: byYear(answers.paperTrend ?? [], [{ name: t.paperTrend.series, value: (row) => row.count }]),
    researchField: [...(answers.researchField ?? [])]
      .filter((field) => field.value > 0)
      .sort((a, b) => b.value - a.value)
      .map((field) => ({ label: field.name, value: field.value })),
    eduClassTrend: {
      categories: eduYears.map(String),
      series: (answers.eduClassTrend?.series ?? [])
        .map((s) => ({ name: s.name, values: eduYears.map((year) => (eduIndex.has(year) ? (s.data[eduIndex.get(year)!] ?? 0) : 0)) }))
        .filter((s) => s.values.some((v) => v > 0)),
    },
    fundTrend: byYear(answers.fundTrend ?? [], [
      { name: t.fundTrend.total, value: (row) => row.total },
      { name: t.fundTrend.funded, value: (row) => row.funded },
      { name: t.fundTrend.national, value: (row) => row.national },
    ]),
  };
}
