import { PNG } from 'pngjs';
import { buildDocx } from '../../sandbox/docx';
import { LOGIN_MODES, PUBLIC_PAGE_KINDS, SIGNED_IN_PAGE_KINDS, inRuns } from '../support/public-pages';
import { axeViolations } from './axe';
import { E2E } from './env';
import { ABSTRACT } from './files';
import { expect, signIn, stepThrough, test } from './fixtures';

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
  for (const run of inRuns(PUBLIC_PAGE_KINDS, 7)) {
    test(`${run.join(', ')}: no axe violations`, async ({ page }) => {
      await stepThrough(run, async (path) => {
        await page.goto(path);
        expect(await axeViolations(page), path).toEqual([]);
      });
    });
  }

  test('the login popup in each mode has no axe violations', async ({ page }) => {
    // The first mode is checked with the page around it; the others change only the dialog.
    await stepThrough(LOGIN_MODES, async (mode, index) => {
      await page.goto(`/journal?login=${mode}`);
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await axeViolations(page, index === 0 ? undefined : '[role="dialog"]'), mode).toEqual([]);
    });
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

  for (const run of inRuns(
    SIGNED_IN_PAGE_KINDS.filter((path) => !path.startsWith('/upload')),
    4,
  )) {
    test(`${run.join(', ')} (signed in): no axe violations`, async ({ page, context }) => {
      await signIn(context);
      await stepThrough(run, async (path) => {
        const response = await page.goto(path);
        expect(response?.status(), `${path} answers`).toBeLessThan(400);
        expect(await axeViolations(page), path).toEqual([]);
      });
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
    // Required fields: marked * (the form says what * means) and required for assistive technology.
    await expect(page.getByText('带 * 的为必填项')).toBeVisible();
    for (const label of ['中文标题', '中文摘要', '关键词', '栏目']) {
      const field = page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
      await expect(field, label).toHaveAttribute('aria-required', 'true');
      await expect(page.locator(`label[for="${await field.getAttribute('id')}"]`), `${label} marked *`).toContainText('*');
    }
    await expect(page.getByLabel('英文标题', { exact: true })).not.toHaveAttribute('aria-required', 'true');
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

  test('a skip link moves the focus into the main content, and the next Tab stop is not under the header', async ({ page }) => {
    await page.goto('/journal');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => {
      const focused = document.activeElement!;
      const header = document.querySelector('header')!.getBoundingClientRect();
      return { inMain: Boolean(focused.closest('#main')), top: focused.getBoundingClientRect().top, headerBottom: header.bottom };
    });
    expect(next.inMain, 'the next Tab stop is in the main content').toBe(true);
    expect(next.top, 'and below the sticky header').toBeGreaterThanOrEqual(next.headerBottom);
  });
});

/**
 * The focus ring of every Tab stop of the home page, measured on the rendered pixels as WCAG
 * does: the same pixels focused and unfocused. The page gets a viewport as tall as itself, so
 * nothing scrolls: one shot of the page with nothing focused, then one small shot around each
 * focused element. The pixels that change by at least 3:1 must add up to a 1-pixel line all
 * round the element at least.
 */
test('every Tab stop of the home page shows a focus ring at 3:1 against what is around it', async ({ page }) => {
  // One page, one small screenshot per Tab stop (about 80 of them).
  test.slow();
  await page.goto('/');
  const width = page.viewportSize()!.width;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  expect(await page.evaluate(() => document.documentElement.scrollHeight), 'the page fits its tall viewport').toBe(height);
  const unfocused = PNG.sync.read(await page.screenshot());
  const seen = new Set<string>();
  const weak: string[] = [];
  for (let stop = 0; stop < 150; stop += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      await new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled)));
      const box = el.getBoundingClientRect();
      const name = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().slice(0, 20);
      return { key: `${el.tagName} ${name} @${Math.round(box.x)},${Math.round(box.y)}`, x: box.x, y: box.y, width: box.width, height: box.height };
    });
    // Past the last stop, Tab leaves the page (or comes round again).
    if (!focused || seen.has(focused.key)) break;
    seen.add(focused.key);
    const margin = 6;
    const x = Math.max(0, Math.floor(focused.x - margin));
    const y = Math.max(0, Math.floor(focused.y - margin));
    const clip = {
      x,
      y,
      width: Math.min(width, Math.ceil(focused.x + focused.width + margin)) - x,
      height: Math.min(height, Math.ceil(focused.y + focused.height + margin)) - y,
    };
    const ringed = PNG.sync.read(await page.screenshot({ clip }));
    let contrasting = 0;
    for (let row = 0; row < ringed.height; row += 1) {
      for (let column = 0; column < ringed.width; column += 1) {
        const i = (row * ringed.width + column) * 4;
        const j = ((y + row) * unfocused.width + x + column) * 4;
        const a = luminance(ringed.data[i]!, ringed.data[i + 1]!, ringed.data[i + 2]!);
        const b = luminance(unfocused.data[j]!, unfocused.data[j + 1]!, unfocused.data[j + 2]!);
        if ((Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) >= 3) contrasting += 1;
      }
    }
    const perimeter = 2 * (focused.width + focused.height);
    if (contrasting < perimeter) weak.push(`${focused.key}: ${contrasting} of ${Math.round(perimeter)} px`);
  }
  expect(seen.size, 'Tab stops found').toBeGreaterThan(40);
  expect(weak).toEqual([]);
});

/**
 * Text follows the reader's default font size (Chromium's setting, through the DevTools
 * protocol): with 20 px instead of 16, text is a quarter larger and the page reflows
 * instead of growing wider, on a laptop's width and a phone's.
 */
test('text sizes follow the browser default font size, and the page reflows', async ({ page }) => {
  await page.goto('/journal/detail?id=7');
  const sizes = () =>
    page.evaluate(() =>
      ['h1', 'main p', 'header nav a', 'footer a'].map((selector) => parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize)),
    );
  const widths = () => page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  await page.setViewportSize({ width: 1280, height: 900 });
  const before = await sizes();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 20, fixed: 16 } });
  await expect.poll(async () => (await sizes())[0], { message: 'the heading grows' }).toBeGreaterThan(before[0]!);
  const after = await sizes();
  after.forEach((size, i) => expect(size / before[i]!, `text ${i}: ${before[i]}px → ${size}px`).toBeGreaterThanOrEqual(1.2));
  const [scrollWidth, clientWidth] = await widths();
  expect(scrollWidth, 'no sideways scrolling at 1280 px').toBeLessThanOrEqual(clientWidth!);
  await page.setViewportSize({ width: 390, height: 844 });
  const [phoneScroll, phoneClient] = await widths();
  expect(phoneScroll, 'nor at 390 px').toBeLessThanOrEqual(phoneClient!);
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
