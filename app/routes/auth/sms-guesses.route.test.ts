import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../sandbox/testing';
import { formPost, routeContext } from '../../../tests/support/route-context';
import { HONEYPOT_NAME_FIELD, HONEYPOT_VALID_FROM_FIELD, honeypotInputProps } from '~/session/honeypot.server';
import { spendCodeGuess } from '~/lib/sms.server';
import { action } from './login';

/**
 * Guessing an SMS code: the password-reset form (the probe's route) takes five tries of a
 * code, then refuses every try of it, the right code included, without asking the backend.
 * The count is kept by the portal's rate limiter (shared through Redis when it is set).
 */
const PAGE = 'http://portal.test/login?login=losePWD';
type ActionArgs = Parameters<typeof action>[0];
type Answer = { init: { status: number } | null; data: { result: { error: Record<string, string[] | null> } } } | Response;

describe('SMS code guesses', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox(5);
  });
  afterAll(async () => sandbox.close());

  it('refuses the sixth try and every later one, the right code too, until a new code is sent', async () => {
    const context = routeContext(sandbox.url);
    const mobile = '13800000000';
    // A number receives a code (through the backend, as the 获取验证码 button does).
    const captcha = await sandbox.captcha();
    expect((await sandbox.post('/api/loginApi/sendCode', { mobile, code: captcha.text, uuid: captcha.uuid })).body.success).toBe(true);
    const right = (await sandbox.get<{ code: string }>(`/__sandbox/sms?mobile=${mobile}`)).body.entity.code;
    const wrong = right === '000000' ? '111111' : '000000';
    const honeypot = honeypotInputProps(context);
    const attempt = async (code: string) => {
      const fields = {
        mobileNo: mobile,
        verificationCode: code,
        userName: 'demo_author',
        password: 'Next@2026x',
        confirmPassword: 'Next@2026x',
        [HONEYPOT_NAME_FIELD]: '',
        [HONEYPOT_VALID_FROM_FIELD]: honeypot.encryptedValidFrom ?? '',
      };
      const answer = (await action({ request: formPost(PAGE, fields, ''), context, params: {} } as unknown as ActionArgs)) as Answer;
      return answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
    };

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await attempt(wrong));
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    // The code is dead: the right one is refused as well, and the backend never saw it.
    expect(await attempt(right)).toBe(429);
    expect((await sandbox.get<{ used: boolean }>(`/__sandbox/sms?mobile=${mobile}`)).body.entity.used).toBe(false);
  });

  it('counts the tries of each number on its own', async () => {
    const context = routeContext(sandbox.url);
    for (let i = 0; i < 5; i++) expect((await spendCodeGuess(context, '13900000001')).allowed).toBe(true);
    expect((await spendCodeGuess(context, '13900000001')).allowed).toBe(false);
    // Another number is counted on its own.
    expect((await spendCodeGuess(context, '13900000002')).allowed).toBe(true);
  });
});
