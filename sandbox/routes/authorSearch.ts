// /api/authorSearchApi/*: expert authors and their statistics. The trend endpoints take an
// optional expert id; without it they describe the whole corpus.
import { z } from 'zod';
import { filterSql, listArticles } from '../articles.js';
import type { DB } from '../db.js';
import { likeContains } from '../text.js';
import { bizError, createApi, optInt, optStr, page, paging, parse, type Logger, type Params } from '../http.js';
import { expertJson, type ExpertRow } from './content.js';

const CLC_NAMES: Record<string, string> = {
  'D922.16': '信息法',
  'D922.17': '科学技术法',
  'D922.29': '经济法（市场规制）',
  'D922.294': '反垄断法',
  'D923.4': '民法（物权）',
  'D923.8': '民法（人格权）',
  D913: '民法总论',
  'D996.1': '国际经济法',
  'D924.3': '刑法分则',
  D925: '诉讼法',
  'D926.2': '法院',
  'D90-052': '法学与其他学科',
};

export function authorSearchRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  /** WHERE over articles for an optional expert id (checked to exist). */
  const scope = (params: Params) => {
    const { id } = parse(z.object({ id: optInt() }), params);
    if (id !== undefined && !db.prepare('SELECT 1 FROM experts WHERE id = ?').get(id)) throw bizError('该作者不存在', 404);
    const { where, args } = filterSql({ expertId: id });
    return { where: where.length ? `WHERE ${where.join(' AND ')}` : '', args };
  };

  // With id: one expert and their latest papers. Without: the expert list (keyword search, paged).
  api.post('/authorInfo', ({ params }) => {
    const q = parse(z.object({ id: optInt(), keyword: optStr() }), params);
    if (q.id !== undefined) {
      const row = db.prepare('SELECT * FROM experts WHERE id = ?').get(q.id) as ExpertRow | undefined;
      if (!row) throw bizError('该作者不存在', 404);
      const papers = listArticles(db, { expertId: row.id }, 'publishDate', { current: 1, size: 10, offset: 0 });
      return { ...expertJson(row), papers: papers.records, paperTotal: papers.total };
    }
    const p = paging(params);
    const w = q.keyword ? "WHERE name LIKE ? ESCAPE '\\' OR institution LIKE ? ESCAPE '\\' OR research_fields LIKE ? ESCAPE '\\'" : '';
    const args = q.keyword ? Array<string>(3).fill(likeContains(q.keyword)) : [];
    const total = (db.prepare(`SELECT count(*) AS n FROM experts ${w}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(`SELECT * FROM experts ${w} ORDER BY paper_count DESC, citation_count DESC, id LIMIT ? OFFSET ?`)
      .all(...args, p.size, p.offset) as ExpertRow[];
    return page(rows.map(expertJson), total, p);
  });

  api.post('/paperTrend', ({ params }) => {
    const s = scope(params);
    return db.prepare(`SELECT a.year, count(*) AS count FROM articles a ${s.where} GROUP BY a.year ORDER BY a.year`).all(...s.args);
  });

  // Keyword distribution (top 10), for a word cloud or pie chart.
  api.post('/researchField', ({ params }) => {
    const s = scope(params);
    const rows = db.prepare(`SELECT a.keywords FROM articles a ${s.where}`).all(...s.args) as { keywords: string }[];
    const counts = new Map<string, number>();
    for (const r of rows) for (const k of JSON.parse(r.keywords) as string[]) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 10)
      .map(([name, value]) => ({ name, value }));
  });

  // Papers per year split by subject class (中图分类号), for a stacked chart.
  api.post('/eduClassTrend', ({ params }) => {
    const s = scope(params);
    const rows = db.prepare(`SELECT a.year, a.clc, count(*) AS n FROM articles a ${s.where} GROUP BY a.year, a.clc`).all(...s.args) as {
      year: number;
      clc: string;
      n: number;
    }[];
    const years = [...new Set(rows.map((r) => r.year))].sort();
    const codes = [...new Set(rows.map((r) => r.clc))].sort();
    return {
      years,
      series: codes.map((code) => ({
        code,
        name: CLC_NAMES[code] ?? code,
        data: years.map((y) => rows.find((r) => r.year === y && r.clc === code)?.n ?? 0),
      })),
    };
  });

  // Funded papers per year.
  api.post('/fundTrend', ({ params }) => {
    const s = scope(params);
    return db
      .prepare(
        `SELECT a.year, count(*) AS total, count(a.fund) AS funded,
          sum(CASE WHEN a.fund LIKE '%国家社会科学基金%' THEN 1 ELSE 0 END) AS national
        FROM articles a ${s.where} GROUP BY a.year ORDER BY a.year`,
      )
      .all(...s.args);
  });

  return api.router;
}
