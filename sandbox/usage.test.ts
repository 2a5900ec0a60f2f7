import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './testing.js';
import { monthsBetween } from './usage.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

interface Chart {
  months: string[];
  views: number[];
  downloads: number[];
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const chartOf = async (id: number) => (await sb.post<Chart>('/api/paperSearchApi/getPaperChart', { id })).body.entity;
const read = async (id: number) =>
  (
    await sb.post<{ views: number; downloads: number; publishDate: string; pdfFile: { downloadUrl: string } }>('/api/paperSearchApi/literatureBaseDetails', {
      id,
    })
  ).body.entity;
/** This month as the sandbox sees it (Beijing time). */
const thisMonth = async () => ((await sb.post<{ now: string }>('/__sandbox/clock', { offsetDays: 0 })).body.entity.now as string).slice(0, 7);

describe("an article's monthly usage", () => {
  it('runs from the month of publication to this month and adds up to the totals', async () => {
    const article = await read(7);
    const chart = await chartOf(7);
    expect(chart.months[0]).toBe(article.publishDate.slice(0, 7));
    expect(chart.months.at(-1)).toBe(await thisMonth());
    expect(chart.months).toEqual(monthsBetween(chart.months[0]!, chart.months.at(-1)!));
    expect(sum(chart.views)).toBe(article.views);
    expect(sum(chart.downloads)).toBe(article.downloads);
  });

  it("counts today's views and downloads into this month, and next month's into next month", async () => {
    const before = await chartOf(8);
    const { pdfFile } = await read(8);
    await fetch(sb.url + pdfFile.downloadUrl);
    const after = await chartOf(8);
    expect(after.months).toEqual(before.months);
    expect(after.views.at(-1)).toBe(before.views.at(-1)! + 1);
    expect(after.views.slice(0, -1)).toEqual(before.views.slice(0, -1));
    expect(after.downloads.at(-1)).toBe(before.downloads.at(-1)! + 1);

    await sb.post('/__sandbox/clock', { offsetDays: 31 });
    try {
      await read(8);
      const later = await chartOf(8);
      expect(later.months).toHaveLength(before.months.length + 1);
      expect(later.views.at(-1)).toBe(1);
      expect(sum(later.views)).toBe(sum(after.views) + 1);
    } finally {
      await sb.post('/__sandbox/clock', { offsetDays: 0 });
    }
  });

  it('names the months across a year end', () => {
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(monthsBetween('2025-03', '2025-03')).toEqual(['2025-03']);
  });
});
