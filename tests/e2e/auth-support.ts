import { randomInt } from 'node:crypto';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test as base, expect } from './fixtures';
import { E2E } from './env';
import { sandboxPost } from './sandbox';

/**
 * Support of the sign-in e2e tests: the sandbox's test hooks (SMS codes, captcha texts),
 * identities that are unique per test and per project (the sandbox database lives for the
 * whole run), and a client address of its own per test, so the portal's rate limits
 * (per address) never mix tests up. The portal trusts X-Forwarded-For from loopback.
 */

let counter = 0;

/** A fresh mobile number (1[3-9] + 9 digits), unique in this run. */
export function uniqueMobile(testInfo: TestInfo): string {
  counter += 1;
  const project = testInfo.project.name === 'js' ? '5' : '6';
  return `13${project}${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(2, '0')}${randomInt(100, 1000)}`.slice(0, 11);
}

/** A fresh username: letters, digits and underscores only. */
export function uniqueUsername(testInfo: TestInfo, prefix = 'author'): string {
  counter += 1;
  return `${prefix}_${testInfo.project.name.replace(/\W/g, '')}_${counter}${randomInt(1000, 10000)}`;
}

async function sandboxGet<T>(path: string): Promise<T> {
  const response = await fetch(`${E2E.sandboxUrl}${path}`);
  const body = (await response.json()) as { success: boolean; entity: T; message: string };
  if (!body.success) throw new Error(`sandbox ${path}: ${body.message}`);
  return body.entity;
}

/**
 * The text of the captcha `uuid` (sandbox hook), the image one of sign-in as well as the
 * arithmetic one of submission. The sandbox draws it when the image is fetched, which may
 * happen a moment after the page shows the key: wait for it.
 */
export async function captchaText(uuid: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        text = await sandboxGet<{ text: string }>(`/__sandbox/captcha?uuid=${encodeURIComponent(uuid)}`).then(
          (c) => c.text,
          () => '',
        );
        return text;
      },
      { message: `captcha ${uuid} drawn by the sandbox` },
    )
    .not.toBe('');
  return text;
}

/** The last SMS code sent to `mobile` (sandbox hook). */
export async function smsCode(mobile: string): Promise<string> {
  return (await sandboxGet<{ code: string }>(`/__sandbox/sms?mobile=${mobile}`)).code;
}

async function sandboxEntity<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const answer = await sandboxPost<T>(path, body);
  if (!answer.success) throw new Error(`sandbox ${path}: ${answer.message}`);
  return answer.entity;
}

/** Registers an author directly with the sandbox (for tests about something else than registering). */
export async function registerInSandbox(mobile: string, username: string, password: string) {
  const uuid = await sandboxGet<string>('/api/loginApi/getRandomUUID');
  await fetch(`${E2E.sandboxUrl}/api/loginApi/sendVerificationCode?uuid=${uuid}`).then((r) => r.text());
  await sandboxEntity('/api/loginApi/sendCode', { mobile, code: await captchaText(uuid), uuid });
  await sandboxEntity('/api/loginApi/register', {
    mobileNo: mobile,
    verificationCode: await smsCode(mobile),
    userName: username,
    password,
    confirmPassword: password,
  });
}

/** The sign-in panel (in the popup, or the /login page after a submission without JavaScript). */
export function panel(page: Page): Locator {
  return page.locator('section[aria-labelledby="login-panel-title"]');
}

/** Fills the image captcha of `scope` with the text the sandbox drew for its key. */
export async function fillCaptcha(scope: Locator) {
  const uuid = await scope.locator('input[name="uuid"]').inputValue();
  expect(uuid, 'captcha key in the form').not.toBe('');
  await scope.getByLabel('图形验证码', { exact: true }).fill(await captchaText(uuid));
}

/** Asks for an SMS code from `scope` and returns it once sent. */
export async function requestSmsCode(scope: Locator, mobile: string): Promise<string> {
  await scope.getByLabel('手机号', { exact: true }).fill(mobile);
  await fillCaptcha(scope);
  await scope.getByRole('button', { name: '获取验证码' }).click();
  await expect(scope.getByText('验证码已发送').first()).toBeVisible();
  return smsCode(mobile);
}

/** Signs in through the account form of `scope`. */
export async function signInWithForm(scope: Locator, username: string, password: string) {
  await scope.getByLabel('用户名/手机号', { exact: true }).fill(username);
  await scope.getByLabel('密码', { exact: true }).fill(password);
  await scope.getByLabel('我已阅读并同意', { exact: true }).check();
  await scope.getByRole('button', { name: '登录', exact: true }).click();
}

let address = 0;

/**
 * `test` of the sign-in specs: every test comes from its own client address, and the
 * resource errors of the answers a test provokes on purpose are expected; anything else
 * on the console still fails it.
 */
export const test = base.extend<{ clientAddress: string }>({
  clientAddress: async ({ page }, use) => {
    address += 1;
    const ip = `10.${process.pid % 250}.${Math.floor(address / 250)}.${(address % 250) + 1}`;
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': ip });
    await use(ip);
  },
  // The console check of fixtures.ts runs after this: the answers these tests provoke on
  // purpose (a 429 rate limit, a request a test aborts) are taken out of its list first.
  consoleProblems: async ({ consoleProblems, clientAddress: _ip }, use) => {
    await use(consoleProblems);
    const expected = /Failed to load resource: (the server responded with a status of 429|net::ERR_FAILED)/;
    for (let i = consoleProblems.length - 1; i >= 0; i -= 1) if (expected.test(consoleProblems[i])) consoleProblems.splice(i, 1);
  },
});

export { expect };
