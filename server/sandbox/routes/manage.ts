// /manage/*: the authenticated area. Only the calls the portal shell needs on every page
// are implemented; the rest of spec §7's /manage list answers 404 (see the contract).
import { z } from 'zod';
import { employeeById } from '../accounts.js';
import type { DB } from '../db.js';
import { bizError, createApi, page, paging, parse, reqId, withMessage, type Logger } from '../http.js';
import { userJson } from './login.js';

export function manageRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  api.post('/employee/getProfile', ({ user }) => {
    const e = employeeById(db, user().employeeId);
    if (!e) throw bizError('用户不存在', 404);
    return userJson(db, e);
  });

  api.post('/employee/employeeNewsletter/unreadNumber', ({ user }) => {
    return (db.prepare('SELECT count(*) AS n FROM messages WHERE employee_id = ? AND is_read = 0').get(user().employeeId) as { n: number }).n;
  });

  api.post('/employee/employeeNewsletter/list', ({ user, params }) => {
    const id = user().employeeId;
    const p = paging(params);
    const total = (db.prepare('SELECT count(*) AS n FROM messages WHERE employee_id = ?').get(id) as { n: number }).n;
    const rows = db
      .prepare(`SELECT id, title, content, is_read AS isRead, create_time AS createTime FROM messages
        WHERE employee_id = ? ORDER BY create_time DESC, id DESC LIMIT ? OFFSET ?`)
      .all(id, p.size, p.offset) as { isRead: number }[];
    return page(rows.map((r) => ({ ...r, isRead: r.isRead === 1 })), total, p);
  });

  api.post('/employee/employeeNewsletter/markRead', ({ user, params }) => {
    const { id } = parse(z.object({ id: reqId() }), params);
    const info = db.prepare('UPDATE messages SET is_read = 1 WHERE id = ? AND employee_id = ?').run(id, user().employeeId);
    if (info.changes === 0) throw bizError('消息不存在', 404);
    return withMessage(null, '已标记为已读');
  });

  return api.router;
}
