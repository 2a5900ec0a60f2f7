// /api/journalSearchApi/*: journal list and journal profile.
import { z } from 'zod';
import type { DB } from '../db.js';
import { bizError, createApi, optInt, optStr, parse, type Logger } from '../http.js';
import { columnsOf, journalSummary, type JournalRow } from './content.js';

export function journalSearchRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  api.post('/list', () => {
    const rows = db.prepare('SELECT * FROM journals ORDER BY sort').all() as JournalRow[];
    return rows.map((j) => journalSummary(db, j));
  });

  // Journal profile with its issues grouped by year (newest first); by id or gch.
  api.post('/details', ({ params }) => {
    const q = parse(z.object({ id: optInt(), journalId: optInt(), gch: optStr() }), params);
    const id = q.id ?? q.journalId;
    let j: JournalRow | undefined;
    if (id !== undefined) j = db.prepare('SELECT * FROM journals WHERE id = ?').get(id) as JournalRow | undefined;
    else if (q.gch) j = db.prepare('SELECT * FROM journals WHERE gch = ?').get(q.gch.toUpperCase()) as JournalRow | undefined;
    else throw bizError('缺少参数：id');
    if (!j) throw bizError('期刊不存在', 404);

    const issues = db
      .prepare(
        `SELECT i.id, i.year, i.volume, i.issue_no AS issueNo, i.total_no AS totalNo, i.publish_date AS publishDate,
          (SELECT count(*) FROM articles a WHERE a.issue_id = i.id) AS articleCount
        FROM issues i WHERE i.journal_id = ? ORDER BY i.year DESC, i.issue_no DESC`,
      )
      .all(j.id) as { year: number }[];
    const issuesByYear: { year: number; issues: unknown[] }[] = [];
    for (const issue of issues) {
      let group = issuesByYear[issuesByYear.length - 1];
      if (!group || group.year !== issue.year) issuesByYear.push((group = { year: issue.year, issues: [] }));
      group.issues.push(issue);
    }
    const stats = db
      .prepare(
        `SELECT count(*) AS articleCount, coalesce(sum(views), 0) AS totalViews,
          coalesce(sum(downloads), 0) AS totalDownloads FROM articles WHERE journal_id = ?`,
      )
      .get(j.id);
    return {
      ...journalSummary(db, j),
      introduction: j.introduction,
      doiPrefix: j.doi_prefix,
      contact: { email: j.email, phone: j.phone, address: j.address },
      columns: columnsOf(db, j.id),
      issuesByYear,
      stats,
    };
  });

  return api.router;
}
