// /__sandbox/*: test hooks and the simulated WeChat consent page. They exist only in the
// sandbox, never in the real backend; they bypass token checks on purpose.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { nowMs, nowTime, setClockOffsetDays } from '../clock.js';
import { clearData } from '../db.js';
import type { SandboxEnv } from '../env.js';
import { RESPONDED, bizError, createApi, notFound, optBool, optStr, parse, reqId, reqStr } from '../http.js';
import { STAGES, STAGE_KEYS, detailJson, manuscriptRow, pathTo, transition, type ManuscriptRow, type Stage } from '../manuscripts.js';
import { seedDatabase } from '../seed/generate.js';
import { escapeHtml } from '../text.js';

const CODE_TTL_MS = 5 * 60 * 1000;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;margin:0;display:flex;
justify-content:center;padding-top:10vh}.card{background:#fff;border-radius:8px;padding:32px;width:360px;text-align:center}
h1{font-size:20px}p{color:#666}a.btn{display:block;margin:12px 0;padding:12px;border-radius:4px;text-decoration:none;
background:#07c160;color:#fff}a.btn.alt{background:#f2f2f2;color:#333}</style></head>
<body><main class="card">${body}</main></body></html>`;
}

export function sandboxHookRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

  api.get('/health', () => ({
    status: 'ok',
    articles: Number((db.prepare(`SELECT value FROM sandbox_meta WHERE key = 'articles'`).get() as { value: string } | undefined)?.value ?? 0),
  }));

  // Last SMS code sent to a mobile.
  api.get('/sms', ({ params }) => {
    const { mobile } = parse(z.object({ mobile: reqStr('缺少参数：mobile') }), params);
    const row = db
      .prepare('SELECT mobile, code, sent_at AS sentAt, expires_at AS expiresAt, used FROM sms_codes WHERE mobile = ? ORDER BY sent_at DESC, id DESC LIMIT 1')
      .get(mobile) as { used: number } | undefined;
    if (!row) throw notFound('该手机号没有发送记录');
    return { ...row, used: row.used === 1 };
  });

  api.get('/captcha', ({ params }) => {
    const { uuid } = parse(z.object({ uuid: reqStr('缺少参数：uuid') }), params);
    const row = db.prepare('SELECT uuid, text, expires_at AS expiresAt FROM captchas WHERE uuid = ?').get(uuid);
    if (!row) throw notFound('图形验证码不存在或已使用');
    return row;
  });

  // Drops every row and reseeds with the same article count and seed.
  api.post('/reset', () => {
    const meta = Object.fromEntries((db.prepare('SELECT key, value FROM sandbox_meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    const articles = Number(meta.articles ?? 300);
    const seed = meta.seed ? Number(meta.seed) : undefined;
    clearData(db);
    const result = seedDatabase(db, { articles, seed });
    log.info({ ...result }, 'sandbox reset');
    return result;
  });

  // Simulated WeChat consent page: choose a bound or a new WeChat user.
  api.get('/wechat/authorize', ({ params, res }) => {
    const { state } = parse(z.object({ state: reqStr('缺少参数：state') }), params);
    const valid = db.prepare('SELECT 1 FROM wechat_states WHERE state = ? AND expires_at > ?').get(state, Date.now());
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (!valid) {
      res.status(400).end(page('授权失败', '<h1>二维码已失效</h1><p>请返回网站重新发起微信登录。</p>'));
      return RESPONDED;
    }
    const link = (choice: string) => `/__sandbox/wechat/confirm?state=${encodeURIComponent(state)}&amp;choice=${choice}`;
    res.end(
      page(
        '微信授权登录（模拟）',
        `<h1>微信授权登录（沙箱模拟）</h1><p>数据法学期刊平台 申请获得你的公开信息（昵称、头像）</p>
<a class="btn" id="bound" href="${link('bound')}">以已绑定用户登录（demo_author）</a>
<a class="btn alt" id="new" href="${link('new')}">以新用户登录（未绑定账号）</a>`,
      ),
    );
    return RESPONDED;
  });

  api.get('/wechat/confirm', ({ params, res }) => {
    const q = parse(z.object({ state: reqStr('缺少参数：state'), choice: z.enum(['bound', 'new']).default('bound') }), params);
    const row = db.prepare('SELECT redirect_uri FROM wechat_states WHERE state = ? AND expires_at > ?').get(q.state, Date.now()) as
      | { redirect_uri: string }
      | undefined;
    if (!row) throw bizError('二维码已失效，请重新扫码');
    const bound = db.prepare('SELECT openid FROM employees WHERE openid IS NOT NULL ORDER BY id LIMIT 1').get() as { openid: string } | undefined;
    const openid = q.choice === 'bound' && bound ? bound.openid : `sandbox-openid-${randomBytes(8).toString('hex')}`;
    const code = randomBytes(16).toString('hex');
    db.prepare('INSERT INTO wechat_codes (code, state, openid, expires_at) VALUES (?,?,?,?)').run(code, q.state, openid, Date.now() + CODE_TTL_MS);
    const target = new URL(row.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.state);
    res.redirect(302, target.toString());
    return RESPONDED;
  });

  // --- manuscripts ---

  // Moves a manuscript to `stage` along the shortest legal path (e.g. submitted → accepted
  // passes 初审 and 外审), recording each step's events, messages, letters and orders.
  api.post('/manuscripts/:id/advance', ({ req, params }) => {
    const { id } = parse(z.object({ id: reqId() }), { id: req.params.id });
    const q = parse(
      z.object({
        stage: z.preprocess(
          (v) => v ?? params.to ?? params.status,
          z.enum(STAGE_KEYS as [Stage, ...Stage[]], { error: `stage 应为 ${STAGE_KEYS.join(', ')} 之一` }),
        ),
        note: optStr(),
      }),
      params,
    );
    const row = manuscriptRow(db, id);
    if (!row) throw notFound('稿件不存在');
    const path = pathTo(row.status, q.stage);
    if (!path) throw bizError(`稿件当前状态为“${STAGES[row.status]}”，不能变更为“${STAGES[q.stage]}”`);
    db.transaction(() => {
      path.forEach((stage, i) => transition(db, id, stage, { now: nowTime(db), note: i === path.length - 1 ? q.note : undefined }));
    })();
    log.info({ event: 'manuscript_advanced', paperId: id, from: row.status, to: q.stage }, 'sandbox manuscript advanced');
    return { from: row.status, to: q.stage, path, manuscript: detailJson(db, manuscriptRow(db, id) as ManuscriptRow) };
  });

  api.get('/manuscripts/:id', ({ req }) => {
    const { id } = parse(z.object({ id: reqId() }), { id: req.params.id });
    const row = manuscriptRow(db, id);
    if (!row) throw notFound('稿件不存在');
    return detailJson(db, row);
  });

  // --- face recognition (simulated provider page) ---

  const faceTicket = (ticket: string) =>
    db.prepare('SELECT employee_id, status, expires_at FROM face_tickets WHERE ticket = ?').get(ticket) as
      | { employee_id: number; status: string; expires_at: number }
      | undefined;

  api.get('/face/verify', ({ params, res }) => {
    const { ticket } = parse(z.object({ ticket: reqStr('缺少参数：ticket') }), params);
    const row = faceTicket(ticket);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    if (!row || row.expires_at < nowMs(db) || row.status !== 'pending') {
      res.status(400).end(page('人脸识别', '<h1>识别链接已失效</h1><p>请返回网站重新发起人脸识别。</p>'));
      return RESPONDED;
    }
    const link = (result: string) => `/__sandbox/face/result?ticket=${encodeURIComponent(ticket)}&amp;result=${result}`;
    res.end(
      page(
        '人脸识别（模拟）',
        `<h1>人脸识别（沙箱模拟）</h1><p>请正对摄像头，保持光线充足。</p>
<a class="btn" id="pass" href="${link('pass')}">模拟识别通过</a>
<a class="btn alt" id="fail" href="${link('fail')}">模拟识别失败</a>`,
      ),
    );
    return RESPONDED;
  });

  const recordFace = (ticket: string, result: 'pass' | 'fail') => {
    const row = faceTicket(ticket);
    if (!row || row.expires_at < nowMs(db)) throw bizError('识别链接已失效');
    if (row.status !== 'pending') throw bizError('该识别已完成');
    const t = nowTime(db);
    db.transaction(() => {
      db.prepare('UPDATE face_tickets SET status = ?, finished_at = ? WHERE ticket = ?').run(result === 'pass' ? 'passed' : 'failed', t, ticket);
      if (result === 'pass') db.prepare('UPDATE identities SET face_verified_at = ? WHERE employee_id = ?').run(t, row.employee_id);
    })();
  };
  const faceSchema = z.object({ ticket: reqStr('缺少参数：ticket'), result: z.enum(['pass', 'fail'], { error: 'result 应为 pass 或 fail' }) });

  api.get('/face/result', ({ params, res }) => {
    const q = parse(faceSchema, params);
    recordFace(q.ticket, q.result);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      page('人脸识别', q.result === 'pass' ? '<h1 id="done">识别通过</h1><p>请返回网站继续操作。</p>' : '<h1 id="done">识别未通过</h1><p>请返回网站重试。</p>'),
    );
    return RESPONDED;
  });

  api.post('/face/result', ({ params }) => {
    const q = parse(faceSchema, params);
    recordFace(q.ticket, q.result);
    return { ticket: q.ticket, status: q.result === 'pass' ? 'passed' : 'failed' };
  });

  // --- switches ---

  // { uploadVerification: boolean }: the arithmetic captcha at manuscript confirmation.
  api.post('/settings', ({ params }) => {
    const q = parse(z.object({ uploadVerification: optBool() }), params);
    if (q.uploadVerification !== undefined) {
      const on = q.uploadVerification;
      db.prepare(`INSERT INTO sandbox_meta (key, value) VALUES ('upload_verification', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`).run(
        on ? '1' : '0',
      );
    }
    const row = db.prepare(`SELECT value FROM sandbox_meta WHERE key = 'upload_verification'`).get() as { value: string } | undefined;
    return { uploadVerification: row ? row.value === '1' : true };
  });

  // { offsetDays }: shifts the sandbox clock (check-in days, timestamps); 0 resets it.
  api.post('/clock', ({ params }) => {
    const { offsetDays } = parse(z.object({ offsetDays: z.coerce.number({ error: '缺少参数：offsetDays' }).int().min(-3650).max(3650) }), params);
    setClockOffsetDays(db, offsetDays);
    return { offsetDays, now: nowTime(db) };
  });

  // Decides the latest scholar application of a user: { username, result: approved|rejected, opinion? }.
  api.post('/scholar/decide', ({ params }) => {
    const q = parse(
      z.object({
        username: reqStr('缺少参数：username'),
        result: z.enum(['approved', 'rejected'], { error: 'result 应为 approved 或 rejected' }),
        opinion: optStr(),
      }),
      params,
    );
    const app = db
      .prepare(
        `SELECT s.id FROM scholar_applications s JOIN employees e ON e.id = s.employee_id WHERE e.username = ? AND s.status = 'pending' ORDER BY s.id DESC LIMIT 1`,
      )
      .get(q.username) as { id: number } | undefined;
    if (!app) throw notFound('没有待审核的学者认证申请');
    db.prepare('UPDATE scholar_applications SET status = ?, opinion = ?, decided_at = ? WHERE id = ?').run(q.result, q.opinion ?? null, nowTime(db), app.id);
    return { id: app.id, status: q.result };
  });

  return api.router;
}
