import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formPost, routeContext, signedInSandbox } from '../../tests/support/route-context';
import { createMemoryRateLimiter } from '~/lib/rate-limit.server';
import { HONEYPOT_NAME_FIELD, HONEYPOT_VALID_FROM_FIELD, honeypotInputProps } from '~/session/honeypot.server';
import { wechatCookie } from '~/session/sign-in.server';
import { action as loginAction } from '~/routes/auth/login';
import { action as findAccountAction } from '~/routes/auth/find-account';
import { action as securityAction } from '~/routes/personal/account/security';
import { SMS_RULES, spendCodeGuess } from './sms.server';

/**
 * Every form that has the backend send an SMS code, called as the browser posts it (real
 * Request, real sandbox behind): register, password reset, the WeChat user's new mobile,
 * account lookup, and the account page's mobile change. They share one set of counters,
 * so a limit reached through one form holds in all the others.
 */
type Args = { request: Request; context: AppLoadContext; params: Record<string, string> };
type Answer = { init: { status: number } | null; data: { result?: { error?: Record<string, string[] | null> } } } | Response;
const statusOf = (answer: Answer) => (answer instanceof Response ? answer.status : (answer.init?.status ?? 200));

describe('one set of SMS limits behind every form', () => {
  const suite = signedInSandbox();

  /** The forms' 获取验证码 buttons: each sends `mobile` a code through its own route. */
  function forms(context: AppLoadContext) {
    const post = async (action: (args: Args) => Promise<unknown>, url: string, fields: Record<string, string>, cookie = '') =>
      statusOf((await action({ request: formPost(url, fields, cookie), context, params: {} })) as Answer);
    const withCaptcha = async (mobile: string) => {
      const { uuid, text } = await suite.sandbox.captcha();
      return { intent: 'sendSms', mobileNo: mobile, uuid, captcha: text };
    };
    const honeypot = () => ({ [HONEYPOT_NAME_FIELD]: '', [HONEYPOT_VALID_FROM_FIELD]: honeypotInputProps(context).encryptedValidFrom ?? '' });
    const pendingWechat = wechatCookie(context, { step: 'bind', openid: 'wx-open-id-sms-test', context: {} as never }).split(';')[0]!;
    const login = loginAction as unknown as (args: Args) => Promise<unknown>;
    return {
      register: async (m: string) => post(login, 'http://portal.test/login?login=userRegister', { ...(await withCaptcha(m)), ...honeypot() }),
      reset: async (m: string) => post(login, 'http://portal.test/login?login=losePWD', { ...(await withCaptcha(m)), ...honeypot() }),
      wechatMobile: async (m: string) => post(login, 'http://portal.test/login?login=bindMobile', await withCaptcha(m), pendingWechat),
      findAccount: async (m: string) =>
        post(findAccountAction as unknown as (args: Args) => Promise<unknown>, 'http://portal.test/find-account', await withCaptcha(m)),
      accountPage: async (m: string) =>
        post(
          securityAction as unknown as (args: Args) => Promise<unknown>,
          'http://portal.test/personal/account/security',
          { form: 'mobile', intent: 'sendSms', password: 'Demo@2026', mobileNo: m },
          suite.cookie,
        ),
    };
  }

  const lastCode = async (mobile: string) => (await suite.sandbox.get<{ code: string; sentAt: number }>(`/__sandbox/sms?mobile=${mobile}`)).body.entity;
  /** The person uses the code at the backend: from then on the backend itself would send another at once. */
  const useCode = async (mobile: string) => {
    const { code } = await lastCode(mobile);
    await suite.sandbox.post('/api/loginApi/findAccount', { mobileNo: mobile, verificationCode: code });
    expect((await suite.sandbox.get<{ used: boolean }>(`/__sandbox/sms?mobile=${mobile}`)).body.entity.used).toBe(true);
  };

  it('sends a number one code a minute, whichever forms ask', async () => {
    const send = forms(routeContext(suite.sandbox.url));
    expect(await send.register('13610000001')).toBe(200);
    await useCode('13610000001');
    const first = await lastCode('13610000001');
    for (const other of [send.reset, send.wechatMobile, send.findAccount, send.accountPage, send.register]) {
      expect(await other('13610000001')).toBe(429);
    }
    // Only the portal held them back: the backend was never asked again.
    expect(await lastCode('13610000001')).toEqual(first);
  });

  it('stops an address at 20 codes an hour across all forms, then every form refuses it', async () => {
    const context = routeContext(suite.sandbox.url);
    const send = forms(context);
    const all = Object.values(send);
    const statuses: number[] = [];
    // Four rounds through the five forms, a new number each time: 20 codes.
    for (let i = 0; i < SMS_RULES.perIp.limit; i++) statuses.push(await all[i % all.length]!(`1362000${String(i).padStart(4, '0')}`));
    expect(statuses).toEqual(Array(SMS_RULES.perIp.limit).fill(200));
    for (const [i, form] of all.entries()) expect(await form(`1362100${String(i).padStart(4, '0')}`)).toBe(429);
    // Another address is not held back by this one.
    expect(await forms({ ...context, clientNetwork: '198.51.100.7' }).register('13621010000')).toBe(200);
  });

  it('lets a signed-in account send 5 codes an hour, from any address', async () => {
    const shared = routeContext(suite.sandbox.url);
    const from = (i: number) => forms({ ...shared, clientNetwork: `203.0.113.${i + 1}` }).accountPage(`1363000${String(i).padStart(4, '0')}`);
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push(await from(i));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('gives no path a way to reset the tries of a spent code', async () => {
    const context = routeContext(suite.sandbox.url);
    const send = forms(context);
    const mobile = '13640000001';
    expect(await send.register(mobile)).toBe(200);
    const honeypot = { [HONEYPOT_NAME_FIELD]: '', [HONEYPOT_VALID_FROM_FIELD]: honeypotInputProps(context).encryptedValidFrom ?? '' };
    const guess = async () =>
      statusOf(
        (await (loginAction as unknown as (args: Args) => Promise<unknown>)({
          request: formPost(
            'http://portal.test/login?login=losePWD',
            { mobileNo: mobile, verificationCode: '000000', userName: 'demo_author', password: 'Next@2026x', confirmPassword: 'Next@2026x', ...honeypot },
            '',
          ),
          context,
          params: {},
        })) as Answer,
      );
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await guess());
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The probe's second path: a send from the account page, though the backend would send
    // one now. Refused by the portal, and the code stays dead.
    await useCode(mobile);
    expect(await send.accountPage(mobile)).toBe(429);
    expect(await guess()).toBe(429);
  });

  it('gives a number at most 50 tries a day, however many codes it gets', async () => {
    let now = Date.parse('2026-03-01T08:00:00Z');
    const context = { ...routeContext(suite.sandbox.url) };
    context.runtime = { ...context.runtime, rateLimiter: createMemoryRateLimiter({ now: () => now }) };
    let allowed = 0;
    // A fresh code's window every 31 minutes, all day long.
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 5; i++) if ((await spendCodeGuess(context, '13650000001')).allowed) allowed += 1;
      now += 31 * 60_000;
    }
    expect(allowed).toBe(SMS_RULES.guessesPerMobileDaily.limit);
  });
});
