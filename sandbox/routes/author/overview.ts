// /manage/author: the author's overview (published work, what waits for them) and
// closing the account.
import { z } from 'zod';
import { cardsByIds } from '../../articles.js';
import type { SandboxEnv } from '../../env.js';
import { bizError, createApi, optStr, page, paging, parse, reqStr, withMessage } from '../../http.js';
import { IN_PROGRESS, summaryJson, MS_SELECT, type ManuscriptRow, type Stage } from '../../manuscripts.js';
import { verifyPassword } from '../../security.js';
import type { EmployeeRow } from '../../accounts.js';

export function overviewRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

  // --- author overview ---

  api.post('/paper/getAuthorAchievementsPaperList', ({ params, user }) => {
    const auth = user();
    const p = paging(params);
    const total = (db.prepare(`SELECT count(*) AS n FROM manuscripts WHERE employee_id = ? AND status = 'published'`).get(auth.employeeId) as { n: number }).n;
    const rows = db
      .prepare(`${MS_SELECT} WHERE m.employee_id = ? AND m.status = 'published' ORDER BY m.updated_at DESC, m.id DESC LIMIT ? OFFSET ?`)
      .all(auth.employeeId, p.size, p.offset) as ManuscriptRow[];
    const cards = new Map(
      cardsByIds(
        db,
        rows.map((r) => r.article_id).filter((x): x is number => x !== null),
      ).map((c) => [c.id, c]),
    );
    return page(
      rows.map((r) => ({ ...summaryJson(db, r), articleId: r.article_id, article: r.article_id ? (cards.get(r.article_id) ?? null) : null })),
      total,
      p,
    );
  });

  api.post('/paper/unprocessedItems', ({ user }) => {
    const auth = user();
    const TYPES: Partial<Record<Stage, string>> = { draft: '待提交', revision: '待返修', proof: '待核对校样', payment: '待缴费' };
    const rows = db
      .prepare(
        `SELECT id, manuscript_no, title, status, updated_at FROM manuscripts WHERE employee_id = ? AND status IN ('draft','revision','proof','payment')
        ORDER BY updated_at DESC, id DESC`,
      )
      .all(auth.employeeId) as { id: number; manuscript_no: string | null; title: string; status: Stage; updated_at: string }[];
    const items = rows
      .filter(
        (r) =>
          r.status !== 'proof' ||
          !(db.prepare('SELECT proof_confirmed FROM manuscripts WHERE id = ?').get(r.id) as { proof_confirmed: number }).proof_confirmed,
      )
      .map((r) => ({
        paperId: r.id,
        manuscriptNo: r.manuscript_no,
        title: r.title || '（未命名草稿）',
        type: r.status,
        typeName: TYPES[r.status] ?? '',
        since: r.updated_at,
      }));
    const unreadMessages = (db.prepare('SELECT count(*) AS n FROM messages WHERE employee_id = ? AND is_read = 0').get(auth.employeeId) as { n: number }).n;
    const count = (s: Stage) => items.filter((i) => i.type === s).length;
    return {
      total: items.length,
      drafts: count('draft'),
      revisions: count('revision'),
      proofs: count('proof'),
      payments: count('payment'),
      unreadMessages,
      items,
    };
  });

  // Cancels (注销) the account: refused while manuscripts are in progress; anonymises the row.
  api.post('/paper/authorAccountCancellation', async ({ params, user }) => {
    const auth = user();
    const q = parse(z.object({ password: reqStr('请输入密码'), reason: optStr() }), params);
    const e = db.prepare('SELECT * FROM employees WHERE id = ?').get(auth.employeeId) as EmployeeRow | undefined;
    if (!e) throw bizError('用户不存在', 404);
    if (!(await verifyPassword(q.password, e.salt, e.password_hash))) throw bizError('密码错误', 400, 'password');
    const busy = db
      .prepare(`SELECT count(*) AS n FROM manuscripts WHERE employee_id = ? AND status IN (${IN_PROGRESS.map(() => '?').join(',')})`)
      .get(auth.employeeId, ...IN_PROGRESS) as { n: number };
    if (busy.n > 0) throw bizError(`您有${busy.n}篇稿件正在处理中，暂不能注销账号`);
    const tag = `cancelled_${e.id}_${Date.now().toString(36)}`;
    db.transaction(() => {
      db.prepare(
        `UPDATE employees SET username = ?, mobile = ?, mailbox = NULL, real_name = NULL, openid = NULL, head_img_url = NULL,
          password_hash = ?, salt = ? WHERE id = ?`,
      ).run(tag, tag, 'x', 'x', e.id);
      db.prepare('DELETE FROM identities WHERE employee_id = ?').run(e.id);
      db.prepare('DELETE FROM sessions WHERE employee_id = ?').run(e.id);
    })();
    log.info({ event: 'account_cancelled', employeeId: e.id }, 'sandbox account cancelled');
    return withMessage(null, '账号已注销');
  });

  return api.router;
}
