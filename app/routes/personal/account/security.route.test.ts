import { describe, expect, it } from 'vitest';
import { formPost, routeContext, signedInSandbox } from '../../../../tests/support/route-context';
import { action } from './security';

/**
 * The 账号安全 actions called directly against the sandbox: a refusal of the backend
 * lands at the field the backend names, whatever its words (app/schemas/refusal.ts).
 */
const PAGE = 'http://portal.test/personal/account/security';
type ActionArgs = Parameters<typeof action>[0];
type Reply = { init: { status: number }; data: { form: string; result: { error: Record<string, string[] | null> } } };

describe('/personal/account/security', () => {
  const suite = signedInSandbox();

  const call = async (fields: Record<string, string>) =>
    (await action({
      request: formPost(PAGE, fields, suite.cookie),
      context: routeContext(suite.sandbox.url),
      params: {},
    } as unknown as ActionArgs)) as unknown as Reply;

  it('shows a wrong original password at the original password', async () => {
    const reply = await call({ form: 'password', oldPassword: 'Wrong@2026', password: 'Next@2026x', confirmPassword: 'Next@2026x' });
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error).toMatchObject({ oldPassword: ['原密码错误'] });
  });

  it('shows a wrong password of the mobile change at its password', async () => {
    const reply = await call({ form: 'mobile', intent: 'sendSms', password: 'Wrong@2026', mobileNo: '13700000011' });
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error).toMatchObject({ password: ['密码错误'] });
  });
});
