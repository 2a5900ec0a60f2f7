import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../testing.js';

/** The advanced search (several rows joined by 与/或/非, a year range) against plain one-row searches of the same data. */
let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

interface Card {
  id: number;
  title: string;
  year: number;
  keywords: string[];
  authors: { name: string }[];
  highlight: Record<string, string>;
}
interface Result {
  records: Card[];
  total: number;
  facets: { years: { year: number; count: number }[] };
}
const PATH = '/api/paperSearchApi/dataJurisprudenceSearch';

/** Every id a search finds (all pages). */
async function ids(params: Record<string, unknown>): Promise<Set<number>> {
  const found = new Set<number>();
  for (let current = 1; ; current++) {
    const { body } = await sb.post<Result>(PATH, { ...params, current, size: 100 });
    expect(body.success, JSON.stringify(body)).toBe(true);
    for (const r of body.entity.records) found.add(r.id);
    if (current * 100 >= body.entity.total) return found;
  }
}

describe('advanced search', () => {
  const first = { query: '数据', field: 'title' };
  const second = { field: 'keyword', query: '个人信息' };

  it('joins rows with 与, 或 and 非 as set intersection, union and difference, CJK terms of two characters included', async () => {
    const a = await ids(first);
    const b = await ids({ query: second.query, field: second.field });
    expect(a.size).toBeGreaterThan(0);
    expect(b.size).toBeGreaterThan(0);
    const and = await ids({ ...first, conditions: [{ op: 'and', ...second }] });
    const or = await ids({ ...first, conditions: [{ op: 'or', ...second }] });
    const not = await ids({ ...first, conditions: [{ op: 'not', ...second }] });
    expect([...and].sort()).toEqual([...a].filter((id) => b.has(id)).sort());
    expect([...or].sort()).toEqual([...new Set([...a, ...b])].sort());
    expect([...not].sort()).toEqual([...a].filter((id) => !b.has(id)).sort());
    // The cases differ, so the operators really changed the answer.
    expect(or.size).toBeGreaterThan(a.size);
    expect(not.size).toBeLessThan(a.size);
  });

  it('reads rows left to right: (A 或 B) 非 C', async () => {
    const a = await ids(first);
    const b = await ids({ query: second.query, field: second.field });
    const c = await ids({ query: '平台', field: 'topic' });
    const found = await ids({
      ...first,
      conditions: [
        { op: 'or', ...second },
        { op: 'not', field: 'topic', query: '平台' },
      ],
    });
    expect([...found].sort()).toEqual([...new Set([...a, ...b])].filter((id) => !c.has(id)).sort());
    expect(found.size).toBeGreaterThan(0);
  });

  it('limits to a range of years and highlights only the terms asked for, not the excluded ones', async () => {
    const all = (await sb.post<Result>(PATH, first)).body.entity;
    const years = all.facets.years.map((y) => y.year).sort();
    const [from, to] = [years[0]!, years[years.length - 2]!];
    const { body } = await sb.post<Result>(PATH, { ...first, yearFrom: from, yearTo: to, conditions: [{ op: 'not', field: 'title', query: '平台' }] });
    expect(body.entity.total).toBeGreaterThan(0);
    expect(body.entity.total).toBeLessThan(all.total);
    expect(body.entity.facets.years.every((y) => y.year >= from && y.year <= to)).toBe(true);
    for (const r of body.entity.records) {
      expect(r.title).not.toContain('平台');
      expect(r.highlight.title).toContain('<em>数据</em>');
    }
  });

  it('leaves out empty rows and finds a row’s words as literal text', async () => {
    const plain = (await sb.post<Result>(PATH, first)).body.entity.total;
    const withBlank = await sb.post<Result>(PATH, {
      ...first,
      conditions: [
        { op: 'or', field: 'author', query: '  ' },
        { op: '', field: '', query: '' },
      ],
    });
    expect(withBlank.body.entity.total).toBe(plain);
    for (const query of ['%', '_', "' OR 1=1 --"]) {
      const { body } = await sb.post<Result>(PATH, { ...first, conditions: [{ op: 'or', field: 'all', query }] });
      expect(body.entity.total, query).toBe(plain);
    }
  });

  it('refuses malformed conditions and years with a Chinese 400, never a server error', async () => {
    for (const [params, message] of [
      [{ conditions: 'abc' }, '检索条件不正确'],
      [{ conditions: [{ op: 'xor', field: 'title', query: '数据' }] }, '检索条件的逻辑关系不正确'],
      [{ conditions: [{ op: 'and', field: 'nope', query: '数据' }] }, '检索字段不正确'],
      [{ conditions: [{ op: 'and', field: 'title', query: '数'.repeat(101) }] }, '检索词不能超过100个字符'],
      [{ conditions: Array.from({ length: 7 }, () => ({ op: 'or', field: 'title', query: '法' })) }, '检索条件最多6行'],
      [{ yearFrom: 'abc' }, '起始年份不正确'],
      [{ yearTo: 99999 }, '截止年份不正确'],
      [{ yearFrom: 2025, yearTo: 2023 }, '起始年份不能晚于截止年份'],
    ] as const) {
      const { status, body } = await sb.post(PATH, { ...first, ...params });
      expect(status, JSON.stringify(params)).toBe(200);
      expect(body, JSON.stringify(params)).toMatchObject({ success: false, code: 400, message });
    }
  });
});
