// An article's views and downloads by month: what happened while the sandbox ran, recorded
// as it happens, and the seeded totals (which have no dates) spread from the month of
// publication to this month, most in the first months. The months sum to the totals.
import type { DB } from './db.js';
import { today } from './clock.js';
import { Rng, hash32 } from './seed/prng.js';

type Kind = 'views' | 'downloads';

const monthOf = (day: string) => day.slice(0, 7);

/** Counts one view or download of an article, in its total and in this month (sandbox clock). */
export function countUsage(db: DB, articleId: number, kind: Kind): void {
  db.prepare(`UPDATE articles SET ${kind} = ${kind} + 1 WHERE id = ?`).run(articleId);
  db.prepare(
    `INSERT INTO article_usage (article_id, month, ${kind}) VALUES (?, ?, 1)
    ON CONFLICT(article_id, month) DO UPDATE SET ${kind} = ${kind} + 1`,
  ).run(articleId, monthOf(today(db)));
}

/** 'YYYY-MM' from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (let month = first; month <= last; month = `${y}-${String(m).padStart(2, '0')}`) {
    months.push(month);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return months;
}

export interface MonthlyUsage {
  months: string[];
  views: number[];
  downloads: number[];
}

export function monthlyUsage(db: DB, article: { id: number; published_date: string; views: number; downloads: number }): MonthlyUsage {
  const now = monthOf(today(db));
  const published = monthOf(article.published_date);
  const months = monthsBetween(published < now ? published : now, now);
  const recorded = db.prepare('SELECT month, views, downloads FROM article_usage WHERE article_id = ?').all(article.id) as {
    month: string;
    views: number;
    downloads: number;
  }[];
  // Fixed per article and per span of months, so a reload draws the same curve.
  const rng = new Rng(hash32(`usage-${article.id}-${months.length}`));
  const weights = months.map((_, i) => Math.exp(-i / 6) * (0.6 + rng.float()));
  const sum = weights.reduce((a, b) => a + b, 0);
  const series = (kind: Kind) => {
    const seeded = Math.max(0, article[kind] - recorded.reduce((s, r) => s + r[kind], 0));
    const parts = weights.map((w) => Math.floor((w / sum) * seeded));
    parts[0] = (parts[0] ?? 0) + seeded - parts.reduce((a, b) => a + b, 0);
    for (const r of recorded) {
      const index = months.indexOf(r.month);
      // A month outside the span (the clock set back in a test) counts in the nearest end.
      const at = index >= 0 ? index : r.month < months[0]! ? 0 : months.length - 1;
      parts[at] = (parts[at] ?? 0) + r[kind];
    }
    return parts;
  };
  return { months, views: series('views'), downloads: series('downloads') };
}
