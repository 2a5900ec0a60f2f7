import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDb, type DB } from '../db.js';
import { countArticles, listArticles, searchArticles, searchFacets, type SearchInput } from '../articles.js';
import { seedDatabase } from './generate.js';

const count = (db: DB, table: string, where = '') =>
  (db.prepare(`SELECT count(*) AS n FROM ${table} ${where}`).get() as { n: number }).n;

/** Digest of every row of the content tables (runtime tables excluded). */
function digest(db: DB): string {
  const h = createHash('sha256');
  for (const t of ['journals', 'columns', 'issues', 'experts', 'articles', 'article_authors', 'editorial_board', 'news', 'hotspots', 'footer_links', 'notices', 'employees', 'messages']) {
    for (const row of db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()) h.update(JSON.stringify(row));
  }
  return h.digest('hex');
}

describe('seed', () => {
  it('creates the documented amounts of realistic data', () => {
    const db = openDb(':memory:');
    const result = seedDatabase(db, { articles: 300 });
    expect(result.articles).toBe(300);
    expect(count(db, 'journals')).toBeGreaterThanOrEqual(3);
    expect(count(db, 'issues')).toBeGreaterThanOrEqual(12);
    expect(count(db, 'articles')).toBe(300);
    expect(count(db, 'experts')).toBe(40);
    expect(count(db, 'editorial_board')).toBe(20);
    expect(count(db, 'news')).toBeGreaterThanOrEqual(60);
    expect(count(db, 'news', 'WHERE type = 1')).toBeGreaterThan(0);
    expect(count(db, 'news', 'WHERE type = 2')).toBeGreaterThan(0);
    expect(count(db, 'footer_links', 'WHERE type IN (3, 4, 5)')).toBeGreaterThanOrEqual(14);
    expect(count(db, 'articles_fts')).toBe(300);
    // experts are linked to articles
    expect(count(db, 'article_authors', 'WHERE expert_id IS NOT NULL')).toBeGreaterThan(30);

    const lengths = db.prepare('SELECT min(length(abstract)) AS lo, max(length(abstract)) AS hi FROM articles').get() as { lo: number; hi: number };
    expect(lengths.lo).toBeGreaterThanOrEqual(150);
    expect(lengths.hi).toBeLessThanOrEqual(300);
    const authors = db.prepare('SELECT min(n) AS lo, max(n) AS hi FROM (SELECT count(*) AS n FROM article_authors GROUP BY article_id)').get() as { lo: number; hi: number };
    expect(authors.lo).toBeGreaterThanOrEqual(1);
    expect(authors.hi).toBeLessThanOrEqual(6);
    // Authors' English names as journals keep them ("Wu Kaichen"); every tenth record has none.
    const names = db.prepare('SELECT article_id, name, name_en FROM article_authors').all() as { article_id: number; name: string; name_en: string | null }[];
    for (const a of names) {
      if (a.article_id % 10 === 0) expect(a.name_en).toBeNull();
      else expect(a.name_en, a.name).toMatch(/^[A-Z][a-zü]+ [A-Z][a-zü]*$/);
    }
    const notice = db.prepare('SELECT content FROM notices WHERE type = 1').get() as { content: string };
    expect(notice.content).toMatch(/<script>/);
    expect(notice.content).toMatch(/onerror=/);
    expect(notice.content).toMatch(/javascript:/);
    db.close();
  });

  it('is deterministic', () => {
    const a = openDb(':memory:');
    const b = openDb(':memory:');
    seedDatabase(a, { articles: 200 });
    seedDatabase(b, { articles: 200 });
    expect(digest(a)).toBe(digest(b));
    const c = openDb(':memory:');
    seedDatabase(c, { articles: 200, seed: 7 });
    expect(digest(c)).not.toBe(digest(a));
  });

  it.skipIf(process.env.SANDBOX_BIG !== '1')(
    'seeds 100,000 articles well under a minute (SANDBOX_BIG=1)',
    () => {
      const db = openDb(':memory:');
      const result = seedDatabase(db, { articles: 100_000 });
      console.log(`seeded 100,000 articles in ${result.ms} ms`);
      expect(count(db, 'articles')).toBe(100_000);
      expect(result.ms).toBeLessThan(30_000);
      const t = performance.now();
      const hits = db.prepare(`SELECT count(*) AS n FROM articles_fts WHERE articles_fts MATCH '"个人信息"'`).get() as { n: number };
      console.log(`FTS count over 100,000 articles: ${hits.n} hits in ${Math.round(performance.now() - t)} ms`);
      // The portal's pages stay fast at this size (generous bounds: shared CI machines).
      const timed = (label: string, fn: () => unknown) => {
        const start = performance.now();
        fn();
        const ms = performance.now() - start;
        console.log(`${label}: ${ms.toFixed(1)} ms`);
        return ms;
      };
      const page = { current: 1, size: 10, offset: 0 };
      const search: SearchInput = { query: '数据出境', field: 'all', sort: 'relevance' };
      expect(timed('literatureBase (newest first)', () => listArticles(db, {}, 'publishDate', page))).toBeLessThan(50);
      expect(timed('literatureBase (journal + year)', () => listArticles(db, { journalId: 1, year: 2024 }, 'publishDate', page))).toBeLessThan(50);
      expect(timed('literatureBase (column)', () => listArticles(db, { columnId: 3 }, 'publishDate', page))).toBeLessThan(50);
      expect(timed('search, cold', () => searchArticles(db, search, page))).toBeLessThan(500);
      expect(timed('search + facets, cold, journal filter', () => searchFacets(db, { ...search, journalId: 1 }))).toBeLessThan(500);
      expect(timed('search + facets, cached', () => (searchArticles(db, search, page), searchFacets(db, search)))).toBeLessThan(20);
      expect(countArticles(db, {})).toBe(100_000);
      db.close();
    },
    60_000,
  );
});
