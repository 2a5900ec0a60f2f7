import type { Page } from '@playwright/test';
import { E2E } from './env';
import { signIn } from './fixtures';
import { expect, panel, signInWithForm, test } from './auth-support';
import { freshAuthor } from './authors';
import { PDF } from './files';
import { sandboxPost } from './sandbox';

/**
 * Personal centre: layout, home with the check-in, messages and the header's
 * unread badge, favourites and likes. Flows that change data use a fresh author, so the
 * seeded demo_author stays as other tests expect it.
 */

const url = (path: string) => `${E2E.baseUrl}${path}`;

/** Two manuscripts of the author moved to 待返修: the sandbox leaves them unread messages. */
async function messagesFor(token: string) {
  await manuscriptInRevision(token);
  await manuscriptInRevision(token);
  const unread = (await (
    await fetch(`${E2E.sandboxUrl}/manage/employee/employeeNewsletter/unreadNumber`, { method: 'POST', headers: { Authorization: token } })
  ).json()) as {
    entity: number;
  };
  return unread.entity;
}

async function manuscriptInRevision(token: string) {
  const form = new FormData();
  form.set('journalId', '1');
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'draft.pdf');
  const upload = (await (
    await fetch(`${E2E.sandboxUrl}/manage/author/paper/authorManuscriptUpload`, { method: 'POST', headers: { Authorization: token }, body: form })
  ).json()) as {
    entity: { paperId: number };
  };
  const moved = await sandboxPost(`/__sandbox/manuscripts/${upload.entity.paperId}/advance`, { stage: 'revision' });
  expect(moved.success).toBe(true);
}

const badge = (page: Page, n?: number) => page.getByRole('banner').getByLabel(n === undefined ? /条未读消息/ : `${n} 条未读消息`);

test.describe('personal centre', () => {
  test('a visitor of any personal page is sent to the login popup with the page in redirect', async ({ page }) => {
    for (const path of ['/personal', '/personal/index', '/personal/message', '/personal/histroy?tab=reads']) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers()['location'], path).toBe(`/?login=userLogin&redirect=${encodeURIComponent(path)}`);
    }
  });

  test('@js-only a visitor signs in through the popup and lands back on the personal page', async ({ page }) => {
    for (const path of ['/personal/message', '/personal/histroy?tab=reads']) {
      await page.context().clearCookies();
      await page.goto(path);
      await expect(page).toHaveURL(url(`/?login=userLogin&redirect=${encodeURIComponent(path)}`));
      await signInWithForm(panel(page), 'demo_author', 'Demo@2026');
      await expect(page).toHaveURL(url(path));
    }
  });

  test('the home shows the card, manuscripts by stage and to-dos, without a footer and privately', async ({ page, context }) => {
    await signIn(context);
    const response = await page.goto('/personal');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: '欢迎您，demo_author' })).toBeVisible();
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page).toHaveTitle(/我的主页/);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const counts = page.getByRole('region', { name: '我的稿件' });
    // The seed has one manuscript under review; submissions made by other tests of this run may add more.
    const reviewing = Number(/\d+/.exec((await counts.getByRole('link', { name: /审稿中/ }).textContent()) ?? '')?.[0]);
    expect(reviewing).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('region', { name: /待办事项/ })).toContainText('待返修');
    await expect(page.getByRole('region', { name: '抽奖活动' })).toContainText('进行中');
    // A stage's count opens the manuscript list filtered to that stage.
    await counts.getByRole('link', { name: /已完结/ }).click();
    await expect(page).toHaveURL(url('/personal/manuscripts?status=finished'));
    const list = page.getByRole('list', { name: '我的稿件' });
    await expect(list).toContainText('数据跨境流动安全评估制度的完善');
    await expect(list).not.toContainText('数据产权结构性分置的法理基础');
  });

  test('the daily check-in works once a day', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'pc');
    await page.goto('/personal/index');
    const section = page.getByRole('region', { name: '每日签到' });
    await section.getByRole('button', { name: '签到', exact: true }).click();
    await expect(page.getByText('签到成功，获得1次抽奖机会')).toBeVisible();
    await expect(section.getByRole('button', { name: '今日已签到' })).toBeDisabled();
    await expect(section).toContainText('已连续签到 1 天');
    // The check-in earned one lottery chance.
    await expect(page.getByRole('region', { name: '抽奖活动' })).toContainText('剩余抽奖次数：1');
    try {
      await sandboxPost('/__sandbox/clock', { offsetDays: 1 });
      await page.goto('/personal/index');
      await section.getByRole('button', { name: '签到', exact: true }).click();
      await expect(section).toContainText('已连续签到 2 天');
    } finally {
      await sandboxPost('/__sandbox/clock', { offsetDays: 0 });
    }
  });

  test('reading a message makes the header badge drop', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'pc');
    const unread = await messagesFor(token);
    expect(unread).toBeGreaterThan(1);
    await page.goto('/personal/message');
    await expect(badge(page, unread)).toBeVisible();
    const list = page.getByRole('list', { name: '消息通知' });
    await expect(list.locator('li')).toHaveCount(unread);
    await list
      .getByRole('button', { name: /^标为已读/ })
      .first()
      .click();
    await expect(page.getByText('已标记为已读')).toBeVisible();
    await expect(list.getByRole('button', { name: /^标为已读/ })).toHaveCount(unread - 1);
    await expect(badge(page, unread - 1)).toBeVisible();

    await page.getByRole('link', { name: '未读', exact: true }).click();
    await expect(list.locator('li')).toHaveCount(unread - 1);
    await page.getByRole('button', { name: '全部标为已读' }).click();
    await expect(page.getByText('已全部标记为已读')).toBeVisible();
    await expect(page.getByText('暂无数据')).toBeVisible();
    await expect(badge(page)).toHaveCount(0);
  });

  test('@js-only a toast is drawn as a card in a live region, and its close button removes it', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'pc');
    await page.goto('/personal/message');
    await page.getByRole('button', { name: '全部标为已读' }).click();
    const toast = page.getByRole('status').filter({ hasText: '已全部标记为已读' });
    await expect(toast).toBeVisible();
    const style = await toast.evaluate((element) => {
      const computed = getComputedStyle(element);
      const container = element.closest('[aria-live]');
      return { background: computed.backgroundColor, shadow: computed.boxShadow, position: container ? getComputedStyle(container).position : '' };
    });
    expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(style.shadow).not.toBe('none');
    expect(style.position).toBe('fixed');
    await toast.getByRole('button', { name: '关闭' }).click();
    await expect(toast).toHaveCount(0);
  });

  test('demo_author sees the seeded messages and downloads the retraction response', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/personal/message');
    const link = page.getByRole('link', { name: '下载撤稿回执' }).first();
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('pdf');
    expect(response.headers()['cache-control']).toBe('private, no-store');
  });

  test('favouriting an article puts it in histroy; the like toggles too', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'pc');
    await page.goto('/journal/detail?id=7');
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await expect(page.getByText('收藏成功')).toBeVisible();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: /^点赞/ }).click();
    await expect(page.getByText('点赞成功')).toBeVisible();
    await expect(page.getByRole('button', { name: /^已点赞/ })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: /^已点赞/ }).click();
    await expect(page.getByRole('button', { name: /^点赞/ })).toHaveAttribute('aria-pressed', 'false');

    await page.goto('/personal/histroy');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.getByRole('link', { name: '阅读记录' }).click();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.getByRole('link', { name: '我的收藏' }).click();
    await page.getByRole('button', { name: `取消收藏：${title}` }).click();
    await expect(page.getByText('已取消收藏')).toBeVisible();
    await expect(page.getByText('暂无数据')).toBeVisible();
  });

  test('the history lists page with the list loader', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/personal/histroy?tab=reads');
    await expect(page.getByRole('list', { name: '阅读记录' }).locator('li')).toHaveCount(5);
    await expect(page.getByText('没有更多了')).toBeVisible();
  });
});
