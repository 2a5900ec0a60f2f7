// Reading and download history of signed-in users (阅读记录, 下载记录).
import { nowTime } from './clock.js';
import type { DB } from './db.js';

export function recordArticleActivity(db: DB, employeeId: number, articleId: number, kind: 'read' | 'download'): void {
  db.prepare(
    `INSERT INTO read_records (employee_id, article_id, kind, count, last_at) VALUES (?,?,?,1,?)
    ON CONFLICT(employee_id, article_id, kind) DO UPDATE SET count = count + 1, last_at = excluded.last_at`,
  ).run(employeeId, articleId, kind, nowTime(db));
}
