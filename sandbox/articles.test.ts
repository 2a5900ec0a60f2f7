import { describe, expect, it } from 'vitest';
import { countArticles, listArticles, searchArticles, searchFacets, type ArticleFilter, type SearchInput } from './articles.js';
import { clearData, openDb, type DB } from './db.js';
import { seedDatabase } from './seed/generate.js';

const p = (current = 1, size = 10) => ({ current, size, offset: (current - 1) * size });

/** The straightforward (pre-003) queries the optimised ones must agree with. */
function naive(db: DB, match: string, extra = '', args: (string | number)[] = []) {
  const from = `FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE articles_fts MATCH ? ${extra}`;
  const all = [match, ...args];
  const facet = (select: string, group: string) =>
    db.prepare(`SELECT ${select}, count(*) AS count ${from} GROUP BY ${group}`).all(...all) as { id?: number; year?: number; count: number }[];
  return {
    total: (db.prepare(`SELECT count(*) AS n ${from}`).get(...all) as { n: number }).n,
    ids: (db.prepare(`SELECT a.id ${from} ORDER BY articles_fts.rank, a.id DESC LIMIT 10`).all(...all) as { id: number }[]).map((r) => r.id),
    journals: facet('a.journal_id AS id', 'a.journal_id'),
    years: facet('a.year AS year', 'a.year'),
    columns: facet('a.column_id AS id', 'a.column_id'),
  };
}

const sortById = <T extends { id?: number; year?: number }>(rows: T[]) => [...rows].sort((a, b) => (a.id ?? a.year ?? 0) - (b.id ?? b.year ?? 0));

describe('article lists and search on a small seed', () => {
  const db = openDb(':memory:');
  seedDatabase(db, { articles: 300 });

  it('counts from article_counts agree with count(*) for every filter', () => {
    const filters: ArticleFilter[] = [
      {},
      { journalId: 1 },
      { journalId: 2, year: 2024 },
      { year: 2023 },
      { columnId: 3 },
      { columnId: 3, year: 2025 },
      { issueId: 5 },
      { journalId: 1, issueId: 5 },
      { journalId: 2, issueId: 5 },
      { selected: true },
      { journalId: 1, selected: true },
      { expertId: 3 },
    ];
    for (const f of filters) {
      const where: string[] = [];
      const args: number[] = [];
      const eq = (sql: string, value: number | undefined) => {
        if (value === undefined) return;
        where.push(sql);
        args.push(value);
      };
      eq('journal_id = ?', f.journalId);
      eq('year = ?', f.year);
      eq('issue_id = ?', f.issueId);
      eq('column_id = ?', f.columnId);
      if (f.selected) where.push('selected = 1');
      eq('id IN (SELECT article_id FROM article_authors WHERE expert_id = ?)', f.expertId);
      const sql = `SELECT count(*) AS n FROM articles ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
      const expected = (db.prepare(sql).get(...args) as { n: number }).n;
      expect(countArticles(db, f), JSON.stringify(f)).toBe(expected);
      expect(listArticles(db, f, 'publishDate', p()).total).toBe(expected);
    }
  });

  it('lists newest first with id as the tie-break, under filters too', () => {
    for (const f of [{}, { journalId: 1, year: 2024 }, { columnId: 2 }]) {
      const records = listArticles(db, f, 'publishDate', p(1, 100)).records;
      const keys = records.map((r) => `${r.publishDate}#${String(r.id).padStart(6, '0')}`);
      expect(keys).toEqual([...keys].sort().reverse());
    }
  });

  it('search totals, relevance order and facets agree with the straightforward queries', () => {
    const cases: [SearchInput, string, string, (string | number)[]][] = [
      [{ query: '数据出境', field: 'all', sort: 'relevance' }, '"数据出境"', '', []],
      [{ query: '个人信息', field: 'all', sort: 'relevance' }, '"个人信息"', '', []],
      [{ query: '个人信息', field: 'title', sort: 'relevance' }, 'title : "个人信息"', '', []],
      [{ query: '个人信息', field: 'all', sort: 'relevance', journalId: 1 }, '"个人信息"', 'AND a.journal_id = ?', [1]],
      [{ query: '个人信息 数据', field: 'all', sort: 'relevance' }, '', '', []],
      [{ query: '人工智能', field: 'all', sort: 'relevance', year: 2024, columnId: 3 }, '"人工智能"', 'AND a.year = ? AND a.column_id = ?', [2024, 3]],
    ];
    for (const [input, match, extra, args] of cases) {
      const result = searchArticles(db, input, p());
      const facets = searchFacets(db, input);
      const sum = (rows: { count: number }[]) => rows.reduce((s, r) => s + r.count, 0);
      expect(sum(facets.journals)).toBe(result.page.total);
      expect(sum(facets.years)).toBe(result.page.total);
      expect(sum(facets.columns)).toBe(result.page.total);
      expect(facets.years.map((y) => y.year)).toEqual([...facets.years.map((y) => y.year)].sort().reverse());
      for (const list of [facets.journals, facets.columns]) {
        expect(list.map((f) => f.count)).toEqual([...list.map((f) => f.count)].sort((a, b) => b - a));
        expect(list.every((f) => typeof f.name === 'string')).toBe(true);
      }
      if (!match) {
        expect(result.mode).toBe('like');
        continue;
      }
      const expected = naive(db, match, extra, args);
      expect(result.page.total, input.query).toBe(expected.total);
      expect(result.page.records.map((r) => r.id)).toEqual(expected.ids);
      expect(sortById(facets.journals).map(({ id, count }) => ({ id, count }))).toEqual(sortById(expected.journals));
      expect(sortById(facets.years)).toEqual(sortById(expected.years));
      expect(sortById(facets.columns).map(({ id, count }) => ({ id, count }))).toEqual(sortById(expected.columns));
    }
  });

  it('serves repeated searches from the cache and forgets it when the data is reseeded', () => {
    const input: SearchInput = { query: '数据出境', field: 'all', sort: 'relevance' };
    const first = searchArticles(db, input, p());
    expect(searchArticles(db, input, p())).toEqual(first);
    const other = openDb(':memory:');
    seedDatabase(other, { articles: 120 });
    expect(searchArticles(other, input, p()).page.total).toBeLessThan(first.page.total);
    clearData(db);
    expect(searchArticles(db, input, p()).page.total).toBe(0);
    expect(countArticles(db, {})).toBe(0);
    seedDatabase(db, { articles: 120 });
    expect(searchArticles(db, input, p()).page.total).toBe(searchArticles(other, input, p()).page.total);
    expect(countArticles(db, { journalId: 1 })).toBe(countArticles(other, { journalId: 1 }));
  });

  it('keeps article_counts in step when an article moves (triggers)', () => {
    const before = countArticles(db, { columnId: 1 });
    const row = db.prepare('SELECT id, column_id FROM articles WHERE column_id = 1 LIMIT 1').get() as { id: number; column_id: number };
    db.prepare('UPDATE articles SET column_id = 2 WHERE id = ?').run(row.id);
    expect(countArticles(db, { columnId: 1 })).toBe(before - 1);
    db.prepare('UPDATE articles SET column_id = 1 WHERE id = ?').run(row.id);
    expect(countArticles(db, { columnId: 1 })).toBe(before);
  });
});
