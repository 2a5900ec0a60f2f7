// /api/cooperativeProjectApi/*: editorial board and news.
import { z } from 'zod';
import type { DB } from '../db.js';
import { likeContains } from '../text.js';
import { bizError, createApi, optInt, optStr, page, paging, parse, reqId, type Logger } from '../http.js';
import { BOARD_COLUMNS, boardJson, newsSummary, type BoardRow, type NewsRow } from './content.js';

export function cooperativeProjectRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  // Editorial board, in board order; optional filters roleLevel (1 主编, 2 副主编, 3 编委) and name.
  api.post('/listQueries', ({ params }) => {
    const q = parse(z.object({ roleLevel: optInt(), name: optStr(), journalId: optInt() }), params);
    const p = paging(params);
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (q.roleLevel !== undefined) {
      where.push('role_level = ?');
      args.push(q.roleLevel);
    }
    if (q.journalId !== undefined) {
      where.push('journal_id = ?');
      args.push(q.journalId);
    }
    if (q.name) {
      where.push("name LIKE ? ESCAPE '\\'");
      args.push(likeContains(q.name));
    }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (db.prepare(`SELECT count(*) AS n FROM editorial_board ${w}`).get(...args) as { n: number }).n;
    const rows = db.prepare(`SELECT ${BOARD_COLUMNS} FROM editorial_board ${w} ORDER BY sort LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as BoardRow[];
    return page(rows.map(boardJson), total, p);
  });

  api.post('/projectSpecialistShow', ({ params }) => {
    const { id } = parse(z.object({ id: reqId() }), params);
    const row = db.prepare(`SELECT ${BOARD_COLUMNS} FROM editorial_board WHERE id = ?`).get(id) as BoardRow | undefined;
    if (!row) throw bizError('该编委信息不存在', 404);
    return boardJson(row);
  });

  // News by type (1 合作单位动态, 2 行业资讯), newest first; optional title keyword.
  api.post('/newsListQueries', ({ params }) => {
    const q = parse(z.object({ type: optInt(), keyword: optStr() }), params);
    const p = paging(params);
    const type = q.type ?? 1;
    const args: (string | number)[] = [type];
    let w = 'WHERE type = ?';
    if (q.keyword) {
      w += " AND title LIKE ? ESCAPE '\\'";
      args.push(likeContains(q.keyword));
    }
    const total = (db.prepare(`SELECT count(*) AS n FROM news ${w}`).get(...args) as { n: number }).n;
    const rows = db.prepare(`SELECT * FROM news ${w} ORDER BY publish_date DESC, id DESC LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as NewsRow[];
    return page(rows.map(newsSummary), total, p);
  });

  // One news item with its neighbours in list order (prev = newer, next = older); counts a view.
  api.post('/projectNewsShow', ({ params }) => {
    const { id } = parse(z.object({ id: reqId() }), params);
    db.prepare('UPDATE news SET views = views + 1 WHERE id = ?').run(id);
    const row = db.prepare('SELECT * FROM news WHERE id = ?').get(id) as NewsRow | undefined;
    if (!row) throw bizError('该资讯不存在或已下线', 404);
    const neighbour = (cmp: '>' | '<', dir: 'ASC' | 'DESC') =>
      (db
        .prepare(
          `SELECT id, title, publish_date AS publishDate FROM news WHERE type = ?
          AND (publish_date ${cmp} ? OR (publish_date = ? AND id ${cmp} ?))
          ORDER BY publish_date ${dir}, id ${dir} LIMIT 1`,
        )
        .get(row.type, row.publish_date, row.publish_date, row.id) as object | undefined) ?? null;
    return { ...newsSummary(row), content: row.content, prev: neighbour('>', 'ASC'), next: neighbour('<', 'DESC') };
  });

  return api.router;
}
