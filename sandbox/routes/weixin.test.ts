import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../testing.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox(20);
});
afterAll(() => sb.close());

const PORTAL = 'http://portal.test/wechat/callback';

/** Walks the simulated consent page like a browser and returns the code and state. */
async function scan(choice: 'bound' | 'new') {
  const { body } = await sb.post('/api/weiXinApi/requestCode', { type: 1, projectType: 2, redirectUri: PORTAL });
  expect(body.entity.url).toMatch(new RegExp(`^${sb.url}/__sandbox/wechat/authorize\\?state=`));
  const page = await (await fetch(body.entity.url)).text();
  expect(page).toContain('微信授权登录');
  const href = new RegExp(`href="([^"]*choice=${choice})"`).exec(page)![1]!.replace(/&amp;/g, '&');
  const res = await fetch(sb.url + href, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!);
  expect(location.origin + location.pathname).toBe(PORTAL);
  return { code: location.searchParams.get('code')!, state: location.searchParams.get('state')! };
}

describe('WeChat login', () => {
  it('logs a bound user in from the callback, once', async () => {
    const { code, state } = await scan('bound');
    const { body } = await sb.get(`/api/weiXinApi/userConfirmationCallback?code=${code}&state=${state}`);
    expect(body.entity).toMatchObject({ bound: true, employee: { username: 'demo_author' } });
    expect(body.entity.token).toBeTruthy();
    const replay = await sb.get(`/api/weiXinApi/userConfirmationCallback?code=${code}&state=${state}`);
    expect(replay.body.success).toBe(false);
  });

  it('binds a new WeChat user to a new mobile, then unbinds', async () => {
    const { code, state } = await scan('new');
    const cb = await sb.get(`/api/weiXinApi/userConfirmationCallback?code=${code}&state=${state}`);
    expect(cb.body.entity).toMatchObject({ bound: false });
    const openid = cb.body.entity.openid as string;
    expect((await sb.get(`/api/weiXinApi/wxChatUnbindUser?openid=${openid}`)).body.entity.bound).toBe(false);

    const mobile = '13511112222';
    const { uuid, text } = await sb.captcha();
    await sb.post('/api/loginApi/sendCode', { mobile, code: text, uuid });
    const sms = (await sb.get(`/__sandbox/sms?mobile=${mobile}`)).body.entity.code;
    const bind = await sb.post('/api/weiXinApi/userBindWxChat', { mobileNo: mobile, code: sms, userName: 'wx_user', openid, type: 0 });
    expect(bind.body).toMatchObject({ success: true, entity: { employee: { username: 'wx_user' } } });
    expect(bind.body.entity.employeeRole).toContainEqual(expect.objectContaining({ type: 4 }));
    expect((await sb.get(`/api/weiXinApi/wxChatUnbindUser?openid=${openid}`)).body.entity.bound).toBe(true);

    const token = bind.body.entity.token as string;
    expect((await sb.post('/api/weiXinApi/userUnbindWxChat', {}, { token })).body.success).toBe(true);
    expect((await sb.post('/api/weiXinApi/userUnbindWxChat', {}, { token })).body.success).toBe(false);
  });

  it('refuses an openid that did not come from WeChat', async () => {
    const { body } = await sb.post('/api/weiXinApi/userBindWxChat', { mobileNo: '13511113333', code: '123456', userName: 'x_user', openid: 'forged', type: 0 });
    expect(body).toMatchObject({ success: false, message: '微信授权已失效，请重新扫码登录' });
  });
});
