import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../testing.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox(50);
});
afterAll(() => sb.close());

const EXPIRED = { code: 403, success: false, message: '登录状态已失效，请重新登录', entity: null };

async function smsFor(mobile: string): Promise<string> {
  const { uuid, text } = await sb.captcha();
  const sent = await sb.post('/api/loginApi/sendCode', { mobile, code: text, uuid });
  expect(sent.body, 'sendCode').toMatchObject({ success: true, code: 200 });
  return (await sb.get(`/__sandbox/sms?mobile=${mobile}`)).body.entity.code;
}

describe('login', () => {
  it('logs the demo author in with the spec login entity', async () => {
    const { body } = await sb.post('/api/loginApi/login', { username: 'demo_author', password: 'Demo@2026' });
    expect(body).toMatchObject({ code: 200, success: true, message: '登录成功' });
    expect(body.entity).toMatchObject({
      employee: { id: 1, username: 'demo_author', headImgUrl: null, type: 1 },
      employeeRole: [{ id: 14, type: 4 }],
      employeeType: 1,
    });
    expect(body.entity.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // raw and Bearer forms both work
    const raw = await fetch(`${sb.url}/api/loginApi/getUser`, { method: 'POST', headers: { authorization: body.entity.token } });
    expect(((await raw.json()) as { entity: { username: string } }).entity.username).toBe('demo_author');
    const menus = await sb.post('/api/loginApi/menus', { id: 14 }, { token: body.entity.token });
    expect(menus.body.entity.token).toBe(body.entity.token);
    expect(menus.body.entity.menus.length).toBeGreaterThan(1);
  });

  it('logs a reader in without the author role', async () => {
    const { body } = await sb.post('/api/loginApi/login', { username: 'demo_reader', password: 'Demo@2026' }, { form: true });
    expect(body.success).toBe(true);
    expect(body.entity.employeeRole.some((r: { type: number }) => r.type === 4)).toBe(false);
  });

  it('refuses a wrong password, then asks for the captcha (505) after 3 failures', async () => {
    const bad = { username: 'demo_reader', password: 'Wrong@123' };
    for (let i = 0; i < 3; i++) {
      const { status, body } = await sb.post('/api/loginApi/login', bad);
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 400, success: false, message: '用户名或密码错误', entity: null });
    }
    const needs = await sb.post('/api/loginApi/login', { username: 'demo_reader', password: 'Demo@2026' });
    expect(needs.body).toMatchObject({ code: 505, success: false, message: '请输入图形验证码' });
    const wrongCaptcha = await sb.post('/api/loginApi/login', { username: 'demo_reader', password: 'Demo@2026', captcha: 'zzzz', uuid: 'nope' });
    expect(wrongCaptcha.body.code).toBe(505);
    // correct captcha with a wrong password: still a password error, still needs a captcha next
    let c = await sb.captcha();
    const stillBad = await sb.post('/api/loginApi/login', { ...bad, captcha: c.text, uuid: c.uuid });
    expect(stillBad.body.code).toBe(400);
    expect((await sb.post('/api/loginApi/login', { username: 'demo_reader', password: 'Demo@2026' })).body.code).toBe(505);
    // a captcha is single-use
    c = await sb.captcha();
    const okLogin = await sb.post('/api/loginApi/login', { username: 'demo_reader', password: 'Demo@2026', captcha: c.text.toLowerCase(), uuid: c.uuid });
    expect(okLogin.body.success).toBe(true);
    expect((await sb.get(`/__sandbox/captcha?uuid=${c.uuid}`)).status).toBe(404);
    // the counter is reset by the success
    expect((await sb.post('/api/loginApi/login', { username: 'demo_reader', password: 'Demo@2026' })).body.success).toBe(true);
  });

  it('serves an SVG captcha and a uuid', async () => {
    const uuid = (await sb.get('/api/loginApi/getRandomUUID')).body.entity;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const res = await fetch(`${sb.url}/api/loginApi/sendVerificationCode?uuid=${uuid}`);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg /);
    expect((svg.match(/<text /g) ?? []).length).toBe(4);
  });
});

describe('register, SMS and password reset', () => {
  it('registers with an SMS code and refuses a resend within 60 s', async () => {
    const mobile = '13912345678';
    const code = await smsFor(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const { uuid, text } = await sb.captcha();
    const again = await sb.post('/api/loginApi/sendCode', { mobile, code: text, uuid });
    expect(again.body).toMatchObject({ success: false, code: 429 });
    expect(again.body.message).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);

    const form = {
      mobileNo: mobile,
      verificationCode: code,
      mailbox: 'new@example.com',
      userName: 'new_author',
      password: 'abc123',
      confirmPassword: 'abc123',
    };
    const wrong = await sb.post('/api/loginApi/register', { ...form, verificationCode: '000000' === code ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ success: false, message: '短信验证码错误或已失效' });
    const ok = await sb.post('/api/loginApi/register', form);
    expect(ok.body).toMatchObject({ success: true, message: '注册成功！' });
    const login = await sb.post('/api/loginApi/login', { username: 'new_author', password: 'abc123' });
    expect(login.body.entity.employeeRole).toContainEqual(expect.objectContaining({ type: 4 }));
    // The code was used: another may be sent at once (e.g. to reset the password).
    const next = await sb.captcha();
    expect((await sb.post('/api/loginApi/sendCode', { mobile, code: next.text, uuid: next.uuid })).body).toMatchObject({ success: true });
    const taken = await sb.post('/api/loginApi/queryUsername', { username: 'new_author' });
    expect(taken.body.entity).toBe(false);
    expect((await sb.post('/api/loginApi/queryUsername', { username: 'free_name' })).body.entity).toBe(true);
  });

  it('validates the register form with the spec messages', async () => {
    const base = { mobileNo: '13700000000', verificationCode: '123456', userName: 'someone', password: 'abc123', confirmPassword: 'abc123' };
    const cases: [Record<string, string>, string][] = [
      [{ mobileNo: '' }, '请输入手机号'],
      [{ mobileNo: '12345678901' }, '请输入完整、正确的手机号'],
      [{ password: 'abcdef', confirmPassword: 'abcdef' }, '请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写'],
      [{ confirmPassword: 'abc124' }, '两次输入密码不一致!'],
      [{ userName: 'bad name！' }, '请输入正确的用户名!'],
      [{ mailbox: 'not-an-email' }, '请输入正确的邮箱地址'],
      [{ userName: 'demo_author' }, '用户名已存在'],
      [{ mobileNo: '13800000001' }, '该手机号已注册，请直接登录'],
    ];
    for (const [patch, message] of cases) {
      const { body } = await sb.post('/api/loginApi/register', { ...base, ...patch });
      expect(body, message).toMatchObject({ success: false, message });
    }
  });

  it('refuses an SMS without a correct captcha', async () => {
    const { body } = await sb.post('/api/loginApi/sendCode', { mobile: '13600000000', code: 'abcd', uuid: 'missing' });
    expect(body).toMatchObject({ success: false, message: '图形验证码错误或已过期' });
  });

  it('resets a password and invalidates the old sessions', async () => {
    const token = await sb.login('demo_author');
    const code = await smsFor('13800000001');
    const { body } = await sb.post('/api/loginApi/forgotPassword', {
      mobileNo: '13800000001',
      verificationCode: code,
      userName: 'demo_author',
      password: 'New@2026',
      confirmPassword: 'New@2026',
    });
    expect(body).toMatchObject({ success: true, message: '密码修改成功！' });
    expect((await sb.post('/api/loginApi/getUser', {}, { token })).body).toEqual(EXPIRED);
    expect((await sb.post('/api/loginApi/login', { username: 'demo_author', password: 'New@2026' })).body.success).toBe(true);
    await sb.post('/__sandbox/reset');
  });
});

describe('tokens', () => {
  it('answers 403 for /manage without or with a bad token, and for a bad token anywhere', async () => {
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }, { authorization: 'not-a-token' }];
    for (const headers of variants) {
      const res = await fetch(`${sb.url}/manage/employee/getProfile`, { method: 'POST', headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(EXPIRED);
    }
    const unknown = await fetch(`${sb.url}/manage/anything/else`, { method: 'POST' });
    expect(unknown.status).toBe(403);
    const pub = await sb.post('/api/homeApi/getTradeHotspot', {}, { token: 'garbage' });
    expect(pub.status).toBe(403);
    expect((await sb.post('/api/homeApi/getTradeHotspot')).status).toBe(200);
  });

  it('serves /manage with a token, and logout invalidates it', async () => {
    const token = await sb.login();
    const profile = await sb.post('/manage/employee/getProfile', {}, { token });
    expect(profile.body.entity).toMatchObject({ username: 'demo_author', mobileNo: '138****0001' });
    expect((await sb.post('/manage/employee/employeeNewsletter/unreadNumber', {}, { token })).body.entity).toBe(2);
    const out = await sb.post('/logout', {}, { token });
    expect(out.body).toMatchObject({ success: true });
    expect((await sb.post('/manage/employee/getProfile', {}, { token })).status).toBe(403);
  });
});
