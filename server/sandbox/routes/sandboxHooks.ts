// /__sandbox/*: test hooks and the simulated WeChat consent page. They exist only in the
// sandbox, never in the real backend; they bypass token checks on purpose.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { clearData, type DB } from '../db.js';
import { RESPONDED, bizError, createApi, notFound, parse, reqStr, type Logger } from '../http.js';
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

export function sandboxHookRoutes(db: DB, log: Logger) {
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
    const meta = Object.fromEntries(
      (db.prepare('SELECT key, value FROM sandbox_meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]),
    );
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
    const bound = db.prepare('SELECT openid FROM employees WHERE openid IS NOT NULL ORDER BY id LIMIT 1').get() as
      | { openid: string }
      | undefined;
    const openid = q.choice === 'bound' && bound ? bound.openid : `sandbox-openid-${randomBytes(8).toString('hex')}`;
    const code = randomBytes(16).toString('hex');
    db.prepare('INSERT INTO wechat_codes (code, state, openid, expires_at) VALUES (?,?,?,?)').run(code, q.state, openid, Date.now() + CODE_TTL_MS);
    const target = new URL(row.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.state);
    res.redirect(302, target.toString());
    return RESPONDED;
  });

  return api.router;
}
