import type { Page } from '@playwright/test';
import { LOGIN_MODES, PUBLIC_PAGES, SIGNED_IN_PAGES, inRuns } from '../support/public-pages';
import { PHONE_VIEWPORTS, measurePhonePage } from '../support/phone-rules.mjs';
import { axeViolations } from './axe';
import { expect, signIn, stepThrough, test } from './fixtures';

/**
 * Phones (docs/product.md#phones): every public page, the sign-in popup in each mode and the
 * author's essentials, at 390×844, 360×740 and 320×640 (400 % zoom) with a phone's user agent, with and without
 * JavaScript, all three sizes in one load of each page. Only the phone projects of
 * playwright.config.ts run this file.
 */

/**
 * Without JavaScript a page's markup is its server-rendered HTML; with it, the same after
 * hydration, which a11y.spec.ts checks with axe on every kind of page. The two differ only
 * where a component renders differently before hydration (the components that call
 * useHydrated: the header's sign-in slot with its <noscript> link, the flash message, the
 * sign-in sheet's fields, the face check): axe without JavaScript runs on the pages that
 * show them, and on the sign-in sheet in every mode.
 */
const MARKUP_DIFFERS_WITHOUT_JS = new Set(['/', '/personal/account/verification']);

/**
 * Checks the page at the project's phone size, then at each smaller phone: the page is laid
 * out again in place, so both sizes are measured in one load. In the `-no-js` project, axe
 * runs too when `axe` is set (see MARKUP_DIFFERS_WITHOUT_JS), on the part `axeWithin` names if given.
 */
async function expectPhoneReady(page: Page, { scope = 'main', axe = false, axeWithin }: { scope?: string; axe?: boolean; axeWithin?: string } = {}) {
  for (const [index, viewport] of PHONE_VIEWPORTS.entries()) {
    if (index > 0) await page.setViewportSize(viewport);
    const report = await page.evaluate(measurePhonePage, scope);
    const at = `at ${viewport.width} px`;
    expect(report.scrollWidth, `no sideways scrolling ${at} (${report.wide.join(' | ')})`).toBeLessThanOrEqual(report.viewportWidth);
    expect(report.outside, `main heading and first paragraph inside the viewport, uncovered, ${at}`).toEqual([]);
    expect(report.smallTargets, `targets at least 44 px tall ${at}`).toEqual([]);
    expect(report.smallText, `no text under 12 px ${at}`).toEqual([]);
    if (index === 0 && axe && test.info().project.name.endsWith('-no-js')) {
      expect(await axeViolations(page, axeWithin), 'axe').toEqual([]);
    }
  }
  await page.setViewportSize(PHONE_VIEWPORTS[0]);
}

/**
 * The phone projects named `-no-js` see each page as a browser without JavaScript renders it:
 * the HTML without its scripts, <noscript> content shown. (A browser with JavaScript off
 * cannot run the measurements or axe, which run in the page.)
 */
test.beforeEach(async ({ page }, testInfo) => {
  if (!testInfo.project.name.endsWith('-no-js')) return;
  await page.route('**/*', async (route) => {
    const type = route.request().resourceType();
    if (type === 'script') return route.fulfill({ contentType: 'text/javascript', body: '' });
    if (type !== 'document') return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<\/?noscript>/gi, '');
    return route.fulfill({ response, body: html });
  });
});

/** Opens a page; without JavaScript there is no hydration to wait for, only the load. */
async function visit(page: Page, path: string) {
  const noJs = test.info().project.name.endsWith('-no-js');
  const response = await page.goto(path, noJs ? { waitUntil: 'domcontentloaded' } : undefined);
  if (noJs) await page.waitForLoadState('load');
  return response;
}

test.describe('on a phone', () => {
  for (const run of inRuns(PUBLIC_PAGES, 7)) {
    test(`${run.join(', ')} read on a phone`, async ({ page }) => {
      await stepThrough(run, async (path) => {
        await visit(page, path);
        await expectPhoneReady(page, { axe: MARKUP_DIFFERS_WITHOUT_JS.has(path) });
      });
    });
  }

  test("the sign-in sheet in each mode fills the phone's screen", async ({ page }) => {
    await stepThrough(LOGIN_MODES, async (mode, index) => {
      await visit(page, `/journal?login=${mode}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      for (const viewport of PHONE_VIEWPORTS) {
        await page.setViewportSize(viewport);
        const box = (await dialog.boundingBox())!;
        expect(box.x, `${mode}: the sheet starts at the left edge at ${viewport.width} px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, 'and ends inside the right edge').toBeLessThanOrEqual(viewport.width);
        expect(box.width, 'it takes the whole width').toBeGreaterThanOrEqual(viewport.width - 1);
      }
      await page.setViewportSize(PHONE_VIEWPORTS[0]);
      // axe: the first mode with the page around it; the others change only the sheet.
      await expectPhoneReady(page, { scope: 'dialog[open], [role=dialog]', axe: true, axeWithin: index === 0 ? undefined : '[role="dialog"]' });
    });
  });

  test('the sign-in sheet asks for a mobile number with the phone keypad', async ({ page }) => {
    await visit(page, '/journal?login=userRegister');
    const mobile = page.getByRole('dialog').getByLabel('手机号');
    await expect(mobile).toHaveAttribute('type', 'tel');
    await expect(mobile).toHaveAttribute('autocomplete', 'tel');
  });

  test('the menu button opens the site sections', async ({ page }) => {
    await visit(page, '/news');
    const sections = page.getByRole('navigation', { name: '主导航' });
    await expect(sections).toBeHidden();
    await page.locator('summary').filter({ hasText: '菜单' }).click();
    await expect(sections).toBeVisible();
    await sections.getByRole('link', { name: '编委会' }).click();
    await expect(page).toHaveURL(/\/editorialBoard$/);
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  for (const run of inRuns(SIGNED_IN_PAGES, 7)) {
    test(`${run.join(', ')} (signed in) work on a phone`, async ({ page, context }) => {
      await signIn(context);
      await stepThrough(run, async (path) => {
        const response = await visit(page, path);
        expect(response?.status(), `${path} answers`).toBeLessThan(400);
        await expectPhoneReady(page, { axe: MARKUP_DIFFERS_WITHOUT_JS.has(path) });
      });
    });
  }

  test('the manuscript picker is one designed zone that names the chosen file', async ({ page, context }) => {
    await signIn(context);
    await visit(page, '/upload?redirectGch=SJFX');
    const picker = page.getByLabel('稿件文件');
    await expect(page.getByText('点击选择文件，或将文件拖到此处')).toBeVisible();
    const zone = (await picker.boundingBox())!;
    expect(zone.height, 'the whole zone takes the tap').toBeGreaterThanOrEqual(88);
    await picker.setInputFiles({
      name: '数据出境论文.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.alloc(2048, 1),
    });
    if (test.info().project.name.endsWith('-no-js')) {
      await expect(page.getByText('已选择文件，提交时上传')).toBeVisible();
    } else {
      await expect(page.getByText('数据出境论文.docx')).toBeVisible();
      await expect(page.getByText('2.0 KB · DOCX 文件')).toBeVisible();
    }
  });

  test("a manuscript's page (signed in) works on a phone", async ({ page, context }) => {
    await signIn(context);
    await visit(page, '/personal/manuscripts');
    const first = page.locator('main a[href^="/personal/manuscripts/"]').filter({ hasNotText: /成果/ }).first();
    await first.click();
    await expect(page).toHaveURL(/\/personal\/manuscripts\/\d+$/);
    await page.waitForLoadState('load');
    await expectPhoneReady(page);
  });
});

test.describe('what a phone reader meets', () => {
  test('the share sheet offers the system sheet or the copied link, not a QR code the phone cannot scan', async ({ page }) => {
    await visit(page, '/journal');
    await page.locator('main a[href^="/journal/detail?id="]').first().click();
    await expect(page).toHaveURL(/\/journal\/detail\?id=\d+/);
    await page.waitForLoadState('load');
    await page.getByRole('main').locator('summary[aria-label="分享"]').click();
    const panel = page.getByRole('main').getByRole('group', { name: '分享到' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('img', { name: /二维码/ })).toBeHidden();
    await expect(panel.getByText('微信', { exact: true })).toBeHidden();
    await expect(panel.getByText(/分享到微信：复制下方链接/)).toBeVisible();
    await expect(panel.getByRole('textbox', { name: '页面链接' })).toHaveValue(/\/journal\/detail\?id=\d+$/);
    const viewport = page.viewportSize()!;
    for (const name of ['QQ', '微博']) {
      const box = (await panel.getByRole('link', { name }).boundingBox())!;
      expect(box.width, `${name} is a full button, not squeezed`).toBeGreaterThan(viewport.width / 3);
      expect(box.height, `${name} is one row high`).toBeLessThan(60);
      expect(box.height, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    if (!test.info().project.name.endsWith('-no-js')) await expect(panel.getByRole('button', { name: '复制链接' })).toBeVisible();
  });

  test('a filter chosen, the search results fill the first screen again', async ({ page }) => {
    await visit(page, `/search?q=${encodeURIComponent('数据')}`);
    const filters = page.getByRole('complementary', { name: '分组筛选' });
    await filters.getByText('分组筛选').click();
    await filters.getByRole('link', { name: /2024年/ }).click();
    await expect(page).toHaveURL(/yearFrom=2024&yearTo=2024|yearTo=2024&yearFrom=2024/);
    await expect(filters.getByRole('link', { name: /2024年/ })).toBeHidden();
    const first = page.getByRole('main').locator('article').first();
    await expect(first).toBeInViewport();
    expect((await first.getByRole('heading').boundingBox())!.y).toBeLessThan(page.viewportSize()!.height);
  });

  test('the phone menu lists 文献成果, 新闻资讯 and 检索', async ({ page }) => {
    await visit(page, '/editorialBoard');
    await page.locator('summary').filter({ hasText: '菜单' }).click();
    const sections = page.getByRole('navigation', { name: '主导航' });
    for (const name of ['文献成果', '新闻资讯', '检索']) await expect(sections.getByRole('link', { name, exact: true })).toBeVisible();
  });

  test("the usage chart scrolls inside its frame, saying so; a reference's DOI stays in the reference's lines", async ({ page }) => {
    await visit(page, '/journal/detail?id=1');
    const usage = page.locator('#usage');
    const frame = (await usage.locator('figure').boundingBox())!;
    expect(frame.x).toBeGreaterThanOrEqual(0);
    expect(frame.x + frame.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    const scroller = usage.getByRole('group', { name: /月度浏览与下载/ });
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, 'the chart keeps a readable scale and scrolls').toBeGreaterThan(clientWidth);
    await expect(usage.getByText('图表较宽，可左右滑动查看')).toBeVisible();
    // The month labels under the axis stand apart (half an em at least).
    const months = await usage
      .locator('svg text[text-anchor="middle"]')
      .evaluateAll((texts) => texts.map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.right]));
    expect(months.length).toBeGreaterThan(1);
    for (let i = 1; i < months.length; i += 1)
      expect(months[i]![0] - months[i - 1]![1], `space between month labels ${i} and ${i + 1}`).toBeGreaterThanOrEqual(6);
    // Scrolled to its end, the newest month shows inside the frame.
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const labels = usage.locator('svg text');
    const last = (await labels.last().boundingBox())!;
    const box = (await scroller.boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
    expect(last.x).toBeGreaterThanOrEqual(box.x);

    const lone = await page.locator('#references li').evaluateAll((items) =>
      items.flatMap((li) => {
        // Each line of the reference as the text on it: a line that is only "DOI:" is alone.
        const range = document.createRange();
        range.selectNodeContents(li);
        const lines = new Map<number, string>();
        const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          for (let i = 0; i < node.data.length; i += 1) {
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            const rect = r.getClientRects()[0];
            if (!rect) continue;
            const top = Math.round(rect.top / 4);
            lines.set(top, (lines.get(top) ?? '') + node.data[i]);
          }
        }
        return [...lines.values()]
          .map((l) => l.trim())
          .filter((l) => /^DOI[:：]?$/.test(l))
          .map((l) => `${li.id}: "${l}"`);
      }),
    );
    expect(lone).toEqual([]);
  });

  test("the journals' covers keep their English names whole and inside the cover", async ({ page }) => {
    await visit(page, '/');
    const covers = page.locator('main a[aria-hidden="true"] small[lang="en"]');
    await expect(covers).toHaveCount(3);
    const problems = await covers.evaluateAll((labels) =>
      labels.flatMap((label) => {
        const cover = label.parentElement!.getBoundingClientRect();
        const found: string[] = [];
        if (parseFloat(getComputedStyle(label).fontSize) < 12) found.push(`${label.textContent} under 12 px`);
        const text = label.firstChild as Text;
        let at = 0;
        for (const word of text.data.split(' ')) {
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          at += word.length + 1;
          const rects = [...range.getClientRects()];
          if (rects.length !== 1) found.push(`"${word}" cut over ${rects.length} lines`);
          for (const r of rects)
            if (r.left < cover.left - 0.5 || r.right > cover.right + 0.5 || r.bottom > cover.bottom + 0.5) found.push(`"${word}" outside its cover`);
        }
        return found;
      }),
    );
    expect(problems).toEqual([]);
  });
});
