import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDb, type DB } from '../db.js';
import { seedDatabase } from './generate.js';

const count = (db: DB, table: string, where = '') => (db.prepare(`SELECT count(*) AS n FROM ${table} ${where}`).get() as { n: number }).n;

/** Digest of every row of the content tables (runtime tables excluded). */
function digest(db: DB): string {
  const h = createHash('sha256');
  for (const t of [
    'journals',
    'columns',
    'issues',
    'experts',
    'articles',
    'article_authors',
    'editorial_board',
    'news',
    'hotspots',
    'footer_links',
    'notices',
    'employees',
    'messages',
  ]) {
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
    const authors = db.prepare('SELECT min(n) AS lo, max(n) AS hi FROM (SELECT count(*) AS n FROM article_authors GROUP BY article_id)').get() as {
      lo: number;
      hi: number;
    };
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

  it('gives experts statistics that agree with the papers it lists for them', () => {
    const db = openDb(':memory:');
    seedDatabase(db, { articles: 300 });
    const experts = db.prepare(`SELECT e.*, (SELECT count(*) FROM article_authors aa WHERE aa.expert_id = e.id) AS listed FROM experts e`).all() as {
      name: string;
      paper_count: number;
      listed: number;
      h_index: number;
      citation_count: number;
      biography: string;
    }[];
    expect(experts.length).toBeGreaterThan(0);
    for (const e of experts) {
      expect(e.paper_count, e.name).toBe(e.listed);
      expect(e.h_index, e.name).toBeLessThanOrEqual(e.paper_count);
      expect(e.citation_count, e.name).toBeGreaterThanOrEqual(e.h_index * e.h_index);
      expect(e.citation_count, e.name).toBeLessThanOrEqual(Math.max(1, e.paper_count) * 60);
      expect(e.biography, e.name).not.toMatch(/\d+余篇/);
    }
    db.close();
  });

  it('never repeats a title, and no two neighbouring items read the same', () => {
    const db = openDb(':memory:');
    seedDatabase(db, { articles: 300, today: '2026-11-24' });
    for (const [table, text] of [
      ['articles', 'abstract'],
      ['news', 'summary'],
    ] as const) {
      const titles = (db.prepare(`SELECT title FROM ${table}`).all() as { title: string }[]).map((r) => r.title);
      expect(new Set(titles).size, `${table} titles`).toBe(titles.length);
      // As lists show them: newest first.
      const rows = db
        .prepare(`SELECT title, ${text} AS text FROM ${table} ORDER BY ${table === 'articles' ? 'published_date' : 'publish_date'} DESC, id DESC`)
        .all() as { title: string; text: string }[];
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.text, `${table}: ${rows[i]!.title}`).not.toBe(rows[i - 1]!.text);
    }
    db.close();
  });

  it('is deterministic', () => {
    const a = openDb(':memory:');
    const b = openDb(':memory:');
    // The same day too: news and hotspots are dated from it.
    seedDatabase(a, { articles: 200, today: '2026-11-24' });
    seedDatabase(b, { articles: 200, today: '2026-11-24' });
    expect(digest(a)).toBe(digest(b));
    const c = openDb(':memory:');
    seedDatabase(c, { articles: 200, seed: 7, today: '2026-11-24' });
    expect(digest(c)).not.toBe(digest(a));
  });

  it('dates news and hotspots within the year before the day the database is created', () => {
    for (const today of ['2026-11-24', '2031-03-01']) {
      const db = openDb(':memory:');
      seedDatabase(db, { articles: 20, today });
      const dates = (db.prepare('SELECT publish_date AS d FROM news UNION ALL SELECT publish_date FROM hotspots').all() as { d: string }[]).map((r) => r.d);
      expect(dates.length).toBeGreaterThan(50);
      const yearBefore = new Date(Date.parse(`${today}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10);
      for (const day of dates) {
        expect(day <= today, day).toBe(true);
        expect(day >= yearBefore, day).toBe(true);
      }
      // The newest items are from the last fortnight: the demo looks current.
      expect(dates.some((day) => day >= new Date(Date.parse(`${today}T00:00:00Z`) - 14 * 86_400_000).toISOString().slice(0, 10))).toBe(true);
    }
  });
});
