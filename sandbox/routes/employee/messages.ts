// /manage/employee: the person's messages (站内信) and the retraction receipt they carry.
import { z } from 'zod';
import type { SandboxEnv } from '../../env.js';
import { RESPONDED, bizError, createApi, optBool, optInt, page, paging, parse, withMessage } from '../../http.js';
import { MESSAGE_TYPES, latestFile } from '../../manuscripts.js';

export function messageRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

  api.post('/employeeNewsletter/unreadNumber', ({ user }) => {
    return (db.prepare('SELECT count(*) AS n FROM messages WHERE employee_id = ? AND is_read = 0').get(user().employeeId) as { n: number }).n;
  });

  api.post('/employeeNewsletter/list', ({ user, params }) => {
    const id = user().employeeId;
    const q = parse(z.object({ isRead: optBool(), type: optInt() }), params);
    const p = paging(params);
    const where = ['m.employee_id = ?'];
    const args: (string | number)[] = [id];
    if (q.isRead !== undefined) {
      where.push('m.is_read = ?');
      args.push(q.isRead ? 1 : 0);
    }
    if (q.type !== undefined) {
      where.push('m.type = ?');
      args.push(q.type);
    }
    const w = where.join(' AND ');
    const total = (db.prepare(`SELECT count(*) AS n FROM messages m WHERE ${w}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(
        `SELECT m.id, m.title, m.content, m.is_read AS isRead, m.create_time AS createTime, m.type, m.manuscript_id AS paperId,
          ms.manuscript_no AS manuscriptNo FROM messages m LEFT JOIN manuscripts ms ON ms.id = m.manuscript_id
        WHERE ${w} ORDER BY m.create_time DESC, m.id DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, p.size, p.offset) as { isRead: number; type: keyof typeof MESSAGE_TYPES; paperId: number | null }[];
    return page(
      rows.map((r) => ({ ...r, isRead: r.isRead === 1, typeName: MESSAGE_TYPES[r.type] ?? '系统通知', hasAttachment: r.type === 3 && r.paperId !== null })),
      total,
      p,
    );
  });

  api.post('/employeeNewsletter/markRead', ({ user, params }) => {
    const auth = user();
    const q = parse(z.object({ id: optInt(), all: optBool() }), params);
    if (q.all) {
      db.prepare('UPDATE messages SET is_read = 1 WHERE employee_id = ?').run(auth.employeeId);
      return withMessage(null, '已全部标记为已读');
    }
    if (!q.id) throw bizError('缺少参数：id');
    const info = db.prepare('UPDATE messages SET is_read = 1 WHERE id = ? AND employee_id = ?').run(q.id, auth.employeeId);
    if (info.changes === 0) throw bizError('消息不存在', 404);
    return withMessage(null, '已标记为已读');
  });

  // The retraction response (撤稿回执) PDF attached to a type-3 message.
  api.any('/employeeNewsletter/downloadRetractionResponse', ({ params, res, user }) => {
    const auth = user();
    const q = parse(z.object({ id: optInt(), paperId: optInt() }), params);
    let paperId = q.paperId;
    if (q.id) {
      const m = db.prepare('SELECT type, manuscript_id FROM messages WHERE id = ? AND employee_id = ?').get(q.id, auth.employeeId) as
        | { type: number; manuscript_id: number | null }
        | undefined;
      if (!m) throw bizError('消息不存在', 404);
      if (m.type !== 3 || m.manuscript_id === null) throw bizError('该消息没有撤稿回执');
      paperId = m.manuscript_id;
    }
    if (!paperId) throw bizError('缺少参数：id');
    const owner = db.prepare('SELECT employee_id FROM manuscripts WHERE id = ?').get(paperId) as { employee_id: number } | undefined;
    if (!owner || owner.employee_id !== auth.employeeId) throw bizError('稿件不存在', 404);
    const f = latestFile(db, paperId, ['receipt']);
    if (!f) throw bizError('撤稿回执不存在', 404);
    db.prepare('UPDATE messages SET is_read = 1 WHERE employee_id = ? AND manuscript_id = ? AND type = 3').run(auth.employeeId, paperId);
    env.files.send(res, f.hash, f.fileName);
    return RESPONDED;
  });

  return api.router;
}
