import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../testing.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

interface Card {
  id: number;
  title: string;
  abstract: string;
  authors: { name: string; institution: string }[];
  keywords: string[];
  highlight: Record<string, string>;
  publishDate: string;
  views: number;
  issueId: number;
  firstPage: number;
}
interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  mode?: string;
}

describe('paperSearchApi/search', () => {
  it('finds a Chinese substring in titles with the trigram index and highlights it', async () => {
    const { body } = await sb.post<Page<Card>>('/api/paperSearchApi/search', { query: '个人信息', field: 'title', size: 5 });
    expect(body).toMatchObject({ code: 200, success: true });
    expect(body.entity.mode).toBe('fts');
    expect(body.entity.total).toBeGreaterThan(0);
    for (const r of body.entity.records) {
      expect(r.title).toContain('个人信息');
      expect(r.highlight.title).toContain('<em>个人信息</em>');
    }
  });

  it('finds text that only occurs in abstracts', async () => {
    const { body } = await sb.post<Page<Card>>('/api/paperSearchApi/search', { query: '九龙治水', field: 'all' });
    // not in any abstract template: expect nothing; then a phrase that is
    expect(body.entity.total).toBe(0);
    const hit = await sb.post<Page<Card>>('/api/paperSearchApi/search', { query: '稳定的制度预期', field: 'abstract' });
    expect(hit.body.entity.total).toBeGreaterThan(0);
    expect(hit.body.entity.records[0]?.abstract).toContain('稳定的制度预期');
    expect(hit.body.entity.records[0]?.highlight.abstract).toContain('<em>稳定的制度预期</em>');
  });

  it('finds authors by name, including two-character names through the LIKE fallback', async () => {
    const detail = await sb.post<{ authors: { name: string }[] }>('/api/paperSearchApi/literatureBaseDetails', { id: 1 });
    const name = detail.body.entity.authors[0]!.name;
    const { body } = await sb.post<Page<Card>>('/api/paperSearchApi/search', { query: name, field: 'author' });
    expect(body.entity.mode).toBe([...name].length >= 3 ? 'fts' : 'like');
    expect(body.entity.records.some((r) => r.authors.some((a) => a.name === name))).toBe(true);
    const short = await sb.post<Page<Card>>('/api/paperSearchApi/search', { query: '数据', field: 'title', size: 3 });
    expect(short.body.entity.mode).toBe('like');
    expect(short.body.entity.total).toBeGreaterThan(0);
    expect(short.body.entity.records.every((r) => r.title.includes('数据'))).toBe(true);
  });

  it('searches institutions, keywords and funds, and escapes LIKE wildcards', async () => {
    for (const [field, query] of [
      ['institution', '中国人民大学'],
      ['keyword', '个人信息'],
      ['fund', '国家社会科学基金'],
    ]) {
      const { body } = await sb.post<Page<Card>>('/api/paperSearchApi/search', { query, field });
      expect(body.entity.total, field).toBeGreaterThan(0);
    }
    const wild = await sb.post<Page<Card>>('/api/paperSearchApi/search', { query: '%' });
    expect(wild.body.entity.total).toBe(0);
  });

  it('rejects an empty query with a Chinese business error', async () => {
    const { status, body } = await sb.post('/api/paperSearchApi/search', { query: '  ' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, code: 400, message: '请输入检索词', entity: null });
  });

  it('returns facets from dataJurisprudenceSearch', async () => {
    const { body } = await sb.post<Page<Card> & { facets: { journals: { count: number }[] } }>('/api/paperSearchApi/dataJurisprudenceSearch', {
      query: '人工智能',
    });
    const sum = body.entity.facets.journals.reduce((s, j) => s + j.count, 0);
    expect(sum).toBe(body.entity.total);
  });
});

describe('paperSearchApi/recommendedArticles', () => {
  it('recommends distinct other articles, those sharing its keywords first', async () => {
    const detail = (await sb.post<{ keywords: string[]; columnId: number }>('/api/paperSearchApi/literatureBaseDetails', { id: 42 })).body.entity;
    const { body } = await sb.post<Card[]>('/api/paperSearchApi/recommendedArticles', { id: 42, size: 6 });
    const ids = body.entity.map((c) => c.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(ids).not.toContain(42);
    const shared = (c: Card) => c.keywords.filter((k) => detail.keywords.some((d) => [...d].length >= 3 && k.includes(d))).length;
    expect(shared(body.entity[0]!)).toBeGreaterThan(0);
    const counts = body.entity.map(shared);
    const tier = (n: number) => (n === 0 ? 0 : 1);
    expect(counts.map(tier)).toEqual([...counts.map(tier)].sort((a, b) => b - a));
    const big = await sb.post<Card[]>('/api/paperSearchApi/recommendedArticles', { id: 42, size: 50 });
    expect(big.body.entity).toHaveLength(20);
  });
});

describe('paperSearchApi/literatureBase', () => {
  it('pages with the envelope and clamps size to 100', async () => {
    const first = await sb.post<Page<Card>>('/api/paperSearchApi/literatureBase', {});
    expect(first.body.entity).toMatchObject({ total: 300, current: 1, size: 10 });
    expect(first.body.entity.records).toHaveLength(10);
    const p2 = await sb.post<Page<Card>>('/api/paperSearchApi/literatureBase', { current: 2, size: 10 });
    expect(p2.body.entity.records[0]!.id).not.toBe(first.body.entity.records[0]!.id);
    const big = await sb.post<Page<Card>>('/api/paperSearchApi/literatureBase', { size: 500 });
    expect(big.body.entity.size).toBe(100);
    expect(big.body.entity.records).toHaveLength(100);
    const dates = first.body.entity.records.map((r) => r.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('filters by issue (in page order) and sorts by views', async () => {
    const issue = (await sb.post<Page<Card>>('/api/paperSearchApi/literatureBase', { issueId: 1, size: 100 })).body.entity;
    expect(issue.records.every((r) => r.issueId === 1)).toBe(true);
    const pages = issue.records.map((r) => r.firstPage);
    expect([...pages].sort((a, b) => a - b)).toEqual(pages);
    const byViews = (await sb.post<Page<Card>>('/api/paperSearchApi/literatureBase', { sort: 'views' })).body.entity.records;
    expect(byViews[0]!.views).toBeGreaterThanOrEqual(byViews[1]!.views);
    const bad = await sb.post('/api/paperSearchApi/literatureBase', { sort: 'nope' });
    expect(bad.body).toMatchObject({ success: false, message: '排序方式不正确' });
  });

  it('returns a full record with authors, issue, journal and the pdf file reference', async () => {
    const { body } = await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 5 }, { form: true });
    expect(body.success).toBe(true);
    expect(body.entity).toMatchObject({ id: 5, journal: { name: expect.any(String) }, issue: { year: expect.any(Number) } });
    expect(body.entity.pdfFile.downloadUrl).toMatch(/^\/api\/file\/file\/download\?hash=[0-9a-f]{32}&fileName=/);
    const missing = await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 999999 });
    expect(missing.body).toMatchObject({ success: false, code: 404 });
  });

  it('serves the article extras', async () => {
    for (const path of ['getPaperChart', 'getPaperContent', 'getPaperMinute', 'previewPath', 'recommendedArticles']) {
      const { body } = await sb.post(`/api/paperSearchApi/${path}`, { id: 3 });
      expect(body.success, path).toBe(true);
    }
    const detail = (await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 3 })).body.entity;
    const rec = await sb.post('/api/paperSearchApi/getAmendmentRecordByWeiPuId', { weiPuId: detail.weiPuId });
    expect(rec.body.entity.map((r: { type: string }) => r.type)).toEqual(['正式出版']);
    const chart = (await sb.post('/api/paperSearchApi/getPaperChart', { id: 3 })).body.entity;
    expect(chart.views.reduce((a: number, b: number) => a + b, 0)).toBe(detail.views);
    const rm = await sb.post('/api/paperSearchApi/recommendedManuscript', { size: 4 });
    expect(rm.body.entity).toHaveLength(4);
  });

  it('gives most articles a full text with reference marks in order of first citation, and GB/T 7714 references', async () => {
    const content = (await sb.post('/api/paperSearchApi/getPaperContent', { id: 12 })).body.entity;
    expect(content.sections.length).toBeGreaterThanOrEqual(4);
    const text = content.sections.flatMap((s: { paragraphs: string[] }) => s.paragraphs).join('');
    const firsts: number[] = [];
    for (const [, group] of text.matchAll(/\[(\d+(?:,\d+)*)\]/g)) for (const n of group!.split(',').map(Number)) if (!firsts.includes(n)) firsts.push(n);
    expect(firsts).toEqual(content.references.map((_: string, i: number) => i + 1));
    expect(content.references.some((r: string) => /\[J\]\. .+, \d{4}, \d+\(\d+\): \d+-\d+\. DOI:10\.\S+\.$/.test(r))).toBe(true);
    // A fixed share has no full text: no sections, no references.
    const none = (await sb.post('/api/paperSearchApi/getPaperContent', { id: 13 })).body.entity;
    expect(none).toMatchObject({ sections: [], references: [] });
  });

  it('keeps a publication history: 网络首发 versions before print for online-first articles, 勘误 for some', async () => {
    const history = async (id: number) => {
      const detail = (await sb.post('/api/paperSearchApi/literatureBaseDetails', { id })).body.entity;
      const records = (await sb.post('/api/paperSearchApi/getAmendmentRecordByWeiPuId', { weiPuId: detail.weiPuId })).body.entity;
      return { detail, types: records.map((r: { type: string }) => r.type) };
    };
    const online = await history(2);
    expect(online.detail).toMatchObject({ onlineFirst: true, onlineFirstDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(online.types).toEqual(['网络首发', '正式出版']);
    const versions = (await sb.post('/api/organizationApi/prePublicationRevision', { paperId: 2 })).body.entity;
    expect(versions[0]).toMatchObject({ paperId: 2, stage: '录用定稿', publishTime: expect.stringContaining(online.detail.onlineFirstDate) });
    expect((await sb.post('/api/organizationApi/prePublicationRevision', { paperId: 3 })).body.entity).toEqual([]);
    expect((await history(14)).types).toEqual(['正式出版', '勘误']);
    const list = (await sb.post('/api/paperSearchApi/literatureBase', { journalId: 1, onlineFirst: true, size: 100 })).body.entity;
    expect(list.total).toBeGreaterThan(0);
    expect(list.records.every((r: { onlineFirst: boolean }) => r.onlineFirst)).toBe(true);
    const dates = list.records.map((r: { onlineFirstDate: string }) => r.onlineFirstDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
