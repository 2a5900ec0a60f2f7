// Journal look-ups shared by the submission routes: by id or gch, open themes, issue plans.
import type { DB } from './db.js';
import { bizError, optInt, optStr, parse, type Params } from './http.js';
import type { JournalRow } from './routes/content.js';
import { z } from 'zod';

/** The journal named by `journalId` (or `id`) or `gch`; 404 when unknown. */
export function journalByParams(db: DB, params: Params): JournalRow {
  const q = parse(z.object({ journalId: optInt(), id: optInt(), gch: optStr() }), params);
  const id = q.journalId ?? q.id;
  let j: JournalRow | undefined;
  if (id !== undefined) j = db.prepare('SELECT * FROM journals WHERE id = ?').get(id) as JournalRow | undefined;
  else if (q.gch) j = db.prepare('SELECT * FROM journals WHERE gch = ?').get(q.gch.toUpperCase()) as JournalRow | undefined;
  else throw bizError('缺少参数：journalId 或 gch');
  if (!j) throw bizError('期刊不存在', 404);
  return j;
}

export interface ThemeRow {
  id: number;
  journal_id: number;
  title: string;
  description: string;
  start_date: string;
  end_date: string;
  sort: number;
}

export function themeJson(t: ThemeRow, today: string) {
  const open = t.start_date <= today && today <= t.end_date;
  return {
    id: t.id,
    journalId: t.journal_id,
    title: t.title,
    description: t.description,
    startDate: t.start_date,
    endDate: t.end_date,
    status: open ? 'open' : today < t.start_date ? 'upcoming' : 'closed',
    statusName: open ? '征稿中' : today < t.start_date ? '未开始' : '已截止',
  };
}

/** Throws unless the theme belongs to the journal and accepts manuscripts at `now`. */
export function themeOpen(db: DB, journalId: number, themeId: number, now: string): ThemeRow {
  const t = db.prepare('SELECT * FROM themes WHERE id = ? AND journal_id = ?').get(themeId, journalId) as ThemeRow | undefined;
  if (!t) throw bizError('征稿活动不存在');
  const day = now.slice(0, 10);
  if (day < t.start_date || day > t.end_date) throw bizError('该征稿活动不在征稿期内');
  return t;
}

/** Issues being put together for a journal (published on or after `fromDay`), with the room left in each. */
export function remainderIssues(db: DB, journalId: number, fromDay = '0000-00-00') {
  const rows = db
    .prepare(
      `SELECT p.id, p.year, p.issue_no AS issueNo, p.publish_date AS publishDate, p.capacity,
        (SELECT count(*) FROM manuscripts m WHERE m.planned_issue_id = p.id AND m.status NOT IN ('rejected','retracted')) AS loaded
      FROM issue_plans p WHERE p.journal_id = ? AND p.publish_date >= ? ORDER BY p.year, p.issue_no`,
    )
    .all(journalId, fromDay) as { id: number; year: number; issueNo: number; publishDate: string; capacity: number; loaded: number }[];
  return rows.map((r) => ({ ...r, remainder: Math.max(0, r.capacity - r.loaded) }));
}
