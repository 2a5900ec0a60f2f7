import type { Page } from '@playwright/test';
import { E2E } from './env';
import { expect, sandboxLogin, signIn, test } from './fixtures';

test.describe('page shell', () => {
  test('home is served in Chinese with the header and the footer links from the sandbox', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page).toHaveTitle(/数据法学期刊平台/);

    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const item of ['首页', '期刊', '编委会', '关于我们']) await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    // Sub-menu entries exist in the HTML (they open on hover or keyboard focus).
    await expect(nav.locator('a', { hasText: '文献成果' })).toHaveAttribute('href', '/journal');
    await expect(nav.locator('a', { hasText: '专家作者' })).toHaveAttribute('href', '/expertAuthor');
    await expect(page.getByRole('link', { name: '登录/注册' })).toHaveAttribute('href', '/?login=userLogin');

    const footer = page.locator('footer');
    await expect(footer.getByRole('heading', { name: '消息通知' })).toBeVisible();
    await expect(footer.getByRole('link', { name: '合作单位动态' })).toBeVisible();
    for (const group of ['中央国家机关', '政法媒体', '法学院校']) await expect(footer.getByText(group, { exact: true })).toBeVisible();
    // Dropdown entries are in the HTML even while the dropdown is closed.
    const court = footer.locator('a', { hasText: '最高人民法院' });
    await expect(court).toHaveAttribute('target', '_blank');
    await expect(court).toHaveAttribute('href', /^https?:\/\//);
    await expect(footer).toContainText('版权所有');
    await expect(footer).toContainText('ICP备');
    await expect(footer.getByRole('link', { name: '无障碍声明' })).toHaveAttribute('href', '/accessibility');
  });

  test('@js-only links written on the server navigate in the page: no document is loaded again', async ({ page }) => {
    await page.goto('/');
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const article = page.locator('main a[href^="/journal/detail?id="]').first();
    const href = await article.getAttribute('href');
    await article.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '编委会', exact: true }).click();
    await expect(page).toHaveURL(/\/editorialBoard$/);
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(documents).toEqual([]);
  });

  test('the BFF proxy serves the calls the browser makes and nothing else @js-only', async ({ request }) => {
    // The article PDF, the way the article page links it.
    const article = await (await request.get('/journal/detail?id=1')).text();
    const pdf = /href="(\/api\/file\/file\/download\?[^"]+)"/.exec(article)?.[1]?.replaceAll('&amp;', '&');
    expect(pdf).toBeDefined();
    const response = await request.get(pdf!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    // A call the portal makes itself is not the browser's to make, however it is spelled.
    for (const path of ['/api/homeApi/getBottomBar', '/api/loginApi/menus/', '/API/loginApi/login', '/api/loginApi/login;x=1']) {
      expect([400, 404], path).toContain((await request.post(path, { data: {} })).status());
    }
    // (An encoded slash survives the client's URL normalisation, unlike an encoded "..".)
    expect((await request.get('/api/homeApi%2f..%2f..%2fmanage/author/paper/list')).status()).toBe(400);
  });

  test('an unknown URL answers 404 with the 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '资源未找到' })).toBeVisible();
    await expect(page.getByText('抱歉，您访问的页面不存在！')).toBeVisible();
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  });

  test('opening a friendly link closes its dropdown again @js-only', async ({ page, context }) => {
    await page.goto('/');
    const group = page.locator('footer details').filter({ hasText: '中央国家机关' });
    await group.locator('summary').click();
    await expect(group).toHaveAttribute('open', '');
    const popupPromise = context.waitForEvent('page');
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, body: 'external' }));
    await group.getByRole('link', { name: '最高人民法院' }).click();
    const popup = await popupPromise;
    await popup.close();
    await expect(group).not.toHaveAttribute('open', '');
  });

  test('the home header is transparent until the page is scrolled past 100px, and the switch moves nothing @js-only', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const heading = page.getByRole('heading', { level: 1 });
    const headingTop = async () => (await heading.boundingBox())!.y + (await page.evaluate(() => window.scrollY));
    await expect(header).toHaveAttribute('data-transparent', 'true');
    const before = await headingTop();
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(header).not.toHaveAttribute('data-transparent', 'true');
    expect((await header.boundingBox())!.y, 'the solid header stays at the top').toBe(0);
    expect(await headingTop(), 'the page under it did not move').toBe(before);
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(header).toHaveAttribute('data-transparent', 'true');
  });

  test('without JavaScript the home header scrolls away with the banner, never white over the page @no-js-only', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-transparent', 'true');
    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect
      .poll(async () => (await header.boundingBox())!.y + (await header.boundingBox())!.height, 'the header is above the viewport')
      .toBeLessThanOrEqual(0);
  });
});

test.describe('session', () => {
  test('a signed-in author sees the personal menu, and the token is nowhere in the page', async ({ page, context }) => {
    const session = await signIn(context);
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html).toContain('demo_author');
    expect(html).not.toContain(session.token);
    await expect(page.getByRole('banner')).toContainText('demo_author');
    await expect(page.getByRole('banner').locator('a', { hasText: '个人中心' })).toHaveAttribute('href', '/personal');

    // Loader data as the client router fetches it (.data requests) does not carry it either.
    const data = await page.request.get('/_root.data');
    expect(await data.text()).not.toContain(session.token);
    // The cookie value itself does not reveal it.
    const cookie = (await context.cookies()).find((c) => c.name === 'journalData-token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).not.toContain(session.token);
    expect(Buffer.from(cookie!.value.slice(3), 'base64url').toString('latin1')).not.toContain(session.token);
  });

  test('logging out clears the session and opens the login popup on the home page', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /demo_author/ })
      .hover();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/?login=userLogin`);
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'journalData-token')).toBeUndefined();
  });

  test('a session the backend refuses (403) is cleared and the visitor lands on the home page', async ({ page, context }) => {
    const login = await sandboxLogin();
    await signIn(context, { token: `${login.token}-revoked` });
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(`${E2E.baseUrl}/`);
    await expect(page.getByRole('link', { name: '登录/注册' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'journalData-token')).toBeUndefined();
  });
});

test.describe('hydration', () => {
  // The browser's build hydrates with Preact, in slices (decision 0045): it must adopt the
  // server's nodes, not build a second page beside or inside them.
  for (const path of ['/', '/journal/detail?id=1', '/journal', '/news']) {
    test(`@js-only ${path} keeps the server's nodes and hydrates them all`, async ({ page }) => {
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const marked = window as unknown as { serverMain?: Element | null; serverElements?: number };
          marked.serverMain = document.querySelector('main');
          marked.serverElements = document.body.getElementsByTagName('*').length;
        });
      });
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const after = await page.evaluate(() => {
        const marked = window as unknown as { serverMain?: Element | null; serverElements?: number };
        return {
          sameMain: marked.serverMain !== null && marked.serverMain === document.querySelector('main'),
          documents: document.querySelectorAll('html, head, body, main').length,
          serverElements: marked.serverElements ?? 0,
          elements: document.body.getElementsByTagName('*').length,
        };
      });
      expect(after.sameMain).toBe(true);
      expect(after.documents).toBe(4);
      // Scripts the server wrote are kept or dropped; a few controls exist only with JavaScript.
      expect(Math.abs(after.elements - after.serverElements)).toBeLessThan(10);
    });
  }

  test('@js-only the scripts a page starts with ask to be compiled as they download; the sign-in panel, loaded later, does not', async ({ page }) => {
    // Chromium's explicit compile hint (decision 0048) is the first line of the file.
    const firstLines = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      firstLines.set(
        new URL(response.url()).pathname,
        response.text().then((text) => text.slice(0, text.indexOf('\n'))),
      );
    });
    const hint = '//# allFunctionsCalledOnLoad';
    await page.goto('/');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const atStart = new Map(await Promise.all([...firstLines].map(async ([path, line]) => [path, await line] as const)));
    // The route manifest is data, not code.
    const code = [...atStart].filter(([path]) => !/\/manifest-[\w-]+\.js$/.test(path));
    expect(code.length).toBeGreaterThan(4);
    expect(code.filter(([, line]) => line !== hint)).toEqual([]);

    await page.getByRole('link', { name: '登录/注册' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const later = [...firstLines.keys()].filter((path) => !atStart.has(path));
    expect(later.length).toBeGreaterThan(0);
    for (const path of later) expect(await firstLines.get(path)).not.toBe(hint);
  });
});

test.describe('when the page asks for its modules', () => {
  // The modules are asked for once the first paint is on the screen; on a slow link the page
  // asks for them as soon as the style sheet is in, while that paint is laid out (decisions
  // 0046 and 0051).
  async function loadRecordingPreloads(page: Page) {
    await page.addInitScript(() => {
      const preloads: string[] = [];
      (window as unknown as { preloads: string[] }).preloads = preloads;
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          for (const node of mutation.addedNodes) if (node instanceof HTMLLinkElement && node.rel === 'modulepreload') preloads.push(node.href);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/journal/detail?id=1');
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    return page.evaluate(() => {
      const modules = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'));
      return {
        preloads: (window as unknown as { preloads: string[] }).preloads,
        modules: modules.map((entry) => entry.name),
        firstModuleAskedAt: Math.min(...modules.map((entry) => entry.startTime)),
        firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      };
    });
  }

  test('@js-only on a fast link after the first paint, on a slow one with the sheet: every module once', async ({ page, browser }) => {
    // A repeat visit has the sheet in its cache: nothing is fetched before the page is painted.
    await loadRecordingPreloads(page);
    const fast = await loadRecordingPreloads(page);
    expect(fast.modules.length).toBeGreaterThan(3);
    expect(fast.firstModuleAskedAt).toBeGreaterThan(fast.firstContentfulPaint);
    // Only the entry, which runs after the route modules, is preloaded beside them.
    expect(fast.preloads.map((href) => new URL(href).pathname)).toEqual([expect.stringMatching(/^\/assets\/entry\.client-[\w-]+\.js$/)]);

    const slowContext = await browser.newContext({ baseURL: E2E.baseUrl });
    const slowPage = await slowContext.newPage();
    const cdp = await slowContext.newCDPSession(slowPage);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200 * 1024, uploadThroughput: 94 * 1024 });
    const slow = await loadRecordingPreloads(slowPage);
    // Every module the page loads was asked for early, once, and nothing else was.
    expect(slow.firstModuleAskedAt).toBeLessThan(slow.firstContentfulPaint);
    expect([...slow.preloads].sort()).toEqual([...fast.modules].sort());
    expect([...slow.modules].sort()).toEqual([...fast.modules].sort());
    await slowContext.close();
  });

  // Both pages below have no frames and no paint timing to wait for: only their own way in loads the modules.
  test('@js-only a page opened in a background tab, which paints nothing until shown, is hydrated', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
      window.requestAnimationFrame = () => 0;
      PerformanceObserver.prototype.observe = () => undefined;
    });
    await page.goto('/journal/detail?id=1');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  });

  test('@js-only a browser without paint timing loads the modules after the next frame', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(PerformanceObserver, 'supportedEntryTypes', { get: () => ['mark', 'measure'] });
      PerformanceObserver.prototype.observe = () => undefined;
    });
    await page.goto('/journal/detail?id=1');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  });
});
