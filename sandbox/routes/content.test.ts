import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../testing.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

describe('homeApi', () => {
  it('groups the footer by type, by GET and by POST', async () => {
    const get = await sb.get('/api/homeApi/getBottomBar');
    const post = await sb.post('/api/homeApi/getBottomBar');
    expect(get.body).toEqual(post.body);
    const groups = get.body.entity as {
      type: number;
      name: string;
      kind: string;
      list: { link_address: string; link_status: number; link_type: number; type: number }[];
    }[];
    expect(groups.map((g) => g.type)).toEqual([1, 2, 3, 4, 5]);
    expect(groups.filter((g) => g.kind === 'dropdown').map((g) => g.name)).toEqual(['中央国家机关', '政法媒体', '法学院校']);
    for (const g of groups) for (const l of g.list) expect(l.type).toBe(g.type);
    expect(groups[2]!.list.every((l) => /^https?:\/\//.test(l.link_address) && l.link_type === 2)).toBe(true);
  });

  it('serves the (unsafe on purpose) notice prompt', async () => {
    const { body } = await sb.get('/api/homeApi/getPromptNotice?type=1');
    expect(body.entity.content).toContain('<script>');
    expect((await sb.get('/api/homeApi/getPromptNotice?type=9')).body.entity).toBeNull();
  });

  it('serves the home widgets', async () => {
    const sel = await sb.post('/api/homeApi/getSelectedLiterature', { size: 5 });
    expect(sel.body.entity.records.every((r: { selected: boolean }) => r.selected)).toBe(true);
    expect((await sb.post('/api/homeApi/getSelectedLiteratureShow')).body.entity.length).toBeGreaterThan(0);
    const news = await sb.post('/api/homeApi/getTradeNews');
    expect(news.body.entity.records.every((n: { type: number }) => n.type === 2)).toBe(true);
    const hot = (await sb.post('/api/homeApi/getTradeHotspot')).body.entity;
    expect(hot.length).toBe(10);
    const one = await sb.post('/api/homeApi/seeDetails', { id: hot[0].id });
    expect(one.body.entity.content).toMatch(/<p>/);
    const detail = (await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 7 })).body.entity;
    expect((await sb.post('/api/homeApi/inquirePaperId', { doi: detail.doi })).body.entity.paperId).toBe(7);
    expect((await sb.post('/api/homeApi/getJournalDispositionByJournalId', { journalId: 1 })).body.entity.gch).toBe('SJFX');
    const days = (await sb.post('/api/homeApi/getLastSevenWorkingDays')).body.entity as { weekday: string }[];
    expect(days).toHaveLength(7);
    expect(days.some((d) => d.weekday === '周六' || d.weekday === '周日')).toBe(false);
  });
});

describe('journals, board, news, experts', () => {
  it('lists journals and shows one with issues by year and labels', async () => {
    const list = (await sb.post('/api/journalSearchApi/list')).body.entity;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const j = (await sb.post('/api/journalSearchApi/details', { id: 1 })).body.entity;
    expect(j).toMatchObject({ gch: 'SJFX', cn: '11-6092/D' });
    expect(j.labels).toContainEqual({ code: 'BDHX', name: '北大核心' });
    expect(j.issuesByYear[0].year).toBeGreaterThan(j.issuesByYear[1].year);
    expect((await sb.post('/api/journalSearchApi/details', { gch: 'szfz' })).body.entity.id).toBe(2);
  });

  it('pages the editorial board and shows a member', async () => {
    const board = (await sb.post('/api/cooperativeProjectApi/listQueries', { size: 8 })).body.entity;
    expect(board).toMatchObject({ total: 20, size: 8, current: 1 });
    expect(board.records[0].role).toBe('主编');
    const one = (await sb.post('/api/cooperativeProjectApi/projectSpecialistShow', { id: 2 })).body.entity;
    expect(one.role).toBe('副主编');
  });

  it('lists news by type and shows one with prev/next', async () => {
    const list = (await sb.post('/api/cooperativeProjectApi/newsListQueries', { type: 1, size: 3 })).body.entity;
    expect(list.records.every((n: { type: number }) => n.type === 1)).toBe(true);
    const middle = list.records[1];
    const shown = (await sb.post('/api/cooperativeProjectApi/projectNewsShow', { id: middle.id })).body.entity;
    expect(shown.prev.id).toBe(list.records[0].id);
    expect(shown.next.id).toBe(list.records[2].id);
    expect(shown.content).toMatch(/^<p>/);
  });

  it('searches experts and shows one with their statistics', async () => {
    const list = (await sb.post('/api/authorSearchApi/authorInfo', { size: 40 })).body.entity;
    expect(list.total).toBe(40);
    const top = list.records[0];
    const one = (await sb.post('/api/authorSearchApi/authorInfo', { id: top.id })).body.entity;
    expect(one.paperTotal).toBe(top.paperCount);
    const byName = (await sb.post('/api/authorSearchApi/authorInfo', { keyword: top.name })).body.entity;
    expect(byName.records.map((r: { id: number }) => r.id)).toContain(top.id);
    const trend = (await sb.post('/api/authorSearchApi/paperTrend', { id: top.id })).body.entity as { count: number }[];
    expect(trend.reduce((s, r) => s + r.count, 0)).toBe(top.paperCount);
    for (const p of ['researchField', 'eduClassTrend', 'fundTrend']) {
      expect((await sb.post(`/api/authorSearchApi/${p}`, { id: top.id })).body.success, p).toBe(true);
    }
  });
});

describe('hotspot pages', () => {
  it('list papers of the platform on each hotspot', async () => {
    const sb = await startTestSandbox(300);
    try {
      for (let id = 1; id <= 12; id++) {
        const hotspot = (await sb.post<{ title: string; papersAreRecent: boolean; papers: { id: number; title: string }[] }>('/api/homeApi/seeDetails', { id }))
          .body.entity;
        expect(hotspot.papers.length, hotspot.title).toBeGreaterThan(0);
        if (!hotspot.papersAreRecent) expect(hotspot.papers.length).toBeLessThanOrEqual(5);
        expect(new Set(hotspot.papers.map((p) => p.id)).size).toBe(hotspot.papers.length);
      }
    } finally {
      await sb.close();
    }
  });
});
