import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LOGIN_MODES, PUBLIC_PAGES, SIGNED_IN_PAGES } from '../support/public-pages';
import { expect, signIn, test } from './fixtures';

/**
 * Phones (docs/product.md#phones): every public page, the sign-in popup in each mode and the
 * author's essentials, at 390×844 and 360×740 with a phone's user agent, with and without
 * JavaScript. Only the phone projects of playwright.config.ts run this file.
 */

interface PhoneReport {
  viewportWidth: number;
  scrollWidth: number;
  /** The main heading and the first paragraph of what is being read, where they fall short. */
  outside: string[];
  /** Links, buttons, fields and summaries under 44 px tall. */
  smallTargets: string[];
  /** Text set under 12 px. */
  smallText: string[];
}

/**
 * Measures the page as a phone reader meets it (one pass in the page). `scope` is where the
 * reader is reading: the main content, or the sign-in sheet when it is open.
 */
async function measure(page: Page, scope: string): Promise<PhoneReport> {
  return page.evaluate((scope) => {
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = window.innerHeight;
    // Rendered and seen: not inside a closed <details>, not hidden, not transparent.
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    };
    // Clipped to nothing: read out, not seen (the skip link and visually hidden labels).
    const clipped = (el: Element) => Boolean(el.closest('.visually-hidden, .skip-link')) || getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)';
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 24)}"`;

    const outside: string[] = [];
    const main = document.querySelector(scope) ?? document.body;
    // The page's h1, or the sheet's own title.
    const heading = scope === 'main' ? document.querySelector('h1') : main.querySelector('h1, h2');
    const paragraph = [...main.querySelectorAll('p')].find((p) => visible(p) && p.textContent!.trim().length > 0 && !clipped(p));
    for (const [label, el] of [['heading', heading], ['first paragraph', paragraph]] as const) {
      if (!el) {
        if (label === 'heading') outside.push('no heading');
        continue;
      }
      if (clipped(el)) continue;
      // Its first line a third of the way down the screen (or as near as the page scrolls).
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -viewportHeight / 3);
      const box = el.getBoundingClientRect();
      if (box.left < 0 || box.right > viewportWidth + 0.5) outside.push(`${label} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${viewportWidth}px`);
      // Nothing fixed lies over it: its visible middle belongs to it.
      const y = Math.min(Math.max(box.top + Math.min(box.height, 24) / 2, 0), viewportHeight - 1);
      const x = Math.min(Math.max(box.left + 8, 0), viewportWidth - 1);
      const top = document.elementFromPoint(x, y);
      if (top && !el.contains(top) && !top.contains(el)) outside.push(`${label} covered by ${name(top)}`);
    }
    window.scrollTo(0, 0);

    const smallTargets: string[] = [];
    for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
      if (!visible(el) || clipped(el)) continue;
      // Links set inside running text are exempt, as in WCAG 2.5.8.
      if (el.matches('a') && getComputedStyle(el).display === 'inline') continue;
      // A checkbox or radio is hit through its label; a stretched link through its ::after,
      // laid over the card that holds it.
      const label = el.matches('input[type=checkbox], input[type=radio]') ? (el as HTMLInputElement).labels?.[0] : null;
      const stretched = getComputedStyle(el, '::after').position === 'absolute' ? (el as HTMLElement).offsetParent : null;
      const target = label ?? stretched ?? el;
      const height = target.getBoundingClientRect().height;
      if (height < 43.5) smallTargets.push(`${name(el)} ${Math.round(height)}px`);
    }

    const smallText: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent!.trim() || parent.closest('script, style, noscript, svg') || !visible(parent) || clipped(parent)) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      if (size < 12) smallText.push(`${name(parent)} ${size}px`);
    }
    return { viewportWidth, scrollWidth: document.documentElement.scrollWidth, outside, smallTargets: [...new Set(smallTargets)], smallText: [...new Set(smallText)] };
  }, scope);
}

async function expectPhoneReady(page: Page, scope = 'main') {
  const report = await measure(page, scope);
  expect(report.scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(report.viewportWidth);
  expect(report.outside, 'main heading and first paragraph inside the viewport, uncovered').toEqual([]);
  expect(report.smallTargets, 'targets at least 44 px tall').toEqual([]);
  expect(report.smallText, 'no text under 12 px').toEqual([]);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`), 'axe').toEqual([]);
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
    const html = (await response.text())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
      .replace(/<\/?noscript>/gi, '');
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
  for (const path of PUBLIC_PAGES) {
    test(`${path} reads on a phone`, async ({ page }) => {
      await visit(page, path);
      await expectPhoneReady(page);
    });
  }

  for (const mode of LOGIN_MODES) {
    test(`the sign-in sheet in mode ${mode} fills the phone's screen`, async ({ page }) => {
      await visit(page, `/journal?login=${mode}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.x, 'the sheet starts at the left edge').toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, 'and ends inside the right edge').toBeLessThanOrEqual(viewport.width);
      expect(box.width, 'it takes the whole width').toBeGreaterThanOrEqual(viewport.width - 1);
      await expectPhoneReady(page, 'dialog[open], [role=dialog]');
    });
  }

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

  for (const path of SIGNED_IN_PAGES) {
    test(`${path} (signed in) works on a phone`, async ({ page, context }) => {
      await signIn(context);
      const response = await visit(page, path);
      expect(response?.status(), `${path} answers`).toBeLessThan(400);
      await expectPhoneReady(page);
    });
  }

  test('the manuscript picker is one designed zone that names the chosen file', async ({ page, context }) => {
    await signIn(context);
    await visit(page, '/upload?redirectGch=SJFX');
    const picker = page.getByLabel('稿件文件');
    await expect(page.getByText('点击选择文件，或将文件拖到此处')).toBeVisible();
    const zone = (await picker.boundingBox())!;
    expect(zone.height, 'the whole zone takes the tap').toBeGreaterThanOrEqual(88);
    await picker.setInputFiles({ name: '数据出境论文.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: Buffer.alloc(2048, 1) });
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

  test('the phone menu lists 文献成果, 新闻资讯 and 检索', async ({ page }) => {
    await visit(page, '/editorialBoard');
    await page.locator('summary').filter({ hasText: '菜单' }).click();
    const sections = page.getByRole('navigation', { name: '主导航' });
    for (const name of ['文献成果', '新闻资讯', '检索']) await expect(sections.getByRole('link', { name, exact: true })).toBeVisible();
  });

  test("a reference's DOI stays in the reference's lines", async ({ page }) => {
    await visit(page, '/journal/detail?id=1');
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
        return [...lines.values()].map((l) => l.trim()).filter((l) => /^DOI[:：]?$/.test(l)).map((l) => `${li.id}: "${l}"`);
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
          for (const r of rects) if (r.left < cover.left - 0.5 || r.right > cover.right + 0.5 || r.bottom > cover.bottom + 0.5) found.push(`"${word}" outside its cover`);
        }
        return found;
      }),
    );
    expect(problems).toEqual([]);
  });
});
