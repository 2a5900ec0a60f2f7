import type { BrowserContext } from '@playwright/test';
import { SESSION_COOKIE } from '../../app/session/cookie.server';
import { E2E } from './env';
import { sandboxLogin, signIn } from './fixtures';
import { expect, panel, requestSmsCode, signInWithForm, test, uniqueMobile, uniqueUsername } from './auth-support';

/** Session behaviour (docs/product.md#session): guard, start-up flows, 403, WeChat, the popup itself. */

const url = (path: string) => `${E2E.baseUrl}${path}`;
const sessionCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === SESSION_COOKIE);

test.describe('guard', () => {
  test('a visitor of a protected page signs in and lands on it', async ({ page }) => {
    await page.goto('/personal');
    await expect(page).toHaveURL(url('/?login=userLogin&redirect=%2Fpersonal'));
    await signInWithForm(panel(page), 'demo_author', 'Demo@2026');
    await expect(page).toHaveURL(url('/personal'));
    await expect(page.getByRole('banner')).toContainText('demo_author');
  });

  test('the visitor is sent back to the previous page, with the intended path and query kept', async ({ page }) => {
    await page.goto('/personal?tab=message', { referer: url('/search?q=%E6%95%B0%E6%8D%AE') });
    await expect(page).toHaveURL(url('/search?q=%E6%95%B0%E6%8D%AE&login=userLogin&redirect=%2Fpersonal%3Ftab%3Dmessage'));
    await signInWithForm(panel(page), 'demo_author', 'Demo@2026');
    await expect(page).toHaveURL(url('/personal?tab=message'));
  });

  test('a redirect to another site is ignored', async ({ page }) => {
    await page.goto('/?login=userLogin&redirect=%2F%2Fevil.example%2Fx');
    await signInWithForm(panel(page), 'demo_author', 'Demo@2026');
    await expect(page).toHaveURL(url('/'));
  });
});

test.describe('start-up', () => {
  test('gch: a visitor gets the login popup, then goes to the submission page', async ({ page }) => {
    await page.goto('/?gch=SJFX');
    await expect(page).toHaveURL(url('/?gch=SJFX&login=userLogin'));
    await signInWithForm(panel(page), 'demo_author', 'Demo@2026');
    await expect(page).toHaveURL(url('/upload?redirectGch=SJFX'));
  });

  test('gch: a signed-in author goes straight to the submission page', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/journal?gch=SZFZ');
    await expect(page).toHaveURL(url('/upload?redirectGch=SZFZ'));
  });

  test('a temporaryToken link shows whose account it signs in, and signs in only when confirmed', async ({ page, context }) => {
    const login = await sandboxLogin();
    await page.goto(`/journal?temporaryToken=${encodeURIComponent(login.token)}&temporaryUserId=${login.employee.id}&page=2`);
    await expect(page).toHaveURL(url('/login/confirm'));
    await expect(page.getByRole('heading', { level: 1, name: '确认登录' })).toBeVisible();
    await expect(page.getByText('账号「demo_author」')).toBeVisible();
    // Nothing has changed yet.
    expect(await sessionCookie(context)).toBeUndefined();
    await page.getByRole('button', { name: '以此账号登录' }).click();
    await expect(page).toHaveURL(url('/journal?page=2'));
    await expect(page.getByRole('banner')).toContainText('demo_author');
    await expect(page.getByText('登录成功')).toBeVisible();
    expect(await sessionCookie(context)).toBeDefined();
  });

  test('a temporaryToken link declined signs nobody in', async ({ page, context }) => {
    const login = await sandboxLogin();
    await page.goto(`/journal?temporaryToken=${encodeURIComponent(login.token)}&temporaryUserId=${login.employee.id}`);
    await page.getByRole('button', { name: '不登录' }).click();
    await expect(page).toHaveURL(url('/'));
    expect(await sessionCookie(context)).toBeUndefined();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
  });

  test('a temporaryToken link never replaces the session of a signed-in visitor, nor ends it', async ({ page, context }) => {
    await signIn(context);
    const before = (await sessionCookie(context))?.value;
    expect(before).toBeDefined();
    const other = await sandboxLogin();
    for (const link of [
      `/journal?temporaryToken=${encodeURIComponent(other.token)}&temporaryUserId=${other.employee.id}`,
      '/?temporaryToken=x&temporaryUserId=1',
    ]) {
      await page.goto(link);
      await expect(page.getByText('您已登录，链接中的登录信息未使用')).toBeVisible();
      expect((await sessionCookie(context))?.value).toBe(before);
    }
  });

  test('a temporary token the backend refuses leads home', async ({ page, context }) => {
    await page.goto('/journal?temporaryToken=not-a-token&temporaryUserId=1');
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByText('登录状态已失效，请重新登录')).toBeVisible();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test('a stored session without the author role is reset', async ({ page, context }) => {
    await signIn(context, { role: { id: '12', type: 2 } });
    await page.goto('/journal');
    await expect(page).toHaveURL(url('/journal'));
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    await expect(page.getByText('该账号没有作者权限，无法登录本平台')).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test('a 403 from the backend clears the session and shows why, at home', async ({ page, context }) => {
    const login = await sandboxLogin();
    await signIn(context, { token: `${login.token}-revoked` });
    await page.goto('/journal');
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByText('登录状态已失效，请重新登录')).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });
});

test.describe('WeChat login', () => {
  test('a bound WeChat user is signed in', async ({ page }) => {
    await page.goto('/journal?login=wxLogin');
    await panel(page).getByLabel('我已阅读并同意', { exact: true }).check();
    await panel(page).getByRole('button', { name: '微信扫码登录' }).click();
    // The sandbox plays WeChat's consent page, on its own host.
    await expect(page).toHaveURL(new RegExp(`^${E2E.sandboxUrl}/__sandbox/wechat/authorize\\?state=`));
    await page.locator('#bound').click();
    await expect(page).toHaveURL(url('/journal'));
    await expect(page.getByRole('banner')).toContainText('demo_author');
  });

  test('an unbound WeChat user binds a mobile and is signed in', async ({ page }, testInfo) => {
    const mobile = uniqueMobile(testInfo);
    const username = uniqueUsername(testInfo, 'wx');
    await page.goto('/?login=wxLogin');
    await panel(page).getByLabel('我已阅读并同意', { exact: true }).check();
    await panel(page).getByRole('button', { name: '微信扫码登录' }).click();
    await page.locator('#new').click();
    await expect(page).toHaveURL(url('/?login=bindMobile'));
    await expect(panel(page).getByRole('heading', { name: '绑定手机号' })).toBeVisible();

    const code = await requestSmsCode(panel(page), mobile);
    await panel(page).getByLabel('短信验证码', { exact: true }).fill(code);
    await panel(page).getByLabel('用户名', { exact: true }).fill(username);
    await panel(page).getByRole('button', { name: '绑定并登录' }).click();
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByRole('banner')).toContainText(username);
    // The openid never reached the page or a URL.
    expect(await page.content()).not.toContain('sandbox-openid-');
  });

  test('a callback that this browser did not start is refused', async ({ page, context }) => {
    await page.goto('/login/wechat?code=stolen&state=someone-elses');
    await expect(page).toHaveURL(url('/?login=wxLogin'));
    await expect(page.getByText('微信授权已失效，请重新扫码登录')).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
  });
});

test.describe('popup', () => {
  test('the mode is in the URL, and closing removes it', async ({ page }) => {
    await page.goto('/journal?page=2&login=losePWD');
    await expect(panel(page).getByRole('heading', { name: '找回密码' })).toBeVisible();
    // A styled dialog over the page (with or without JavaScript), not markup after the footer.
    await expect(page.getByRole('dialog')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('link', { name: '关闭' })).toBeInViewport();
    await page.getByRole('link', { name: '关闭' }).click();
    await expect(page).toHaveURL(url('/journal?page=2'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Enter submits the current form', async ({ page }) => {
    await page.goto('/?login=userLogin');
    await panel(page).getByLabel('用户名/手机号', { exact: true }).fill('demo_author');
    await panel(page).getByLabel('我已阅读并同意', { exact: true }).check();
    await panel(page).getByLabel('密码', { exact: true }).fill('Demo@2026');
    await panel(page).getByLabel('密码', { exact: true }).press('Enter');
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByRole('banner')).toContainText('demo_author');
  });

  test('it is a modal dialog: focus inside, Esc closes it, focus returns @js-only', async ({ page }) => {
    await page.goto('/journal');
    const opener = page.getByRole('link', { name: '登录/注册' });
    await opener.focus();
    await opener.press('Enter');
    const dialog = page.getByRole('dialog', { name: '账号登录' });
    await expect(dialog).toBeVisible();
    // The dialog itself takes the focus, so a screen reader reads its name and Tab starts at 关闭 (keyboard.spec.ts).
    await expect(dialog).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(url('/journal'));
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('the username is checked 1.5 s after typing stops, and cannot be pasted @js-only', async ({ page }, testInfo) => {
    await page.goto('/?login=userRegister');
    const field = panel(page).getByLabel('用户名', { exact: true });
    await field.pressSequentially('demo_author');
    await expect(panel(page).getByText('该用户名已被注册')).toBeAttached({ timeout: 4000 });
    await field.fill('');
    await field.pressSequentially(uniqueUsername(testInfo, 'free'));
    await expect(panel(page).getByText('用户名可用')).toBeAttached({ timeout: 4000 });

    await field.fill('');
    await page.evaluate(() => navigator.clipboard?.writeText?.('pasted_name').catch(() => {}));
    await field.focus();
    await field.dispatchEvent('paste');
    await expect(field).toHaveValue('');
    await expect(page.getByText('用户名不支持粘贴，请手动输入')).toBeVisible();
  });

  test('a captcha image that fails to load says 请求错误！ @js-only', async ({ page }) => {
    await page.route('**/captcha.svg?**', (route) => route.abort());
    await page.goto('/?login=userRegister');
    await expect(panel(page).getByText('请求错误！')).toBeVisible();
    // A click asks for another; it loads again once the backend is back.
    await page.unroute('**/captcha.svg?**');
    await panel(page).getByText('请求错误！').click();
    await expect(panel(page).getByRole('img', { name: '图形验证码，点击更换' })).toBeVisible();
  });

  test('a double click submits once @js-only', async ({ page }) => {
    await page.goto('/?login=userLogin');
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/login')) posts += 1;
    });
    await panel(page).getByLabel('用户名/手机号', { exact: true }).fill('nobody_here');
    await panel(page).getByLabel('密码', { exact: true }).fill('Wrong#2026');
    await panel(page).getByLabel('我已阅读并同意', { exact: true }).check();
    await panel(page).getByRole('button', { name: '登录', exact: true }).dblclick();
    await expect(panel(page).getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
    expect(posts).toBe(1);
  });
});

test.describe('abuse resistance', () => {
  test('logins from one address are limited to 10 a minute (429, in Chinese)', async ({ page, clientAddress }) => {
    const form = { username: 'nobody_here', password: 'Wrong#2026', agreement: 'on' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await page.request.post('/login?login=userLogin', {
        form: { ...form, username: `nobody_${i}` },
        headers: { 'X-Forwarded-For': clientAddress },
      });
      statuses.push(response.status());
      if (i === 10) expect(await response.text()).toMatch(/登录尝试过于频繁，请\d+秒后再试/);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test('a register form whose honeypot is filled is refused', async ({ page, clientAddress }) => {
    await page.goto('/?login=userRegister');
    const stamp = await page.locator('input[name="from__confirm"]').inputValue();
    const response = await page.request.post('/login?login=userRegister', {
      form: { mobileNo: '13912345678', name__confirm: 'I am a bot', from__confirm: stamp, intent: 'sendSms' },
      headers: { 'X-Forwarded-For': clientAddress },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain('提交异常，请刷新页面后重试');
  });
});
