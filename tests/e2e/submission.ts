import type { Page } from '@playwright/test';
import { captchaText } from './auth-support';
import { ABSTRACT, DOCX_TYPE, manuscriptDocx } from './files';
import { expect } from './fixtures';

/**
 * The author's whole submission through the forms: a .docx whose title and
 * abstract pre-fill step 2, a few fields typed and saved as a draft, a reload that loses
 * nothing, the last check with the captcha, and the result page.
 */
export async function submitDocxThroughTheForms(page: Page, gch: string, title: string) {
  await page.goto(`/upload?redirectGch=${gch}`);
  await page.getByLabel('稿件文件').setInputFiles({ name: '数据跨境.docx', mimeType: DOCX_TYPE, buffer: manuscriptDocx(title) });
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await page.getByRole('button', { name: '上传稿件' }).click();

  await expect(page).toHaveURL(/\/upload\/info\?paperId=\d+/);
  // The whole form parsed before `.last()` picks the last author (the page may still be arriving).
  await page.waitForLoadState();
  await expect(page.getByLabel('中文标题')).toHaveValue(title);
  await expect(page.getByLabel('中文摘要')).toHaveValue(ABSTRACT);
  await expect(page.getByLabel('关键词')).toHaveValue('数据跨境；安全评估；标准合同');

  // Type something, save the draft, reload: nothing is lost.
  await page.getByLabel('栏目').selectOption({ index: 1 });
  await page.getByLabel('邮箱').last().fill('zhaoliu@example.com');
  await page.getByLabel('手机号').last().fill('13800000066');
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByRole('status').filter({ hasText: '稿件信息已保存' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('手机号').last()).toHaveValue('13800000066');
  await expect(page.getByLabel('中文标题')).toHaveValue(title);

  await page.getByRole('button', { name: '下一步：确认投稿' }).click();
  await expect(page).toHaveURL(/\/upload\/confirm\?paperId=\d+/);
  await expect(page.getByText(title)).toBeVisible();
  await page.getByLabel('验证码').fill(await captchaText(await page.locator('input[name="uuid"]').inputValue()));
  await page.getByRole('button', { name: '确认投稿' }).click();

  await expect(page).toHaveURL(/\/upload\/result\?paperId=\d+/);
  await expect(page.getByRole('heading', { name: '投稿成功' })).toBeVisible();
}
