import { SESSION_COOKIE, unsealSession } from '../../app/session/cookie.server';
import { E2E } from './env';
import { expect, fillCaptcha, panel, registerInSandbox, requestSmsCode, signInWithForm, smsCode, test, uniqueMobile, uniqueUsername } from './auth-support';

/**
 * Sign-in: every flow once with JavaScript and once without (projects js and
 * no-js). The SMS codes and captcha texts come from the sandbox's test hooks.
 */

const PASSWORD = 'Author@2026';
const url = (path: string) => `${E2E.baseUrl}${path}`;

test.describe('account', () => {
  test('a visitor registers, logs in and logs out', async ({ page, context }, testInfo) => {
    const mobile = uniqueMobile(testInfo);
    const username = uniqueUsername(testInfo);

    await page.goto('/journal');
    await page.getByRole('link', { name: '登录/注册' }).click();
    await expect(page).toHaveURL(url('/journal?login=userLogin'));
    await panel(page).getByRole('link', { name: '没有账号？立即注册' }).click();
    await expect(page).toHaveURL(url('/journal?login=userRegister'));
    await expect(panel(page).getByRole('heading', { name: '注册账号' })).toBeVisible();

    const code = await requestSmsCode(panel(page), mobile);
    const form = panel(page);
    await expect(form.getByLabel('手机号', { exact: true })).toHaveValue(mobile);
    await form.getByLabel('短信验证码', { exact: true }).fill(code);
    await form.getByLabel('邮箱（选填）', { exact: true }).fill(`${username}@example.edu.cn`);
    await form.getByLabel('用户名', { exact: true }).fill(username);
    await form.getByLabel('密码', { exact: true }).fill(PASSWORD);
    await form.getByLabel('确认密码', { exact: true }).fill(PASSWORD);
    await form.getByLabel('我已阅读并同意', { exact: true }).check();
    await form.getByRole('button', { name: '注册', exact: true }).click();

    // 注册成功！ and the login mode, over the page the visitor came from.
    await expect(page).toHaveURL(url('/journal?login=userLogin'));
    await expect(page.getByText('注册成功！')).toBeVisible();

    await signInWithForm(panel(page), username, PASSWORD);
    // "Stay": the popup closes over the same page, 登录成功 shows, the header has the user.
    await expect(page).toHaveURL(url('/journal'));
    await expect(page.getByText('登录成功')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(username);

    // The session cookie: httpOnly, 7 days; it holds the backend token only sealed (the test
    // opens it with the secret), and no decoding of it shows the token or the user.
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const session = unsealSession(decodeURIComponent(cookie!.value), [E2E.sessionSecret]);
    expect(session?.user.username).toBe(username);
    expect(session?.role?.type).toBe(4);
    const token = session!.token;
    expect(token.length).toBeGreaterThan(20);
    const raw = Buffer.from(cookie!.value.slice(3), 'base64url');
    for (const text of [cookie!.value, decodeURIComponent(cookie!.value), raw.toString('latin1'), raw.toString('utf8'), raw.toString('hex')]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(username);
    }
    expect(cookie!.value).not.toContain(Buffer.from(token).toString('base64url').slice(0, 12));
    expect(await page.content()).not.toContain(token);
    expect(await (await page.request.get('/_root.data')).text()).not.toContain(token);

    await page.getByRole('banner').getByRole('button', { name: username }).hover();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(url('/?login=userLogin'));
    await expect(panel(page).getByRole('link', { name: '账号登录' })).toHaveAttribute('aria-current', 'page');
    expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  test('a forgotten password is reset, and the new one logs in', async ({ page }, testInfo) => {
    const mobile = uniqueMobile(testInfo);
    const username = uniqueUsername(testInfo, 'reset');
    await registerInSandbox(mobile, username, PASSWORD);

    await page.goto('/?login=userLogin');
    await panel(page).getByRole('link', { name: '忘记密码？' }).click();
    await expect(page).toHaveURL(url('/?login=losePWD'));
    const code = await requestSmsCode(panel(page), mobile);
    const form = panel(page);
    await form.getByLabel('短信验证码', { exact: true }).fill(code);
    await form.getByLabel('用户名', { exact: true }).fill(username);
    await form.getByLabel('新密码', { exact: true }).fill('Changed#2026');
    await form.getByLabel('确认密码', { exact: true }).fill('Changed#2026');
    await form.getByRole('button', { name: '确认修改' }).click();

    await expect(page).toHaveURL(url('/?login=userLogin'));
    await expect(page.getByText('密码修改成功！')).toBeVisible();

    await signInWithForm(panel(page), username, PASSWORD);
    await expect(panel(page).getByText('用户名或密码错误')).toBeVisible();
    await signInWithForm(panel(page), username, 'Changed#2026');
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByRole('banner')).toContainText(username);
    // The success clears the earlier failure: no 用户名或密码错误 over the signed-in page.
    await expect(page.getByText('登录成功')).toBeVisible();
    await expect(page.getByText('用户名或密码错误')).toHaveCount(0);
  });

  test('after three wrong passwords the backend asks for the image captcha (505)', async ({ page }, testInfo) => {
    const username = uniqueUsername(testInfo, 'captcha');
    await registerInSandbox(uniqueMobile(testInfo), username, PASSWORD);

    await page.goto('/?login=userLogin');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await signInWithForm(panel(page), username, `Wrong#${attempt}xx`);
      const alert = panel(page).getByRole('alert').filter({ hasText: '用户名或密码错误' });
      await expect(alert).toBeVisible();
      // Announced once: the toast that repeats it (with JavaScript) is not a second alert.
      await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toHaveCount(1);
      if (testInfo.project.name === 'no-js') {
        // Without JavaScript the answer is a new page: the error is in its title and has the focus.
        await expect(page).toHaveTitle(/^错误：用户名或密码错误 - /);
        await expect(alert).toBeFocused();
      }
      await expect(panel(page).getByLabel('图形验证码', { exact: true })).toHaveCount(0);
    }
    // The fourth attempt, even with the right password, needs the captcha.
    await signInWithForm(panel(page), username, PASSWORD);
    const captcha = panel(page).getByLabel('图形验证码', { exact: true });
    await expect(captcha).toBeVisible();
    await expect(panel(page).getByText('请输入图形验证码')).toBeVisible();

    // A wrong captcha is refused, and a new image replaces the spent one.
    const firstKey = await panel(page).locator('input[name="uuid"]').inputValue();
    await captcha.fill('zzzz');
    await signInWithForm(panel(page), username, PASSWORD);
    await expect(panel(page).getByText('图形验证码错误或已过期')).toBeVisible();
    await expect(panel(page).locator('input[name="uuid"]')).not.toHaveValue(firstKey);

    await fillCaptcha(panel(page));
    await signInWithForm(panel(page), username, PASSWORD);
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByRole('banner')).toContainText(username);
  });

  test('an account without the author role is refused', async ({ page, context }) => {
    await page.goto('/?login=userLogin');
    await signInWithForm(panel(page), 'demo_reader', 'Demo@2026');
    await expect(panel(page).getByText('该账号没有作者权限，无法登录本平台')).toBeVisible();
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  test('/login is a page with the same forms and no footer', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await signInWithForm(panel(page), 'demo_author', 'Demo@2026');
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByRole('banner')).toContainText('demo_author');
    // A signed-in author sent to /login goes on.
    await page.goto('/login?redirect=%2Fjournal');
    await expect(page).toHaveURL(url('/journal'));
  });

  test('the account of a mobile can be found', async ({ page }, testInfo) => {
    const mobile = uniqueMobile(testInfo);
    const username = uniqueUsername(testInfo, 'find');
    await registerInSandbox(mobile, username, PASSWORD);
    await page.goto('/?login=userLogin');
    await panel(page).getByRole('link', { name: '忘记账号？' }).click();
    await expect(page).toHaveURL(url('/findAccount'));
    const main = page.locator('main');
    const code = await requestSmsCode(main, mobile);
    await main.getByLabel('短信验证码', { exact: true }).fill(code);
    await main.getByRole('button', { name: '查询账号' }).click();
    const result = main.getByRole('status').filter({ hasText: '查询结果' });
    await expect(result).toContainText(username);
    await expect(result).toContainText(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
  });
});

test.describe('validation (docs/product.md#validation, word for word)', () => {
  test('register', async ({ page }, testInfo) => {
    await page.goto('/?login=userRegister');
    const form = panel(page);
    await form.getByLabel('我已阅读并同意', { exact: true }).uncheck();
    await form.getByRole('button', { name: '注册', exact: true }).click();
    for (const message of [
      '请输入手机号',
      '请输入验证码',
      '请输入用户名',
      '请输入密码',
      '确认密码不能为空',
      '请阅读并同意《用户注册协议》、《用户隐私协议》',
    ]) {
      await expect(panel(page).getByText(message, { exact: true }).first()).toBeVisible();
    }

    const again = panel(page);
    await again.getByLabel('手机号', { exact: true }).fill('12345678901');
    await again.getByLabel('邮箱（选填）', { exact: true }).fill('author@');
    await again.getByLabel('用户名', { exact: true }).fill('张 三!');
    await again.getByLabel('密码', { exact: true }).fill('qwertyu');
    await again.getByLabel('确认密码', { exact: true }).fill('zxcvbnm');
    await again.getByLabel('短信验证码', { exact: true }).fill('864209');
    await again.getByLabel('我已阅读并同意', { exact: true }).check();
    await again.getByRole('button', { name: '注册', exact: true }).click();
    for (const message of [
      '请输入完整、正确的手机号',
      '请输入正确的邮箱地址',
      '请输入正确的用户名!',
      '请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写',
      '两次输入密码不一致!',
    ]) {
      await expect(panel(page).getByText(message, { exact: true })).toBeVisible();
    }
    // Passwords and codes are never sent back into the form.
    if (testInfo.project.name === 'no-js') {
      await expect(panel(page).getByLabel('密码', { exact: true })).toHaveValue('');
      await expect(panel(page).getByLabel('短信验证码', { exact: true })).toHaveValue('');
      await expect(panel(page).getByLabel('用户名', { exact: true })).toHaveValue('张 三!');
      const html = await page.content();
      expect(html).not.toContain('qwertyu');
      expect(html).not.toContain('zxcvbnm');
      expect(html).not.toContain('864209');
    }
  });

  test('SMS button needs a valid mobile and the image captcha', async ({ page }) => {
    await page.goto('/?login=losePWD');
    await panel(page).getByRole('button', { name: '获取验证码' }).click();
    await expect(panel(page).getByText('请输入手机号', { exact: true })).toBeVisible();
    await expect(panel(page).getByText('请输入图形验证码', { exact: true })).toBeVisible();
  });

  test('login and WeChat login need the agreement; login needs a username and password', async ({ page }) => {
    await page.goto('/?login=userLogin');
    await panel(page).getByRole('button', { name: '登录', exact: true }).click();
    await expect(panel(page).getByText('请输入用户名', { exact: true })).toBeVisible();
    await expect(panel(page).getByText('请输入密码', { exact: true })).toBeVisible();
    await expect(panel(page).getByText('请阅读并同意《用户注册协议》、《用户隐私协议》', { exact: true })).toBeVisible();

    await page.goto('/?login=wxLogin');
    await panel(page).getByRole('button', { name: '微信扫码登录' }).click();
    await expect(panel(page).getByText('请阅读并同意《用户注册协议》、《用户隐私协议》', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:3\d+\//);
  });

  test('the agreement documents open in a new tab', async ({ page }) => {
    await page.goto('/?login=userRegister');
    for (const [name, href] of [
      ['《用户注册协议》', '/userAgreement'],
      ['《用户隐私协议》', '/privacyAgreement'],
    ]) {
      const link = panel(page).getByRole('link', { name: new RegExp(name) });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  });
});

test.describe('SMS code', () => {
  test('sending starts a 60-second wait; a resend before it ends is refused', async ({ page }, testInfo) => {
    const mobile = uniqueMobile(testInfo);
    await page.goto('/?login=userRegister');
    await requestSmsCode(panel(page), mobile);
    const button = panel(page).getByRole('button', { name: /秒后重新获取/ });
    await expect(button).toBeVisible();
    if (testInfo.project.name === 'js') {
      await expect(button).toBeDisabled();
      const first = Number((await button.textContent())?.match(/\d+/)?.[0]);
      expect(first).toBeGreaterThan(55);
      await expect.poll(async () => Number((await button.textContent())?.match(/\d+/)?.[0]), { timeout: 4000 }).toBeLessThan(first);
    } else {
      // Without JavaScript the server renders the seconds left, and refuses an early resend.
      await fillCaptcha(panel(page));
      await button.click();
      await expect(panel(page).getByText(/^验证码发送过于频繁，请\d+秒后再试$/)).toBeVisible();
      await expect(panel(page).getByRole('button', { name: /^\d+秒后重新获取$/ })).toBeVisible();
    }
    expect(await smsCode(mobile)).toMatch(/^\d{6}$/);
  });
});
