import { describe, expect, it } from 'vitest';
import { expertCharts } from './charts';

describe('expertCharts', () => {
  it('draws the years the backend leaves out as 0, so a trend shows its gaps', () => {
    const charts = expertCharts({
      paperTrend: [
        { year: 2021, count: 2 },
        { year: 2024, count: 1 },
      ],
      researchField: null,
      eduClassTrend: null,
      fundTrend: [
        { year: 2022, total: 3, funded: 2, national: 1 },
        { year: 2024, total: 1, funded: 1, national: 0 },
      ],
    });
    expect(charts.paperTrend).toEqual({ categories: ['2021', '2022', '2023', '2024'], series: [{ name: '发文量', values: [2, 0, 0, 1] }] });
    expect(charts.fundTrend).toEqual({
      categories: ['2022', '2023', '2024'],
      series: [
        { name: '发文总数', values: [3, 0, 1] },
        { name: '基金资助论文', values: [2, 0, 1] },
        { name: '国家社科基金论文', values: [1, 0, 0] },
      ],
    });
  });

  it('ranks research fields by value and drops empty ones', () => {
    const charts = expertCharts({
      paperTrend: null,
      researchField: [
        { name: '守门人', value: 1 },
        { name: '人格权', value: 3 },
        { name: '空', value: 0 },
      ],
      eduClassTrend: null,
      fundTrend: null,
    });
    expect(charts.researchField).toEqual([
      { label: '人格权', value: 3 },
      { label: '守门人', value: 1 },
    ]);
  });

  it('aligns the subject-class series on a continuous range of years and drops series without papers', () => {
    const charts = expertCharts({
      paperTrend: null,
      researchField: null,
      eduClassTrend: {
        years: [2022, 2024],
        series: [
          { code: 'D922.16', name: '信息法', data: [1, 4] },
          { code: 'D925', name: '诉讼法', data: [0, 0] },
        ],
      },
      fundTrend: null,
    });
    expect(charts.eduClassTrend).toEqual({ categories: ['2022', '2023', '2024'], series: [{ name: '信息法', values: [1, 0, 4] }] });
  });

  it('gives empty charts when a statistic is not available', () => {
    const charts = expertCharts({ paperTrend: null, researchField: null, eduClassTrend: null, fundTrend: null });
    expect(charts.paperTrend.categories).toEqual([]);
    expect(charts.researchField).toEqual([]);
    expect(charts.eduClassTrend).toEqual({ categories: [], series: [] });
    expect(charts.fundTrend.categories).toEqual([]);
  });
});
