import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleRow } from '../articles.js';
import { openDb, type DB } from '../db.js';
import { hasFullText, paperContent } from '../fulltext.js';
import { startTestSandbox, type TestSandbox } from '../testing.js';
import { ASPECTS, COLUMNS, LAWS } from './banks.js';
import { seedDatabase } from './generate.js';

/** The demo content reads like a journal's: varied titles and texts, distinct notes, news that says what its title says. */
let db: DB;
let sb: TestSandbox;
beforeAll(async () => {
  db = openDb(':memory:');
  seedDatabase(db, { articles: 300, today: '2026-11-24' });
  sb = await startTestSandbox();
});
afterAll(async () => {
  db.close();
  await sb.close();
});

describe('the demo content', () => {
  it('gives titles many shapes, and a subtitle never repeats a phrase of its title', () => {
    const titles = (db.prepare('SELECT title FROM articles').all() as { title: string }[]).map((r) => r.title);
    // The shape of a title: its words once the topic, law, aspect and keyword in it are marked.
    const phrases = [...COLUMNS.flatMap((c) => [...c.topics.map((t) => t.zh), ...c.keywords]), ...LAWS.map((l) => l.zh), ...ASPECTS.map((a) => a.zh)].sort(
      (a, b) => b.length - a.length,
    );
    const shape = (title: string) => phrases.reduce((t, phrase) => t.replaceAll(phrase, '□'), title.split('——')[0]!).replace(/\d+/g, 'n');
    expect(new Set(titles.map(shape)).size).toBeGreaterThanOrEqual(15);
    for (const title of titles) {
      const [main, subtitle] = title.split('——') as [string, string | undefined];
      const named = subtitle?.match(/^兼论(.+)$|^以(.+)为中心$/);
      if (named) expect(main, title).not.toContain(named[1] ?? named[2]);
    }
  });

  it('writes full texts that differ: no two articles share half their sentences', () => {
    const ids = (db.prepare('SELECT id FROM articles ORDER BY id LIMIT 30').all() as { id: number }[]).map((r) => r.id).filter(hasFullText);
    const sentences = ids.map((id) => {
      const text = paperContent(db, articleRow(db, id)!)
        .sections.flatMap((s) => s.paragraphs)
        .join('');
      return new Set(
        text
          .replace(/\[[\d,-]+\]/g, '')
          .split('。')
          .filter(Boolean),
      );
    });
    for (let i = 0; i < sentences.length; i++)
      for (let j = i + 1; j < sentences.length; j++) {
        const shared = [...sentences[i]!].filter((s) => sentences[j]!.has(s)).length;
        expect(shared, `articles ${ids[i]} and ${ids[j]}`).toBeLessThan(Math.min(sentences[i]!.size, sentences[j]!.size) / 2);
      }
  });

  it("gives an article's readers distinct notes", async () => {
    let checked = 0;
    for (let id = 1; id <= 20; id++) {
      const { body } = await sb.post<{ records: { content: string }[] }>('/api/paperSearchApi/getPaperMinute', { id, size: 20 });
      const notes = body.entity.records.map((r) => r.content);
      expect(new Set(notes).size, `article ${id}`).toBe(notes.length);
      checked += notes.length;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('opens each news item with what its title says', () => {
    const news = db.prepare('SELECT type, title, content FROM news').all() as { type: number; title: string; content: string }[];
    expect(news.length).toBeGreaterThan(50);
    for (const item of news) {
      const headline = item.title.replace(/^专家解读：/, '').replace(/（[二三四五六七八九]）$/, '');
      const first = /<p>(.*?)<\/p>/.exec(item.content)![1]!;
      // Cooperating units' news: the event's name; industry news: the headline itself.
      expect(first, item.title).toContain(item.type === 1 ? headline.slice(-6) : headline);
    }
  });

  it("has every journal's issues from the year it was founded", () => {
    const journals = db
      .prepare(
        'SELECT j.name, j.founded_year AS founded, min(i.year) AS first, count(DISTINCT i.year) AS years FROM journals j JOIN issues i ON i.journal_id = j.id GROUP BY j.id',
      )
      .all() as { name: string; founded: number; first: number; years: number }[];
    for (const j of journals) {
      expect(j.first, j.name).toBe(j.founded);
      expect(j.years, j.name).toBe(2025 - j.founded + 1);
    }
  });
});
