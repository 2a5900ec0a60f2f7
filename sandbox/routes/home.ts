// /api/homeApi/*: footer, notice, home-page widgets.
import { z } from 'zod';
import { cardsByIds, listArticles, searchArticles, type ArticleRow } from '../articles.js';
import { bizError, createApi, optInt, optStr, page, paging, parse, reqId, type Logger } from '../http.js';
import type { DB } from '../db.js';
import { FOOTER_GROUPS } from '../seed/banks.js';
import { hash32 } from '../seed/prng.js';
import { columnsOf, journalById, labelsOf, newsSummary, type NewsRow } from './content.js';

interface LinkRow {
  id: number;
  type: number;
  title: string;
  link_address: string;
  link_status: number;
  link_type: number;
  sort: number;
}

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

const sizeOnly = (max: number, fallback: number) => z.object({ size: optInt() }).transform((v) => Math.min(Math.max(v.size ?? fallback, 1), max));

export function homeRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  // Footer: one group per type. Types 1-2 are the footer columns, 3-5 the friendly-link dropdowns.
  api.any('/getBottomBar', () => {
    const rows = db.prepare('SELECT * FROM footer_links ORDER BY type, sort').all() as LinkRow[];
    return FOOTER_GROUPS.map((g) => ({
      type: g.type,
      name: g.name,
      kind: g.kind,
      list: rows
        .filter((r) => r.type === g.type)
        .map((r) => ({
          id: r.id,
          title: r.title,
          link_address: r.link_address,
          link_status: r.link_status,
          link_type: r.link_type,
          type: r.type,
          sort: r.sort,
        })),
    }));
  });

  // The notice prompt (温馨提示). Its content is raw HTML: clients must sanitise it.
  api.any('/getPromptNotice', ({ params }) => {
    const { type } = parse(z.object({ type: optInt() }), params);
    const row = db.prepare('SELECT * FROM notices WHERE type = ? ORDER BY id DESC LIMIT 1').get(type ?? 1) as
      | { id: number; type: number; title: string; content: string; update_time: string }
      | undefined;
    return row ? { id: row.id, type: row.type, title: row.title, content: row.content, updateTime: row.update_time } : null;
  });

  api.post('/getSelectedLiterature', ({ params }) => {
    const f = parse(z.object({ journalId: optInt(), columnId: optInt() }), params);
    return listArticles(db, { ...f, selected: true }, 'publishDate', paging(params));
  });

  api.post('/getSelectedLiteratureShow', ({ params }) => {
    const size = parse(sizeOnly(20, 6), params);
    const ids = db.prepare('SELECT id FROM articles WHERE selected = 1 ORDER BY published_date DESC, id DESC LIMIT ?').all(size) as { id: number }[];
    return cardsByIds(
      db,
      ids.map((r) => r.id),
    );
  });

  api.post('/getTradeNews', ({ params }) => {
    const { type } = parse(z.object({ type: optInt() }), params);
    const p = paging(params);
    const t = type ?? 2;
    const total = (db.prepare('SELECT count(*) AS n FROM news WHERE type = ?').get(t) as { n: number }).n;
    const rows = db.prepare('SELECT * FROM news WHERE type = ? ORDER BY publish_date DESC, id DESC LIMIT ? OFFSET ?').all(t, p.size, p.offset) as NewsRow[];
    return page(rows.map(newsSummary), total, p);
  });

  api.post('/getTradeHotspot', ({ params }) => {
    const size = parse(sizeOnly(50, 10), params);
    return db
      .prepare(
        `SELECT id, title, summary, tag, heat, publish_date AS publishDate, views, sort AS rank
        FROM hotspots ORDER BY sort LIMIT ?`,
      )
      .all(size);
  });

  // One industry hotspot, with its content; counts a view.
  api.post('/seeDetails', ({ params }) => {
    const { id } = parse(z.object({ id: reqId() }), params);
    db.prepare('UPDATE hotspots SET views = views + 1 WHERE id = ?').run(id);
    const row = db
      .prepare(
        `SELECT id, title, summary, content, tag, heat, publish_date AS publishDate, views, sort AS rank
        FROM hotspots WHERE id = ?`,
      )
      .get(id);
    if (!row) throw bizError('该热点不存在或已下线', 404);
    const papers = relatedPapers(db, (row as { title: string }).title);
    // A hotspot the platform has no paper on yet shows its newest papers, said as such.
    if (papers.length > 0) return { ...row, papers, papersAreRecent: false };
    return { ...row, papers: listArticles(db, {}, 'publishDate', { current: 1, size: 5, offset: 0 }).records, papersAreRecent: true };
  });

  // Finds an article id from one of its external identifiers.
  api.post('/inquirePaperId', ({ params }) => {
    const q = parse(z.object({ doi: optStr(), weiPuId: optStr(), hash: optStr() }), params);
    let row: Pick<ArticleRow, 'id' | 'journal_id' | 'issue_id'> | undefined;
    const sel = 'SELECT id, journal_id, issue_id FROM articles WHERE';
    // DOIs are case-insensitive: the exact spelling first (indexed), then any case.
    if (q.doi) row = (db.prepare(`${sel} doi = ?`).get(q.doi) ?? db.prepare(`${sel} doi = ? COLLATE NOCASE`).get(q.doi)) as typeof row;
    else if (q.weiPuId) row = db.prepare(`${sel} weipu_id = ?`).get(q.weiPuId) as typeof row;
    else if (q.hash) row = db.prepare(`${sel} pdf_hash = ?`).get(q.hash) as typeof row;
    else throw bizError('请提供 doi、weiPuId 或 hash 之一');
    if (!row) throw bizError('未找到对应的文献', 404);
    return { paperId: row.id, journalId: row.journal_id, issueId: row.issue_id };
  });

  // Display configuration of a journal on the portal.
  api.post('/getJournalDispositionByJournalId', ({ params }) => {
    const { journalId } = parse(z.object({ journalId: reqId('缺少参数：journalId') }), params);
    const j = journalById(db, journalId);
    if (!j) throw bizError('期刊不存在', 404);
    return {
      journalId: j.id,
      gch: j.gch,
      name: j.name,
      acceptsContribution: j.accepts_contribution === 1,
      submissionNotice: j.accepts_contribution
        ? `<p>本刊实行双向匿名审稿，审稿周期约为60个工作日。来稿请通过本平台在线提交，勿一稿多投。</p><p>编辑部邮箱：${j.email}；电话：${j.phone}。</p>`
        : '<p>本刊暂停接受外部投稿。</p>',
      reviewCycleDays: 60,
      contact: { email: j.email, phone: j.phone, address: j.address },
      labels: labelsOf(j.labels),
      columns: columnsOf(db, j.id),
      modules: { selectedLiterature: true, news: true, hotspot: true, expertAuthor: true },
      themeColor: '#1c64d6',
    };
  });

  // Platform activity over the last seven working days (Mon-Fri) before today.
  api.post('/getLastSevenWorkingDays', () => {
    const days: { date: string; weekday: string; submissions: number; reviews: number; publications: number }[] = [];
    const d = new Date();
    d.setUTCHours(0, 0, 0, 0);
    while (days.length < 7) {
      d.setUTCDate(d.getUTCDate() - 1);
      const wd = d.getUTCDay();
      if (wd === 0 || wd === 6) continue;
      const date = d.toISOString().slice(0, 10);
      const h = hash32(date);
      days.unshift({ date, weekday: WEEKDAYS[wd] as string, submissions: 20 + (h % 40), reviews: 10 + ((h >>> 8) % 30), publications: (h >>> 16) % 12 });
    }
    return days;
  });

  return api.router;
}

/**
 * The papers of the platform on a hotspot, newest first (at most 5): those whose text holds
 * the hotspot's topic, then any of its four-character terms (`人脸识别`, `数据资产`).
 */
function relatedPapers(db: DB, title: string) {
  const segments = title.split(/的|与|和/).filter((s) => s.length >= 2);
  const terms = [...new Set([...segments, ...segments.flatMap((s) => (s.length > 4 ? [s.slice(0, 4), s.slice(-4)] : []))])];
  const ids: number[] = [];
  for (const term of terms) {
    if (ids.length >= 5) break;
    const found = searchArticles(db, { query: term, field: 'all', sort: 'publishDate' }, { current: 1, size: 5, offset: 0 });
    for (const record of found.page.records) if (!ids.includes(record.id) && ids.length < 5) ids.push(record.id);
  }
  return cardsByIds(db, ids);
}
