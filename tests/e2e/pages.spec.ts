import { E2E } from './env';
import { expect, test } from './fixtures';

/** Static help and legal pages: path, title and some of their section headings. */
const DOCUMENTS = [
  {
    path: '/frequentlyAskedQuestion',
    title: '常见问题',
    headings: ['注册与登录', '在线投稿', '审稿与录用', '费用与发票', '撤稿与更正', '阅读与下载'],
    text: '版面费',
  },
  { path: '/userGuide', title: '使用指南', headings: ['读者：浏览与检索', '作者：注册与登录', '作者：在线投稿', '账号安全'], text: '个人中心' },
  { path: '/userAgreement', title: '用户注册协议', headings: ['一、协议范围', '四、投稿与知识产权', '九、法律适用与争议解决'], text: '生效日期' },
  {
    path: '/privacyAgreement',
    title: '用户隐私协议',
    headings: ['一、我们收集的个人信息', '六、存储地点和保存期限', '八、您的权利', '十、联系我们'],
    text: '个人信息保护法',
  },
];

const FURTHER = [
  { path: '/openAccess', title: '开放获取', text: 'CC BY-NC 4.0' },
  { path: '/distinguish', title: '真伪鉴别', text: '唯一的在线投稿渠道' },
  { path: '/health', title: '服务状态', text: '请求编号' },
  { path: '/system', title: '系统公告', text: '系统维护' },
];

test.describe('about page', () => {
  test('shows the four sections with the journals, their sponsors and submission entries', async ({ page }) => {
    const response = await page.goto('/aboutUs');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('关于我们 - 数据法学期刊平台');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${E2E.baseUrl}/aboutUs`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: '关于我们' })).toBeVisible();
    for (const [id, name] of [
      ['intro', '平台介绍'],
      ['cooperation', '合作及主办单位'],
      ['open', '开放获取'],
      ['contribute', '投稿指南'],
    ]) {
      await expect(main.locator(`section#${id}`).getByRole('heading', { level: 2, name })).toBeVisible();
    }

    // The table of contents links to the anchors.
    const toc = main.getByRole('navigation', { name: '本页目录' });
    await expect(toc.getByRole('link', { name: '投稿指南' })).toHaveAttribute('href', '#contribute');

    // Journals and sponsors from the sandbox.
    const cooperation = main.locator('#cooperation');
    await expect(cooperation).toContainText('数据法学研究院');
    await expect(cooperation.getByRole('link', { name: '《数据法学》' })).toHaveAttribute('href', /^\/journal\/\d+$/);
    for (const sponsor of ['中国人民大学', '华东政法大学', '西南政法大学']) await expect(cooperation.getByText(sponsor).first()).toBeVisible();

    await expect(main.locator('#open')).toContainText('CC BY-NC 4.0');

    // Submission guide: formats, review, contacts from the backend, 投稿 entries only for journals that accept.
    const contribute = main.locator('#contribute');
    await expect(contribute).toContainText('.docx');
    await expect(contribute).toContainText('双向匿名');
    await expect(contribute).toContainText('sjfx@sandbox-journal.cn');
    await expect(contribute.getByRole('link', { name: /在线投稿.*《数据法学》/ })).toHaveAttribute('href', '/upload?redirectGch=SJFX');
    await expect(contribute.getByRole('link', { name: /在线投稿.*《数字法治评论》/ })).toHaveAttribute('href', '/upload?redirectGch=SZFZ');
    await expect(contribute.getByRole('link', { name: /《网络信息法学研究》/ })).toHaveCount(0);
    await expect(contribute).toContainText('本刊暂不接受在线投稿');
  });

  test('the 投稿指南 entry of the header menu lands on the section, clear of the sticky header', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '关于我们', exact: true }).hover();
    await nav.getByRole('link', { name: '投稿指南' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/aboutUs#contribute`);
    const heading = page.locator('#contribute').getByRole('heading', { level: 2, name: '投稿指南' });
    await expect(heading).toBeInViewport();
    // The heading sits below the 66px header, not under it.
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(66);
    await expect.poll(async () => (await heading.boundingBox())?.y ?? 9999).toBeLessThan(300);
  });
});

test.describe('help and legal pages', () => {
  for (const doc of DOCUMENTS) {
    test(`${doc.path} shows ${doc.title} with its sections and table of contents`, async ({ page }) => {
      const response = await page.goto(doc.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${doc.title} - 数据法学期刊平台`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${E2E.baseUrl}${doc.path}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(doc.title));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: doc.title })).toBeVisible();
      const toc = main.getByRole('navigation', { name: '本页目录' });
      for (const heading of doc.headings) {
        await expect(main.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
        const id = await main.getByRole('heading', { level: 2, name: heading, exact: true }).locator('xpath=..').getAttribute('id');
        await expect(toc.getByRole('link', { name: heading })).toHaveAttribute('href', `#${id}`);
      }
      await expect(main).toContainText(doc.text);
      // The help and legal pages link to each other; the current one is marked.
      const help = main.getByRole('navigation', { name: '帮助与协议' });
      await expect(help.getByRole('link', { name: doc.title })).toHaveAttribute('aria-current', 'page');
    });
  }

  test('a table-of-contents entry scrolls its section into view below the header', async ({ page }) => {
    await page.goto('/privacyAgreement');
    await page.getByRole('navigation', { name: '本页目录' }).getByRole('link', { name: '八、您的权利' }).click();
    await expect(page).toHaveURL(/#rights$/);
    const heading = page.getByRole('heading', { level: 2, name: '八、您的权利' });
    await expect(heading).toBeInViewport();
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(66);
  });
});

test.describe('further pages', () => {
  for (const further of FURTHER) {
    test(`${further.path} shows ${further.title} and a short text`, async ({ page }) => {
      const response = await page.goto(further.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${further.title} - 数据法学期刊平台`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${E2E.baseUrl}${further.path}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: further.title })).toBeVisible();
      await expect(main).toContainText(further.text);
    });
  }
});

test.describe('sitemap, robots and feeds', () => {
  test('/sitemap.xml lists journals, issues, articles, news, experts, board members and static pages @js-only', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/xml');
    expect(response.headers()['cache-control']).toBe('public, max-age=3600');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const base = E2E.baseUrl.replace(/\./g, '\\.');
    expect(xml).toMatch(new RegExp(`<loc>${base}/journal/\\d+</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    expect(xml).toMatch(new RegExp(`<loc>${base}/journal/\\d+\\?issueId=\\d+</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${base}/journal/detail\\?id=\\d+</loc><lastmod>`));
    expect(xml).toMatch(new RegExp(`<loc>${base}/news/\\d+</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${base}/expertAuthor/\\d+</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>${base}/editorialBoard/\\d+</loc>`));
    expect(xml).toContain(`<loc>${E2E.baseUrl}/aboutUs</loc>`);
    expect(xml).toContain(`<loc>${E2E.baseUrl}/news?type=2</loc>`);
    // Every article of the sandbox (300 seeded) is listed: the paged list was followed to its end.
    expect(xml.match(/\/journal\/detail\?id=/g)?.length).toBe(300);
    // No bare ampersands.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    // Fewer than 50,000 URLs: there are no parts.
    expect((await request.get('/sitemap/1.xml')).status()).toBe(404);

    // The listed URLs are live pages: the first of each kind answers 200.
    for (const pattern of [
      /\/journal\/\d+</,
      /\/journal\/\d+\?issueId=\d+</,
      /\/journal\/detail\?id=\d+</,
      /\/news\/\d+</,
      /\/expertAuthor\/\d+</,
      /\/editorialBoard\/\d+</,
    ]) {
      const loc = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).find((url) => pattern.test(`${url}<`));
      expect(loc, String(pattern)).toBeDefined();
      const url = new URL(loc!);
      expect((await request.get(url.pathname + url.search)).status(), loc).toBe(200);
    }
  });

  test('/robots.txt allows all but the private areas and points to the sitemap @js-only', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const path of ['/personal', '/upload', '/updatePaperInfo', '/api/', '/manage/', '/search?']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${E2E.baseUrl}/sitemap.xml`);
  });

  test('the article feed has the latest 30 articles @js-only', async ({ request }) => {
    const response = await request.get('/rss/articles.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/rss+xml');
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>数据法学期刊平台 · 最新文献</title>');
    expect(xml.match(/<item>/g)).toHaveLength(30);
    // A real article title of the sandbox, with its link and an RFC 822 date.
    const first = /<item><title>([^<]+)<\/title><link>([^<]+)<\/link>/.exec(xml);
    expect(first?.[1]).toMatch(/[\u4e00-\u9fa5]{4,}/);
    expect(first?.[2]).toMatch(new RegExp(`^${E2E.baseUrl.replace(/\./g, '\\.')}/journal/detail\\?id=\\d+$`));
    expect(xml).toMatch(/<pubDate>(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0800<\/pubDate>/);
    // The first item is one the article page really shows.
    const article = await request.get(new URL(first![2]!).pathname + new URL(first![2]!).search);
    expect(await article.text()).toContain(first![1]!.replace(/&amp;/g, '&').slice(0, 8));
  });

  test('the news feed has the latest 30 news of both types @js-only', async ({ request }) => {
    const response = await request.get('/rss/news.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>数据法学期刊平台 · 新闻资讯</title>');
    expect(xml.match(/<item>/g)).toHaveLength(30);
    expect(xml).toContain('<category>合作单位动态</category>');
    expect(xml).toContain('<category>行业资讯</category>');
    expect(xml).toMatch(/<item><title>[^<]*[\u4e00-\u9fa5]{4,}[^<]*<\/title><link>[^<]+\/news\/\d+<\/link>/);
    // Newest first.
    const dates = [...xml.matchAll(/<item>.*?<pubDate>([^<]+)<\/pubDate>/g)].map((m) => Date.parse(m[1]!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  test('every page announces both feeds in its head', async ({ page }) => {
    await page.goto('/userGuide');
    const alternates = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(alternates).toHaveCount(2);
    await expect(alternates.nth(0)).toHaveAttribute('href', '/rss/articles.xml');
    await expect(alternates.nth(1)).toHaveAttribute('href', '/rss/news.xml');
  });
});
