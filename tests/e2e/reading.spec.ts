import type { Page } from '@playwright/test';
import { E2E } from './env';
import { expect, test } from './fixtures';

/**
 * Public reading pages: expert authors, editorial board, news and industry hotspots,
 * checked against what the sandbox itself answers. Every test runs with and without
 * JavaScript unless tagged @js-only.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- sandbox answers are read loosely and asserted against the page */
async function sandbox<T = any>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${E2E.sandboxUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; entity: T; message: string };
  if (!envelope.success) throw new Error(`sandbox ${path} refused: ${envelope.message}`);
  return envelope.entity;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

interface Paged<T> {
  records: T[];
  total: number;
}
interface Expert {
  id: number;
  name: string;
  title: string;
  institution: string;
  researchFields: string[];
  paperCount: number;
}
interface Member {
  id: number;
  name: string;
  role: string;
  roleLevel: number;
  institution: string;
  bio: string;
}
interface News {
  id: number;
  title: string;
  source: string;
  publishDate: string;
}

async function expectPageMeta(page: Page, title: RegExp, canonicalPath: string) {
  await expect(page).toHaveTitle(title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${E2E.baseUrl}${canonicalPath}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{10,}/);
}

function breadcrumbs(page: Page) {
  return page.getByRole('navigation', { name: '当前位置' });
}

async function expectNotFound(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole('heading', { name: '资源未找到' })).toBeVisible();
  await expect(page.getByText('抱歉，您访问的页面不存在！')).toBeVisible();
  // The 404 page sits inside the default layout.
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
}

function chineseDate(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

test.beforeEach(async ({ context }) => {
  // The notice dismissed, as a returning visitor has: these tests read the pages without it.
  await context.addCookies([{ name: 'customer', value: '1', url: E2E.baseUrl }]);
});

test.describe('expert authors', () => {
  test('the list shows the sandbox experts as cards and pages with plain links', async ({ page }) => {
    const first = await sandbox<Paged<Expert>>('/api/authorSearchApi/authorInfo', { current: 1, size: 12 });
    const second = await sandbox<Paged<Expert>>('/api/authorSearchApi/authorInfo', { current: 2, size: 12 });

    const response = await page.goto('/expertAuthor');
    expect(response?.status()).toBe(200);
    await expectPageMeta(page, /^专家作者 - 数据法学期刊平台$/, '/expertAuthor');
    await expect(breadcrumbs(page)).toContainText('首页');
    await expect(breadcrumbs(page)).toContainText('专家作者');
    await expect(page.getByRole('heading', { level: 1, name: '专家作者' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `共 ${first.total} 位专家` })).toBeVisible();

    const cards = page.locator('main article');
    await expect(cards).toHaveCount(12);
    const expert = first.records[0];
    const card = cards.first();
    await expect(card.getByRole('link', { name: expert.name })).toHaveAttribute('href', `/expertAuthor/${expert.id}`);
    await expect(card).toContainText(expert.title);
    await expect(card).toContainText(expert.institution);
    for (const field of expert.researchFields) await expect(card).toContainText(field);
    await expect(card).toContainText(`发文 ${expert.paperCount} 篇`);
    // No picture in the sandbox: the initial stands in for it.
    await expect(card.locator('[data-placeholder]')).toHaveText(expert.name.slice(0, 1));

    await page.getByRole('navigation', { name: '专家分页' }).getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/expertAuthor?page=2`);
    await expect(cards.first().getByRole('link', { name: second.records[0].name })).toBeVisible();
    await expect(page).toHaveTitle(/专家作者（第2页）/);
  });

  test('searching by institution narrows the list, with the query in the URL (GET form)', async ({ page }) => {
    const keyword = '清华大学';
    const found = await sandbox<Paged<Expert>>('/api/authorSearchApi/authorInfo', { keyword, current: 1, size: 12 });
    expect(found.total).toBeGreaterThan(0);

    await page.goto('/expertAuthor');
    const search = page.getByRole('search', { name: '按姓名、单位或研究领域搜索专家' });
    await search.getByRole('searchbox').fill(keyword);
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/expertAuthor?q=${encodeURIComponent(keyword)}`);
    await expect(page.getByRole('heading', { name: `“${keyword}”相关专家 ${found.total} 位` })).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(found.records.length);
    for (const expert of found.records) await expect(cards.filter({ hasText: expert.name })).toContainText(keyword);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('a search with no match says so and leads back to all experts', async ({ page }) => {
    await page.goto(`/expertAuthor?q=${encodeURIComponent('查无此人')}`);
    await expect(page.getByText('未找到与“查无此人”相关的专家作者')).toBeVisible();
    await expect(page.locator('main article')).toHaveCount(0);
    await page.getByRole('link', { name: '查看全部' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/expertAuthor`);
    await expect(page.locator('main article')).toHaveCount(12);
  });

  test('an expert page shows the profile, the papers and four charts whose figures are readable without JavaScript', async ({ page }) => {
    const id = (await sandbox<Paged<Expert>>('/api/authorSearchApi/authorInfo', { current: 1, size: 1 })).records[0].id;
    const [expert, trend, fields, subjects, funds] = await Promise.all([
      sandbox<Expert & { biography: string; papers: { id: number; title: string }[]; paperTotal: number }>('/api/authorSearchApi/authorInfo', { id }),
      sandbox<{ year: number; count: number }[]>('/api/authorSearchApi/paperTrend', { id }),
      sandbox<{ name: string; value: number }[]>('/api/authorSearchApi/researchField', { id }),
      sandbox<{ years: number[]; series: { name: string; data: number[] }[] }>('/api/authorSearchApi/eduClassTrend', { id }),
      sandbox<{ year: number; total: number; funded: number; national: number }[]>('/api/authorSearchApi/fundTrend', { id }),
    ]);

    const response = await page.goto(`/expertAuthor/${id}`);
    expect(response?.status()).toBe(200);
    await expectPageMeta(page, new RegExp(`^${expert.name} · 专家作者 - 数据法学期刊平台$`), `/expertAuthor/${id}`);
    await expect(breadcrumbs(page).getByRole('link', { name: '专家作者' })).toHaveAttribute('href', '/expertAuthor');
    const profile = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(expert.name);
    await expect(profile).toContainText(expert.title);
    await expect(profile).toContainText(expert.institution);
    for (const field of expert.researchFields) await expect(profile).toContainText(field);
    await expect(profile).toContainText(expert.biography);

    const papers = page.locator('section').filter({ has: page.getByRole('heading', { name: /发表文献/ }) });
    await expect(papers.getByRole('heading', { name: /发表文献/ })).toContainText(`共 ${expert.paperTotal} 篇`);
    for (const paper of expert.papers)
      await expect(papers.getByRole('link', { name: paper.title, exact: true })).toHaveAttribute('href', `/journal/detail?id=${paper.id}`);

    /** Opens a chart's data table (a plain <details>: works without JavaScript) and returns it. */
    const table = async (title: string) => {
      const figure = page.getByRole('figure', { name: title });
      await expect(figure.getByRole('img', { name: title })).toBeVisible();
      await figure.getByText('查看数据表').click();
      const t = figure.getByRole('table');
      await expect(t).toBeVisible();
      return t;
    };
    const row = (t: Awaited<ReturnType<typeof table>>, label: string | number) =>
      t.getByRole('row').filter({ has: page.getByRole('rowheader', { name: String(label), exact: true }) });

    const trendTable = await table('发文趋势');
    for (const { year, count } of trend) await expect(row(trendTable, year).getByRole('cell')).toHaveText([String(count)]);

    const fieldTable = await table('研究主题分布');
    await expect(fieldTable.locator('tbody tr')).toHaveCount(fields.length);
    for (const { name, value } of fields) await expect(row(fieldTable, name).getByRole('cell')).toHaveText([String(value)]);

    const subjectTable = await table('学科分布趋势');
    for (const s of subjects.series) await expect(subjectTable.getByRole('columnheader', { name: s.name })).toBeVisible();
    for (const [index, year] of subjects.years.entries()) {
      await expect(row(subjectTable, year).getByRole('cell')).toHaveText(subjects.series.map((s) => String(s.data[index])));
    }

    const fundTable = await table('基金资助趋势');
    for (const { year, total, funded, national } of funds)
      await expect(row(fundTable, year).getByRole('cell')).toHaveText([total, funded, national].map(String));
  });

  test('an unknown expert answers 404 with the 404 page', async ({ page }) => {
    await expectNotFound(page, '/expertAuthor/99999');
    await expectNotFound(page, '/expertAuthor/abc');
  });
});

test.describe('editorial board', () => {
  test('the board is grouped by role, in board order, with every member', async ({ page }) => {
    const board = await sandbox<Paged<Member>>('/api/cooperativeProjectApi/listQueries', { current: 1, size: 100 });
    const roles = [...new Map(board.records.map((m) => [m.roleLevel, m.role])).entries()].sort((a, b) => a[0] - b[0]).map(([, role]) => role);
    expect(roles).toEqual(['主编', '副主编', '编委']);

    const response = await page.goto('/editorialBoard');
    expect(response?.status()).toBe(200);
    await expectPageMeta(page, /^编委会 - 数据法学期刊平台$/, '/editorialBoard');
    await expect(breadcrumbs(page)).toContainText('编委会');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`共 ${board.total} 位`);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(roles.map((role) => new RegExp(`^${role}`)));

    for (const role of roles) {
      const members = board.records.filter((m) => m.role === role);
      const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${role}`) }) });
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(members.map((m) => new RegExp(`^${m.name}`)));
      for (const member of members)
        await expect(section.getByRole('link', { name: member.name, exact: true })).toHaveAttribute('href', `/editorialBoard/${member.id}`);
    }
  });

  test('a member page shows the member, and an unknown id answers 404', async ({ page }) => {
    const member = (await sandbox<Paged<Member>>('/api/cooperativeProjectApi/listQueries', { current: 1, size: 2 })).records[1];
    await page.goto('/editorialBoard');
    await page.getByRole('link', { name: member.name, exact: true }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/editorialBoard/${member.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
    const article = page.getByRole('article');
    await expect(article).toContainText(member.role);
    await expect(article).toContainText(member.institution);
    await expect(article).toContainText(member.bio);
    await expectPageMeta(page, new RegExp(`^${member.name} · 编委会 - `), `/editorialBoard/${member.id}`);
    await expect(breadcrumbs(page).getByRole('link', { name: '编委会' })).toHaveAttribute('href', '/editorialBoard');

    await expectNotFound(page, '/editorialBoard/99999');
  });
});

test.describe('news', () => {
  const titles = (page: Page) => page.locator('main li h2');

  test('the cooperating-unit news come first, and the tab switches to industry news', async ({ page }) => {
    const cooperation = await sandbox<Paged<News>>('/api/cooperativeProjectApi/newsListQueries', { type: 1, current: 1, size: 10 });
    const industry = await sandbox<Paged<News>>('/api/cooperativeProjectApi/newsListQueries', { type: 2, current: 1, size: 10 });

    const response = await page.goto('/news');
    expect(response?.status()).toBe(200);
    await expectPageMeta(page, /^合作单位动态 · 新闻资讯 - /, '/news');
    await expect(breadcrumbs(page)).toContainText('合作单位动态');
    const tabs = page.getByRole('navigation', { name: '资讯类别' });
    await expect(tabs.getByRole('link', { name: '合作单位动态' })).toHaveAttribute('aria-current', 'page');
    await expect(titles(page)).toHaveText(cooperation.records.map((n) => n.title));
    const first = page.locator('main li').filter({ hasText: cooperation.records[0].title });
    await expect(first).toContainText(`来源：${cooperation.records[0].source}`);
    await expect(first.locator('time')).toHaveAttribute('datetime', cooperation.records[0].publishDate);

    await tabs.getByRole('link', { name: '行业资讯' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/news?type=2`);
    await expect(tabs.getByRole('link', { name: '行业资讯' })).toHaveAttribute('aria-current', 'page');
    await expect(titles(page)).toHaveText(industry.records.map((n) => n.title));
    await expectPageMeta(page, /^行业资讯 · 新闻资讯 - /, '/news?type=2');
  });

  test('"load more" appends the next pages in place until 没有更多了 @js-only', async ({ page }) => {
    const all = await sandbox<Paged<News>>('/api/cooperativeProjectApi/newsListQueries', { type: 2, current: 1, size: 100 });
    expect(all.total).toBeGreaterThan(20);
    expect(all.total).toBeLessThanOrEqual(30);

    await page.goto('/news?type=2');
    await expect(titles(page)).toHaveCount(10);
    await expect(page.getByText('没有更多了')).toHaveCount(0);
    await page.getByRole('link', { name: '加载更多' }).click();
    await expect(titles(page)).toHaveCount(20);
    await expect(page).toHaveURL(`${E2E.baseUrl}/news?type=2`);
    await page.getByRole('link', { name: '加载更多' }).click();
    await expect(titles(page)).toHaveCount(all.total);
    await expect(titles(page)).toHaveText(all.records.map((n) => n.title));
    await expect(page.getByText('没有更多了')).toBeVisible();
    await expect(page.getByRole('link', { name: '加载更多' })).toHaveCount(0);
  });

  test('"load more" is a plain link to the next page, and the last page ends with 没有更多了', async ({ page, javaScriptEnabled }) => {
    const second = await sandbox<Paged<News>>('/api/cooperativeProjectApi/newsListQueries', { type: 2, current: 2, size: 10 });
    const third = await sandbox<Paged<News>>('/api/cooperativeProjectApi/newsListQueries', { type: 2, current: 3, size: 10 });

    await page.goto('/news?type=2');
    const more = page.getByRole('link', { name: '加载更多' });
    await expect(more).toHaveAttribute('href', '/news?type=2&page=2');
    if (!javaScriptEnabled) {
      await more.click();
      await expect(page).toHaveURL(`${E2E.baseUrl}/news?type=2&page=2`);
      await expect(titles(page)).toHaveText(second.records.map((n) => n.title));
      await expect(page.getByRole('link', { name: '加载更多' })).toHaveAttribute('href', '/news?type=2&page=3');
    }

    await page.goto('/news?type=2&page=3');
    await expect(titles(page)).toHaveText(third.records.map((n) => n.title));
    await expect(page.getByText('没有更多了')).toBeVisible();
    await expect(page.getByRole('link', { name: '加载更多' })).toHaveCount(0);
    await expectPageMeta(page, /行业资讯（第3页）/, '/news?type=2&page=3');
    await page.getByRole('link', { name: '返回第一页' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/news?type=2`);
  });

  test('a title search without a match shows 暂无数据 (GET form)', async ({ page }) => {
    await page.goto('/news?type=2');
    const search = page.getByRole('search', { name: '按标题搜索资讯' });
    await search.getByRole('searchbox').fill('没有这样的标题');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/news?type=2&q=${encodeURIComponent('没有这样的标题').replace(/%20/g, '+')}`);
    await expect(page.getByText('暂无数据')).toBeVisible();
    await expect(titles(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: '加载更多' })).toHaveCount(0);
  });

  test('a news item shows its source, date, sanitised body and neighbours, and an unknown one answers 404', async ({ page }) => {
    const list = await sandbox<Paged<News>>('/api/cooperativeProjectApi/newsListQueries', { type: 1, current: 1, size: 2 });
    const [item, older] = list.records;

    await page.goto('/news');
    await page.getByRole('link', { name: item.title }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/news/${item.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
    const article = page.getByRole('article');
    await expect(article).toContainText(item.source);
    await expect(article).toContainText(chineseDate(item.publishDate));
    await expect(article.getByRole('heading', { name: '会议综述' })).toBeVisible();
    await expect(article.locator('script')).toHaveCount(0);
    await expectPageMeta(page, new RegExp(`^${item.title} - `), `/news/${item.id}`);
    await expect(breadcrumbs(page).getByRole('link', { name: '合作单位动态' })).toHaveAttribute('href', '/news');

    const neighbours = page.getByRole('navigation', { name: '上一篇与下一篇' });
    await expect(neighbours).toContainText('上一篇：没有了');
    await neighbours.getByRole('link', { name: older.title }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/news/${older.id}`);
    await expect(page.getByRole('navigation', { name: '上一篇与下一篇' }).getByRole('link', { name: item.title })).toHaveAttribute('href', `/news/${item.id}`);

    await expectNotFound(page, '/news/99999');
    await expectNotFound(page, '/news/abc');
  });
});

test.describe('industry hotspots', () => {
  interface Hotspot {
    id: number;
    title: string;
    summary: string;
    tag: string | null;
    rank: number;
  }

  /** The floating customer-service panel. */
  const floating = (page: Page) => page.getByRole('complementary', { name: '咨询客服' });

  /** Opens a share control and checks its targets point at `url`. */
  async function expectShare(page: Page, scope: ReturnType<Page['locator']>, url: string) {
    await scope.locator('summary[aria-label="分享"]').click();
    const panel = scope.getByRole('group', { name: '分享到' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('微信', { exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'QQ' })).toHaveAttribute(
      'href',
      new RegExp(`connect\\.qq\\.com.*url=${encodeURIComponent(url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    await expect(panel.getByRole('link', { name: '微博' })).toHaveAttribute('href', /service\.weibo\.com/);
    await expect(panel.getByRole('textbox', { name: '页面链接' })).toHaveValue(url);
    await scope.locator('summary[aria-label="分享"]').click();
  }

  test('/theme/detail shows the hotspot with its content and share controls on the page and the floating panel', async ({ page }) => {
    const hotspot = await sandbox<Hotspot & { content: string }>('/api/homeApi/seeDetails', { id: 1 });
    const url = `${E2E.baseUrl}/theme/detail?id=1`;

    const response = await page.goto('/theme/detail?id=1');
    expect(response?.status()).toBe(200);
    await expectPageMeta(page, new RegExp(`^${hotspot.title} · 行业热点 - `), '/theme/detail?id=1');
    await expect(breadcrumbs(page)).toContainText('行业热点');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(hotspot.title);
    const article = page.getByRole('article').first();
    await expect(article).toContainText(hotspot.summary);
    await expect(article.getByRole('listitem')).toHaveText(['规范依据与适用难点', '典型案例与监管实践', '域外经验比较']);
    // The papers the content promises, from the backend.
    const papers = page.getByRole('region', { name: /相关论文|本平台近期论文/ });
    await expect(papers.getByRole('link').first()).toBeVisible();
    const first = (hotspot as unknown as { papers: { title: string }[] }).papers[0]!;
    await expect(papers).toContainText(first.title);

    await expectShare(page, page.getByRole('main'), url);
    await expectShare(page, floating(page), url);
  });

  test('/theme/detail-new shows the same record with a summary header, related hotspots and share controls', async ({ page }) => {
    const hotspots = await sandbox<Hotspot[]>('/api/homeApi/getTradeHotspot', { size: 7 });
    const hotspot = hotspots[1];
    const url = `${E2E.baseUrl}/theme/detail-new?id=${hotspot.id}`;

    const response = await page.goto(`/theme/detail-new?id=${hotspot.id}`);
    expect(response?.status()).toBe(200);
    await expectPageMeta(page, new RegExp(`^${hotspot.title} · 行业热点 - `), `/theme/detail-new?id=${hotspot.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hotspot.title);
    await expect(page.getByText(`热度榜第 ${hotspot.rank} 位`)).toBeVisible();
    await expect(page.getByText(hotspot.summary).first()).toBeVisible();

    const related = page.getByRole('complementary', { name: '相关热点' });
    const others = hotspots.filter((h) => h.id !== hotspot.id);
    await expect(related.getByRole('link')).toHaveText(others.map((h) => h.title));
    await expectShare(page, page.getByRole('main'), url);
    await expectShare(page, floating(page), url);

    await related.getByRole('link', { name: others[0].title }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/theme/detail-new?id=${others[0].id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(others[0].title);
  });

  test('other pages have no share control on the floating panel', async ({ page }) => {
    await page.goto('/news');
    await expect(floating(page)).toBeVisible();
    await expect(floating(page).locator('summary[aria-label="分享"]')).toHaveCount(0);
  });

  test('unknown or missing hotspot ids answer 404 with the 404 page', async ({ page }) => {
    await expectNotFound(page, '/theme/detail?id=99999');
    await expectNotFound(page, '/theme/detail-new?id=99999');
    await expectNotFound(page, '/theme/detail');
    await expectNotFound(page, '/theme/detail-new?id=abc');
  });
});
