// /api/weiXinApi/*: WeChat QR login against a simulated consent page (see sandboxHooks.ts).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { consumeSmsCode, createEmployee, issueSession, type EmployeeRow } from '../accounts.js';
import type { DB } from '../db.js';
import { bizError, createApi, optInt, optStr, parse, reqStr, withMessage, type Logger } from '../http.js';
import { MOBILE_RE, USERNAME_RE, newToken } from '../security.js';

export const WECHAT_STATE_TTL_MS = 10 * 60 * 1000;
/** How long an openid handed out by the callback may still be bound. */
export const WECHAT_OPENID_TTL_MS = 30 * 60 * 1000;

function safeRedirect(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export function weixinRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  // type 1 = login, projectType 2 = this portal. Returns the URL the browser goes to.
  api.post('/requestCode', ({ params, req }) => {
    const q = parse(z.object({ type: optInt(), projectType: optInt(), redirectUri: optStr() }), params);
    const referer = req.get('referer');
    const redirect = safeRedirect(q.redirectUri) ?? (referer ? safeRedirect(new URL('/', referer).toString()) : null);
    if (!redirect) throw bizError('缺少参数：redirectUri');
    const state = randomBytes(16).toString('hex');
    db.prepare('DELETE FROM wechat_states WHERE expires_at <= ?').run(Date.now());
    db.prepare('INSERT INTO wechat_states (state, redirect_uri, expires_at) VALUES (?,?,?)').run(state, redirect, Date.now() + WECHAT_STATE_TTL_MS);
    const base = (req.app.locals.publicUrl as string | undefined) ?? `${req.protocol}://${req.get('host')}`;
    return { url: `${base}/__sandbox/wechat/authorize?state=${state}`, state, type: q.type ?? 1, projectType: q.projectType ?? 2 };
  });

  // The portal's callback page forwards code+state here. Bound openid → a login; else the openid to bind.
  api.get('/userConfirmationCallback', ({ params }) => {
    const q = parse(z.object({ code: reqStr('缺少参数：code'), state: reqStr('缺少参数：state') }), params);
    const now = Date.now();
    const row = db.prepare('SELECT openid, expires_at FROM wechat_codes WHERE code = ? AND state = ?').get(q.code, q.state) as
      | { openid: string; expires_at: number }
      | undefined;
    const state = db.prepare('DELETE FROM wechat_states WHERE state = ? AND expires_at > ?').run(q.state, now);
    if (!row || row.expires_at <= now || state.changes === 0) throw bizError('微信授权已失效，请重新扫码登录');
    // The code is spent; keep the row as proof that this openid came from WeChat.
    db.prepare('UPDATE wechat_codes SET code = ?, expires_at = ? WHERE code = ?').run(`used:${newToken()}`, now + WECHAT_OPENID_TTL_MS, q.code);
    const user = db.prepare('SELECT id FROM employees WHERE openid = ?').get(row.openid) as { id: number } | undefined;
    if (user) return withMessage({ ...issueSession(db, user.id), openid: row.openid, bound: true }, '登录成功');
    return withMessage({ openid: row.openid, bound: false }, '该微信尚未绑定账号，请绑定手机号');
  });

  // Binds a WeChat openid to the account of a mobile (creating the account when the mobile is new).
  api.post('/userBindWxChat', async ({ params, auth }) => {
    // Signed in (the personal centre's 绑定微信): only the openid; it joins the caller's account.
    if (auth) {
      const { openid } = parse(z.object({ openid: reqStr('缺少参数：openid') }), params);
      if (!db.prepare('SELECT 1 FROM wechat_codes WHERE openid = ? AND expires_at > ?').get(openid, Date.now()))
        throw bizError('微信授权已失效，请重新扫码登录');
      const owner = db.prepare('SELECT id FROM employees WHERE openid = ?').get(openid) as { id: number } | undefined;
      if (owner) throw bizError(owner.id === auth.employeeId ? '该微信已绑定当前账号' : '该微信已绑定其他账号');
      const info = db.prepare('UPDATE employees SET openid = ? WHERE id = ? AND openid IS NULL').run(openid, auth.employeeId);
      if (info.changes === 0) throw bizError('当前账号已绑定微信，请先解绑');
      return withMessage(null, '绑定成功');
    }
    const q = parse(
      z.object({
        mobileNo: reqStr('请输入手机号').pipe(z.string().regex(MOBILE_RE, { error: '请输入完整、正确的手机号' })),
        code: reqStr('请输入验证码'),
        userName: reqStr('请输入用户名').pipe(z.string().regex(USERNAME_RE, { error: '请输入正确的用户名!' })),
        openid: reqStr('缺少参数：openid'),
        type: optInt(),
      }),
      params,
    );
    const issued = db.prepare('SELECT 1 FROM wechat_codes WHERE openid = ? AND expires_at > ?').get(q.openid, Date.now());
    if (!issued) throw bizError('微信授权已失效，请重新扫码登录');
    if (db.prepare('SELECT 1 FROM employees WHERE openid = ?').get(q.openid)) throw bizError('该微信已绑定其他账号');
    const existing = db.prepare('SELECT * FROM employees WHERE mobile = ?').get(q.mobileNo) as EmployeeRow | undefined;
    if (existing) {
      if (existing.username.toLowerCase() !== q.userName.toLowerCase()) throw bizError('用户名与手机号不匹配');
      if (existing.openid) throw bizError('该账号已绑定其他微信');
    } else if (db.prepare('SELECT 1 FROM employees WHERE username = ? COLLATE NOCASE').get(q.userName)) {
      throw bizError('用户名已存在');
    }
    consumeSmsCode(db, q.mobileNo, q.code);
    let id: number;
    if (existing) {
      db.prepare('UPDATE employees SET openid = ? WHERE id = ?').run(q.openid, existing.id);
      id = existing.id;
    } else {
      // New account: a random password the user can later reset with the SMS flow.
      id = await createEmployee(db, { username: q.userName, mobile: q.mobileNo, password: `${newToken()}#1a`, openid: q.openid });
    }
    return withMessage(issueSession(db, id), '绑定成功');
  });

  api.post('/userUnbindWxChat', ({ user }) => {
    const auth = user();
    const info = db.prepare('UPDATE employees SET openid = NULL WHERE id = ? AND openid IS NOT NULL').run(auth.employeeId);
    if (info.changes === 0) throw bizError('当前账号未绑定微信');
    return withMessage(null, '解绑成功');
  });

  // Whether a WeChat openid is still unbound (used by the bind-mobile screen).
  api.get('/wxChatUnbindUser', ({ params }) => {
    const { openid } = parse(z.object({ openid: reqStr('缺少参数：openid') }), params);
    const user = db.prepare('SELECT username FROM employees WHERE openid = ?').get(openid) as { username: string } | undefined;
    return { openid, bound: user !== undefined, username: user ? `${user.username.slice(0, 1)}***` : null };
  });

  return api.router;
}
