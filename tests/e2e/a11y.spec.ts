import { PNG } from 'pngjs';
import { buildDocx } from '../../sandbox/docx';
import { LOGIN_MODES, PUBLIC_PAGE_KINDS, SIGNED_IN_PAGE_KINDS } from '../support/public-pages';
import { axeViolations } from './axe';
import { E2E } from './env';
import { ABSTRACT } from './files';
import { expect, signIn, test } from './fixtures';

// axe needs the page's scripts: this file runs once, with JavaScript on (the markup is
// the same without); playwright.config.ts leaves it out of the no-js project.

/** A draft manuscript of the signed-in author, uploaded to the sandbox directly. */
async function createDraft(token: string): Promise<number> {
  const form = new FormData();
  form.append('gch', 'SJFX');
  const docx = buildDocx([
    { text: '无障碍检查用稿件：数据要素市场的法律构造', bold: true, size: 32, center: true },
    'Legal Construction of Data Factor Markets',
    '作者：王五（某大学法学院）',
    `摘要：${ABSTRACT}`,
    '关键词：数据要素；市场；法律',
    '一、引言',
    '正文内容。'.repeat(50),
  ]);
  form.append('file', new Blob([new Uint8Array(docx)]), 'a11y.docx');
  const response = await fetch(`${E2E.sandboxUrl}/manage/author/paper/authorManuscriptUpload`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  const body = (await response.json()) as { success: boolean; entity: { paperId: number }; message: string };
  if (!body.success) throw new Error(`sandbox upload failed: ${body.message}`);
  return body.entity.paperId;
}

test.describe('accessibility (WCAG 2.1 A and AA)', () => {
  for (const path of PUBLIC_PAGE_KINDS) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('the login popup has no axe violations in any of its modes', async ({ page }) => {
    // The first mode with the page around it; the others change only the dialog.
    for (const [index, mode] of LOGIN_MODES.entries()) {
      await page.goto(`/journal?login=${mode}`);
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await axeViolations(page, index === 0 ? undefined : '[role="dialog"]'), mode).toEqual([]);
    }
  });

  test('the login page, empty and with its errors, has no axe violations', async ({ page }) => {
    await page.goto('/login?login=userLogin');
    const panel = page.locator('section[aria-labelledby="login-panel-title"]');
    await expect(panel).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: '登录', exact: true }).click();
    await expect(panel.getByText('请输入用户名')).toBeVisible();
    expect(await axeViolations(page), 'with field errors').toEqual([]);
  });

  for (const path of SIGNED_IN_PAGE_KINDS.filter((path) => !path.startsWith('/upload'))) {
    test(`${path} (signed in) has no axe violations`, async ({ page, context }) => {
      await signIn(context);
      const response = await page.goto(path);
      expect(response?.status(), `${path} answers`).toBeLessThan(400);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('every step of the submission has no axe violations', async ({ page, context }) => {
    // Every step of the wizard, each with a whole axe run: more than one page's time.
    test.slow();
    const session = await signIn(context);
    await page.goto('/upload');
    expect(await axeViolations(page), '/upload (journal picker)').toEqual([]);
    await page.goto('/upload?redirectGch=SJFX');
    await expect(page.getByLabel('稿件文件')).toBeVisible();
    expect(await axeViolations(page), '/upload?redirectGch=SJFX').toEqual([]);

    const paperId = await createDraft(session.token);
    await page.goto(`/upload/info?paperId=${paperId}`);
    await expect(page.getByLabel('中文标题')).toBeVisible();
    expect(await axeViolations(page), '/upload/info').toEqual([]);
    // The same page showing its field errors.
    await page.getByLabel('中文标题').fill('');
    await page.getByRole('button', { name: '下一步：确认投稿' }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    expect(await axeViolations(page), '/upload/info with errors').toEqual([]);

    await page.getByLabel('中文标题').fill('无障碍检查用稿件：数据要素市场的法律构造');
    await page.getByLabel('栏目').selectOption({ index: 1 });
    await page.getByLabel('邮箱').last().fill('a11y@example.com');
    await page.getByLabel('手机号').last().fill('13800000077');
    await page.getByRole('button', { name: '下一步：确认投稿' }).click();
    await expect(page).toHaveURL(/\/upload\/confirm\?paperId=\d+/);
    expect(await axeViolations(page), '/upload/confirm').toEqual([]);

    await page.goto(`/upload/result?paperId=${paperId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page), '/upload/result').toEqual([]);
  });

  test('a skip link leads to the main content', async ({ page }) => {
    await page.goto('/journal');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});

/** WCAG relative luminance of an sRGB pixel. */
function luminance(r: number, g: number, b: number): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

test('the active item of the transparent header over the home hero reads at 4.5:1 at least, measured on the rendered pixels', async ({ page }) => {
  // axe cannot judge text over a gradient (it reports it as "incomplete"): the screenshot can.
  await page.goto('/');
  const active = page.getByRole('banner').locator('a[aria-current="page"]').first();
  await expect(active).toBeVisible();
  const box = (await active.boundingBox())!;
  // The text alone: without the underline (3 px) at the bottom.
  const png = PNG.sync.read(await page.screenshot({ clip: { x: box.x, y: box.y, width: box.width, height: box.height - 4 } }));
  const lums: number[] = [];
  for (let i = 0; i < png.data.length; i += 4) lums.push(luminance(png.data[i]!, png.data[i + 1]!, png.data[i + 2]!));
  lums.sort((a, b) => a - b);
  const text = lums[lums.length - 1]!;
  const background = lums[Math.floor(lums.length / 2)]!;
  expect((text + 0.05) / (background + 0.05)).toBeGreaterThanOrEqual(4.5);
});
