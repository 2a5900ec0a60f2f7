import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Route, TestInfo } from '@playwright/test';
import { E2E } from './env';
import { sandboxLogin, signIn } from './fixtures';
import { expect, panel, signInWithForm, smsCode, test as base, uniqueMobile } from './auth-support';
import { AUTHOR_PASSWORD, freshAuthor } from './authors';
import { PDF, PNG } from './files';
import { sandboxCall } from './sandbox';

/**
 * Account settings: 基本资料 (profile, avatar) and 账号安全 (password, mobile,
 * WeChat, cancellation), with JavaScript and without. Every test that changes an account
 * registers its own author, so both projects and any order leave demo_author as seeded.
 */

const url = (path: string) => `${E2E.baseUrl}${path}`;

/** The 413 of the too-large avatar is provoked on purpose: not a console problem. */
const test = base.extend({
  consoleProblems: async ({ consoleProblems }, use) => {
    await use(consoleProblems);
    for (let i = consoleProblems.length - 1; i >= 0; i -= 1) if (/status of 413/.test(consoleProblems[i])) consoleProblems.splice(i, 1);
  },
});
const PROFILE = '/personal/account';
const SECURITY = '/personal/account/security';

/** The profile as the backend keeps it (read back with the author's own token). */
async function backendProfile(token: string) {
  const { body } = await sandboxCall('/manage/employee/getProfile', {}, token);
  expect(body.success).toBe(true);
  return body.entity!;
}

/**
 * Submits with `click` and returns the status of the page the server answered, when the
 * browser posted a document (without JavaScript); with JavaScript, null: the form checks
 * itself first and may not post at all (for input the browser already refuses).
 */
async function submitted(page: Page, testInfo: TestInfo, click: () => Promise<void>): Promise<number | null> {
  if (testInfo.project.name === 'js') {
    await click();
    return null;
  }
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.request().resourceType() === 'document'), click()]);
  return response.status();
}

/**
 * Submits input only the server can judge (a wrong password or code) and returns what it
 * answered: the document without JavaScript, React Router's data response with it. Both
 * must say the same thing and carry no secret typed into the form.
 */
async function serverAnswer(page: Page, click: () => Promise<void>): Promise<{ status: number; body: string }> {
  let answered: (answer: { status: number; body: string }) => void = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
  // The answer is read on its way to the page (a fetch's body cannot be read back afterwards).
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const body = await response.text();
    answered({ status: response.status(), body });
    await route.fulfill({ response, body });
  };
  await page.route('**/*', handler);
  try {
    await click();
    return await answer;
  } finally {
    await page.unroute('**/*', handler);
  }
}

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

test.describe('account settings', () => {
  test('a visitor of the account pages is sent to the login popup', async ({ page }) => {
    for (const path of [PROFILE, SECURITY, `${SECURITY}?step=cancel`]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()['location'], path).toBe(`/?login=userLogin&redirect=${encodeURIComponent(path)}`);
    }
  });

  test('demo_author sees the seeded profile and security state, privately and with the mobile masked', async ({ page, context }) => {
    await signIn(context);
    const response = await page.goto(PROFILE);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page).toHaveTitle(/基本资料/);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect(page.getByRole('heading', { level: 1, name: '账号设置' })).toBeVisible();
    await expect(page.getByRole('link', { name: '基本资料' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: '头像' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '个人信息' })).toBeVisible();
    await expect(page.getByLabel('工作单位')).toHaveValue('中国人民大学法学院');
    await expect(page.getByRole('main')).toContainText('138****0001');
    expect(await page.content()).not.toContain('13800000001');

    const security = await page.goto(SECURITY);
    expect(security?.headers()['cache-control']).toBe('private, no-store');
    await expect(page).toHaveTitle(/账号安全/);
    await expect(page.getByRole('link', { name: '账号安全' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['修改密码', '更换手机号', '微信绑定', '注销账号']) await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByRole('region', { name: '更换手机号' })).toContainText('138****0001');
    await expect(page.getByRole('region', { name: '微信绑定' })).toContainText('已绑定微信');
    expect(await page.content()).not.toContain('13800000001');
  });

  test('profile: bad fields are refused next to them with the values kept, then the profile is saved and read back', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'acct');
    await page.goto(PROFILE);
    const form = page.getByRole('region', { name: '个人信息' });
    await form.getByLabel('真实姓名').fill('李明');
    await form.getByLabel('电子邮箱').fill('not-a-mail');
    await form.getByLabel('邮政编码').fill('1234');
    await form.getByLabel('ORCID').fill('0000-1');
    const status = await submitted(page, testInfo, () => form.getByRole('button', { name: '保存修改' }).click());
    if (status !== null) expect(status).toBe(400);
    await expect(form.getByText('请输入正确的邮箱地址')).toBeVisible();
    await expect(form.getByText('请输入6位邮政编码')).toBeVisible();
    await expect(form.getByText(/^ORCID格式不正确/)).toBeVisible();
    await expect(form.getByLabel('电子邮箱')).toHaveAttribute('aria-invalid', 'true');
    const described = await form.getByLabel('邮政编码').getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    await expect(page.locator(`[id="${described!.split(' ').at(-1)}"]`)).toHaveText('请输入6位邮政编码');
    await expect(form.getByLabel('真实姓名')).toHaveValue('李明');
    expect((await backendProfile(token)).realName).toBeNull();

    await form.getByLabel('电子邮箱').fill('liming@example.edu.cn');
    await form.getByLabel('邮政编码').fill('100872');
    await form.getByLabel('ORCID').fill('0000-0002-1825-0097');
    await form.getByRole('radio', { name: '女' }).check();
    await form.getByLabel('职称').fill('副教授');
    await form.getByLabel('工作单位').fill('北京大学法学院');
    await form.getByLabel('研究方向').fill('数据法，个人信息保护；算法治理');
    await form.getByLabel('个人简介').fill('长期从事数据法学研究。');
    await form.getByRole('button', { name: '保存修改' }).click();
    await expect(page).toHaveURL(url(PROFILE));
    await expect(page.getByText('个人信息修改成功')).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('工作单位')).toHaveValue('北京大学法学院');
    await expect(form.getByLabel('研究方向')).toHaveValue('数据法；个人信息保护；算法治理');
    await expect(form.getByRole('radio', { name: '女' })).toBeChecked();
    const saved = await backendProfile(token);
    expect(saved).toMatchObject({
      realName: '李明',
      mailbox: 'liming@example.edu.cn',
      gender: 2,
      title: '副教授',
      institution: '北京大学法学院',
      postcode: '100872',
      orcid: '0000-0002-1825-0097',
    });
    expect(saved.researchFields).toEqual(['数据法', '个人信息保护', '算法治理']);

    // Emptying a field empties it.
    await form.getByLabel('个人简介').fill('');
    await form.getByRole('button', { name: '保存修改' }).click();
    await expect(page.getByText('个人信息修改成功')).toBeVisible();
    expect((await backendProfile(token)).bio).toBeNull();
    await expect(form.getByLabel('个人简介')).toHaveValue('');
  });

  test('avatar: what is not an image or is too large is refused; an image is shown on the page and in the header', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'acct');
    await page.goto(PROFILE);
    const section = page.getByRole('region', { name: '头像' });
    const file = section.getByLabel('选择图片');

    // A PDF named .png: judged by its first bytes.
    await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PDF });
    let status = await submitted(page, testInfo, () => section.getByRole('button', { name: '上传头像' }).click());
    if (status !== null) expect(status).toBe(400);
    await expect(section.getByText('头像仅支持PNG、JPG、GIF、WEBP格式的图片')).toBeVisible();
    await expect(section.getByLabel('选择图片')).toHaveAttribute('aria-invalid', 'true');

    // An image over 2 MB.
    await section
      .getByLabel('选择图片')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 50 * 1024)]) });
    status = await submitted(page, testInfo, () => section.getByRole('button', { name: '上传头像' }).click());
    if (status !== null) expect(status).toBe(413);
    await expect(section.getByText('头像图片不能超过2MB')).toBeVisible();
    expect((await backendProfile(token)).headImgUrl).toBeNull();

    await section.getByLabel('选择图片').setInputFiles({ name: '头像.png', mimeType: 'image/png', buffer: PNG });
    await section.getByRole('button', { name: '上传头像' }).click();
    await expect(page).toHaveURL(url(PROFILE));
    await expect(page.getByText('头像设置成功')).toBeVisible();
    const headImgUrl = String((await backendProfile(token)).headImgUrl);
    expect(headImgUrl).toMatch(/^\/api\/attachmentApi\/fileBrowsing\?hash=[0-9a-f]{64}$/);
    const shown = section.getByRole('img', { name: '当前头像' });
    await expect(shown).toHaveAttribute('src', headImgUrl);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(page.getByRole('banner').locator(`img[src="${headImgUrl}"]`)).toHaveCount(1);
  });

  test('avatar: an image that can no longer be read when it is sent is refused, in Chinese @js-only', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'acct');
    await page.goto(PROFILE);
    const section = page.getByRole('region', { name: '头像' });
    // Chosen from the disk, then moved or deleted before the button is pressed: the browser
    // holds a reference to a file it cannot read any more (as for a phone's photo not yet downloaded).
    const folder = mkdtempSync(path.join(os.tmpdir(), 'avatar-'));
    const photo = path.join(folder, 'photo.png');
    writeFileSync(photo, PNG);
    await section.getByLabel('选择图片').setInputFiles(photo);
    rmSync(folder, { recursive: true });
    await section.getByRole('button', { name: '上传头像' }).click();
    await expect(section.getByText('无法读取所选图片，请重新选择')).toBeVisible();
    await expect(section.getByLabel('选择图片')).toHaveAttribute('aria-invalid', 'true');
    expect((await backendProfile(token)).headImgUrl).toBeNull();
  });

  test('avatar: the server checks the upload itself, whatever the browser says', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'acct');
    const response = await page.request.post(`${PROFILE}?index`, {
      multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: PDF } },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain('头像仅支持PNG、JPG、GIF、WEBP格式的图片');
  });

  test('password change: the rule and the old password are checked; then only the new password logs in', async ({ page, context }, testInfo) => {
    const { username, token } = await freshAuthor(context, testInfo, 'acct');
    const other = await sandboxLogin(username, AUTHOR_PASSWORD);
    await page.goto(SECURITY);
    const form = page.getByRole('region', { name: '修改密码' });

    await form.getByLabel('原密码').fill(AUTHOR_PASSWORD);
    await form.getByLabel('新密码', { exact: true }).fill('abcdef');
    await form.getByLabel('确认新密码').fill('abcdeg');
    const status = await submitted(page, testInfo, () => form.getByRole('button', { name: '修改密码' }).click());
    if (status !== null) expect(status).toBe(400);
    await expect(form.getByText('请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写')).toBeVisible();
    await expect(form.getByText('两次输入密码不一致!')).toBeVisible();

    await form.getByLabel('原密码').fill('Wrong@2026');
    await form.getByLabel('新密码', { exact: true }).fill('Next@2026x');
    await form.getByLabel('确认新密码').fill('Next@2026x');
    const refused = await serverAnswer(page, () => form.getByRole('button', { name: '修改密码' }).click());
    expect(refused.status).toBe(400);
    await expect(form.getByText('原密码错误')).toBeVisible();
    // Passwords never come back from the server, with or without JavaScript.
    expect(refused.body).not.toContain('Next@2026x');
    expect(refused.body).not.toContain('Wrong@2026');
    if (testInfo.project.name === 'no-js') {
      // The page the server sent is all there is: the password inputs are empty.
      await expect(form.getByLabel('原密码')).toHaveValue('');
      await expect(form.getByLabel('新密码', { exact: true })).toHaveValue('');
    }

    await form.getByLabel('原密码').fill(AUTHOR_PASSWORD);
    await form.getByLabel('新密码', { exact: true }).fill('Next@2026x');
    await form.getByLabel('确认新密码').fill('Next@2026x');
    await form.getByRole('button', { name: '修改密码' }).click();
    await expect(page.getByText('密码修改成功！其他设备上的登录已失效')).toBeVisible();
    // This session stays; the others ended.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '账号设置' })).toBeVisible();
    expect((await sandboxCall('/manage/employee/getProfile', {}, other.token)).status).toBe(403);
    expect((await sandboxCall('/manage/employee/getProfile', {}, token)).status).toBe(200);

    await context.clearCookies();
    await page.goto('/?login=userLogin');
    await signInWithForm(panel(page), username, AUTHOR_PASSWORD);
    await expect(panel(page).getByText('用户名或密码错误')).toBeVisible();
    await page.goto('/?login=userLogin');
    await signInWithForm(panel(page), username, 'Next@2026x');
    await expect(page.getByText('登录成功')).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(username);
  });

  test('mobile change: the password sends a code to the new number, a wrong code is refused, the right one changes it', async ({ page, context }, testInfo) => {
    const { username } = await freshAuthor(context, testInfo, 'acct');
    const next = uniqueMobile(testInfo);
    await page.goto(SECURITY);
    const form = page.getByRole('region', { name: '更换手机号' });

    await form.getByLabel('登录密码').fill('Wrong@2026');
    await form.getByLabel('新手机号').fill(next);
    let answer = await serverAnswer(page, () => form.getByRole('button', { name: '获取验证码' }).click());
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('Wrong@2026');
    await expect(form.getByText('密码错误')).toBeVisible();
    await expect(form.getByLabel('新手机号')).toHaveValue(next);

    await form.getByLabel('登录密码').fill(AUTHOR_PASSWORD);
    await form.getByLabel('新手机号').fill(next);
    answer = await serverAnswer(page, () => form.getByRole('button', { name: '获取验证码' }).click());
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain(AUTHOR_PASSWORD);
    await expect(form.getByText(`验证码已发送至 ${masked(next)}`)).toBeVisible();
    // The countdown is the script's; without it the server's page simply has no password in it.
    if (testInfo.project.name === 'js') await expect(form.getByRole('button', { name: /^\d+秒后重新获取$/ })).toBeDisabled();
    else await expect(form.getByLabel('登录密码')).toHaveValue('');
    const code = await smsCode(next);

    const wrongCode = code === '000000' ? '111111' : '000000';
    await form.getByLabel('短信验证码').fill(wrongCode);
    answer = await serverAnswer(page, () => form.getByRole('button', { name: '更换手机号' }).click());
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain(`"${wrongCode}"`);
    await expect(form.getByText('短信验证码错误或已失效')).toBeVisible();
    await expect(form.getByLabel('新手机号')).toHaveValue(next);

    await form.getByLabel('短信验证码').fill(code);
    await form.getByRole('button', { name: '更换手机号' }).click();
    await expect(page.getByText('手机号修改成功')).toBeVisible();
    await expect(form).toContainText(masked(next));
    expect(await page.content()).not.toContain(next);
    // The new number signs in.
    expect((await sandboxLogin(next, AUTHOR_PASSWORD)).employee.username).toBe(username);
  });

  test('WeChat: bound through the consent page and unbound; a WeChat of another account is refused', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'acct');
    await page.goto(SECURITY);
    const section = page.getByRole('region', { name: '微信绑定' });
    await expect(section).toContainText('未绑定微信');

    // The WeChat of demo_author belongs to another account.
    await section.getByRole('button', { name: '绑定微信' }).click();
    await expect(page).toHaveURL(/\/__sandbox\/wechat\/authorize\?state=/);
    await page.locator('#bound').click();
    await expect(page).toHaveURL(url(SECURITY));
    await expect(page.getByText('该微信已绑定其他账号，请先在该账号中解绑')).toBeVisible();
    await expect(section).toContainText('未绑定微信');

    await section.getByRole('button', { name: '绑定微信' }).click();
    await page.locator('#new').click();
    await expect(page).toHaveURL(url(SECURITY));
    await expect(page.getByText('微信绑定成功')).toBeVisible();
    await expect(section).toContainText('已绑定微信');

    await section.getByRole('button', { name: '解除绑定' }).click();
    await expect(page.getByText('微信已解绑')).toBeVisible();
    await expect(section).toContainText('未绑定微信');

    // A callback this browser did not start binds nothing.
    await page.goto('/personal/account/wechat?code=forged&state=forged');
    await expect(page).toHaveURL(url(SECURITY));
    await expect(page.getByText('微信授权已失效，请重新绑定')).toBeVisible();
    await expect(section).toContainText('未绑定微信');
  });

  test('cancellation: a confirmation names what is lost; it needs the password and the box ticked; then the account is gone', async ({
    page,
    context,
  }, testInfo) => {
    const { username, mobile } = await freshAuthor(context, testInfo, 'acct');
    await page.goto(SECURITY);
    await page.getByRole('link', { name: '申请注销账号' }).click();
    await expect(page).toHaveURL(url(`${SECURITY}?step=cancel#cancel-confirm-title`));
    await expect(page).toHaveTitle(/确认注销账号/);
    const step = page.getByRole('region', { name: '确认注销账号' });
    await expect(step).toContainText(`您正在注销账号“${username}”`);
    await expect(step).toContainText('绑定的手机号和微信');
    await expect(step).toContainText('实名认证信息');
    await expect(step).toContainText('收藏、阅读与下载记录');

    let status = await submitted(page, testInfo, () => step.getByRole('button', { name: '确认注销' }).click());
    if (status !== null) expect(status).toBe(400);
    await expect(step.getByText('请输入密码')).toBeVisible();
    await expect(step.getByText('请勾选确认您已了解注销的后果')).toBeVisible();

    await step.getByLabel('登录密码').fill('Wrong@2026');
    await step.getByLabel('注销原因（选填）').fill('不再使用');
    await step.getByLabel('我已了解以上内容，确认注销本账号').check();
    status = await submitted(page, testInfo, () => step.getByRole('button', { name: '确认注销' }).click());
    if (status !== null) expect(status).toBe(400);
    await expect(step.getByText('密码错误')).toBeVisible();
    await expect(step.getByLabel('注销原因（选填）')).toHaveValue('不再使用');
    await expect(page).toHaveURL(url(`${SECURITY}?step=cancel`));

    await step.getByLabel('登录密码').fill(AUTHOR_PASSWORD);
    await step.getByLabel('我已了解以上内容，确认注销本账号').check();
    await step.getByRole('button', { name: '确认注销' }).click();
    await expect(page).toHaveURL(url('/'));
    await expect(page.getByText('账号已注销')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: '登录/注册' })).toBeVisible();
    const again = await page.request.get(SECURITY, { maxRedirects: 0 });
    expect(again.status()).toBe(302);
    await expect(sandboxLogin(username, AUTHOR_PASSWORD)).rejects.toThrow();
    await expect(sandboxLogin(mobile, AUTHOR_PASSWORD)).rejects.toThrow();
  });

  test('cancellation is refused while a manuscript is in progress, with the backend’s message', async ({ page, context }, testInfo) => {
    const { username, token } = await freshAuthor(context, testInfo, 'acct');
    const upload = new FormData();
    upload.set('journalId', '1');
    upload.set('file', new Blob([PDF], { type: 'application/pdf' }), 'draft.pdf');
    const draft = (await (
      await fetch(`${E2E.sandboxUrl}/manage/author/paper/authorManuscriptUpload`, { method: 'POST', headers: { Authorization: token }, body: upload })
    ).json()) as {
      entity: { paperId: number };
    };
    const moved = await fetch(`${E2E.sandboxUrl}/__sandbox/manuscripts/${draft.entity.paperId}/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stage: 'revision' }),
    });
    expect(((await moved.json()) as { success: boolean }).success).toBe(true);

    await page.goto(`${SECURITY}?step=cancel`);
    const step = page.getByRole('region', { name: '确认注销账号' });
    await step.getByLabel('登录密码').fill(AUTHOR_PASSWORD);
    await step.getByLabel('我已了解以上内容，确认注销本账号').check();
    const status = await submitted(page, testInfo, () => step.getByRole('button', { name: '确认注销' }).click());
    if (status !== null) expect(status).toBe(400);
    await expect(step.getByRole('alert')).toHaveText('您有1篇稿件正在处理中，暂不能注销账号');
    expect((await sandboxLogin(username, AUTHOR_PASSWORD)).employee.username).toBe(username);
  });
});
