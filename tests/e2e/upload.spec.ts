import { DOCX_TYPE, manuscriptDocx } from './files';
import { expect, signIn, test } from './fixtures';
import { submitDocxThroughTheForms } from './submission';

/**
 * Submission (docs/product.md#submission), with and without JavaScript. Each project submits to its own
 * journal so the parallel-submission limit (5 in review per journal) is not reached.
 */

const TITLE = '数据跨境流动的法律规制路径研究';
const journalFor = (projectName: string) => (projectName === 'js' ? 'SZFZ' : 'SJFX');

test.describe('submission', () => {
  test('the journal page shows the premise and templates and refuses a closed journal', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/upload?redirectGch=SJFX');
    await expect(page.getByRole('heading', { name: '投稿须知', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /投稿模板/ })).toBeVisible();
    await expect(page.getByLabel('稿件文件')).toBeVisible();

    await page.goto('/upload?redirectGch=WLXX');
    await expect(page.getByRole('alert')).toContainText('暂不接收在线投稿');
    await expect(page.getByLabel('稿件文件')).toHaveCount(0);
  });

  test('a PDF named .docx is refused with a Chinese message', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/upload?redirectGch=SJFX');
    await page.getByLabel('稿件文件').setInputFiles({ name: '论文.docx', mimeType: DOCX_TYPE, buffer: Buffer.from('%PDF-1.4\n%fake\n1 0 obj<<>>endobj\n') });
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '上传稿件' }).click();
    await expect(page.getByRole('alert')).toContainText('文件内容与扩展名不符');
  });

  test('submit a .docx: pre-filled from the file, reload in the middle, confirm', async ({ page, context }, testInfo) => {
    await signIn(context);
    const gch = journalFor(testInfo.project.name);
    const title = `${TITLE}（${testInfo.project.name}）`;
    await submitDocxThroughTheForms(page, gch, title);
    await expect(page.getByTestId('manuscript-no')).not.toBeEmpty();
  });

  test('@js-only leaving the information step with unsaved changes asks first; saving does not', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/upload?redirectGch=SJFX');
    await page
      .getByLabel('稿件文件')
      .setInputFiles({ name: 'draft.docx', mimeType: 'application/octet-stream', buffer: manuscriptDocx('离开前提醒保存的草稿') });
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '上传稿件' }).click();
    await expect(page).toHaveURL(/\/upload\/info/);
    await page.waitForLoadState();
    const questions: string[] = [];
    // First declined, then accepted.
    page.on('dialog', (dialog) => {
      questions.push(dialog.message());
      void (questions.length === 1 ? dialog.dismiss() : dialog.accept());
    });
    await page.getByLabel('中文标题').fill('改过的标题');
    await page.getByRole('banner').getByRole('link', { name: '首页' }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toContain('尚未保存');
    await expect(page).toHaveURL(/\/upload\/info/);
    await expect(page.getByLabel('中文标题')).toHaveValue('改过的标题');
    // Saving is not leaving: no question.
    await page.getByLabel('栏目').selectOption({ index: 1 });
    await page.getByLabel('邮箱').last().fill('zhaoliu@example.com');
    await page.getByLabel('手机号').last().fill('13800000066');
    await page.getByRole('button', { name: '保存草稿' }).click();
    await expect(page.getByRole('status').filter({ hasText: '稿件信息已保存' })).toBeVisible();
    expect(questions).toHaveLength(1);
    await page.getByLabel('中文标题').fill('再改一次');
    await page.getByRole('banner').getByRole('link', { name: '首页' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(questions).toHaveLength(2);
  });

  test('a wrong captcha keeps everything and says why', async ({ page, context, javaScriptEnabled }) => {
    await signIn(context);
    await page.goto('/upload?redirectGch=SJFX');
    await page
      .getByLabel('稿件文件')
      .setInputFiles({ name: 'draft.docx', mimeType: 'application/octet-stream', buffer: manuscriptDocx('验证码错误时的草稿保存测试') });
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '上传稿件' }).click();
    await expect(page).toHaveURL(/\/upload\/info/);
    // The whole form parsed before `.last()` picks the last author (the page may still be arriving).
    await page.waitForLoadState();
    await page.getByLabel('栏目').selectOption({ index: 1 });
    await page.getByLabel('邮箱').last().fill('zhaoliu@example.com');
    await page.getByLabel('手机号').last().fill('13800000066');
    await page.getByRole('button', { name: '下一步：确认投稿' }).click();
    await expect(page).toHaveURL(/\/upload\/confirm/);
    // Moving to the next step in the page puts the focus on its title (a full load keeps the browser's own).
    if (javaScriptEnabled) await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.getByLabel('验证码').fill('999');
    await page.getByRole('button', { name: '确认投稿' }).click();
    await expect(page.getByRole('alert')).toContainText('验证码错误或已过期');
    await expect(page.getByText('验证码错误时的草稿保存测试')).toBeVisible();
  });
});
