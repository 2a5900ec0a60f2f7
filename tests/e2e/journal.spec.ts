import { E2E } from './env';
import { expect, test } from './fixtures';

/** The sandbox's own record of an article, to check the page against. */
async function sandboxArticle(id: number) {
  const response = await fetch(`${E2E.sandboxUrl}/api/paperSearchApi/literatureBaseDetails`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id }),
  });
  return (
    (await response.json()) as {
      entity: Record<string, unknown> & {
        authors: { name: string }[];
        keywords: string[];
        journal: { name: string; issn: string };
        issue: { volume: number; issueNo: number; publishDate: string; year: number };
      };
    }
  ).entity;
}

test.describe('home', () => {
  test('shows the journals, selected literature, news and hotspots from the sandbox', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '期刊导航' })).toBeVisible();
    await expect(page.getByRole('link', { name: '《数据法学》' })).toHaveAttribute('href', /^\/journal\/\d+$/);
    const selected = page.locator('section', { has: page.getByRole('heading', { name: '精选文献' }) });
    await expect(selected.getByRole('listitem')).toHaveCount(6);
    for (const heading of ['行业资讯', '行业热点', '合作单位动态']) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.locator('section', { has: page.getByRole('heading', { name: '行业资讯' }) }).getByRole('listitem')).toHaveCount(6);
  });

  test('the search box leads to the results page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: '检索词' }).fill('数据出境');
    await page.getByRole('button', { name: '检索' }).click();
    await expect(page).toHaveURL(/\/search\?field=all&q=%E6%95%B0%E6%8D%AE%E5%87%BA%E5%A2%83/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('“数据出境”共找到');
  });
});

test.describe('literature results', () => {
  test('lists the articles with filters, sort and paging', async ({ page }) => {
    await page.goto('/journal');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('共 300 篇');
    await expect(page.locator('article')).toHaveCount(10);
    await expect(page.getByText('北大核心').first()).toBeVisible();

    await page.getByRole('link', { name: '《数据法学》' }).first().click();
    await expect(page).toHaveURL(/journalId=\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('《数据法学》');
    await expect(page.getByRole('heading', { name: '年份' })).toBeVisible();

    await page.getByRole('link', { name: '下载最多' }).click();
    await expect(page).toHaveURL(/sort=downloads/);
    // The address changes as the navigation commits; React may show the new list a moment later.
    const downloads = () => page.locator('article').evaluateAll((items) => items.map((el) => Number(/下载 (\d+)/.exec(el.textContent ?? '')?.[1])));
    await expect.poll(async () => ((shown) => shown.every((value, i) => i === 0 || shown[i - 1]! >= value))(await downloads())).toBe(true);

    await page.getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('link', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('journal page', () => {
  test('shows the profile, the issues by year and the table of contents', async ({ page }) => {
    const response = await page.goto('/journal/1');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('《数据法学》');
    await expect(page.getByText('ISSN')).toBeVisible();
    await expect(page.getByText('北大核心').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '过刊浏览' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /目次$/ })).toBeVisible();
    const tocLinks = page.locator('ol li a[href^="/journal/detail?id="]');
    expect(await tocLinks.count()).toBeGreaterThan(0);

    const olderIssue = page.getByRole('link', { name: '第1期' }).last();
    await olderIssue.click();
    await expect(page).toHaveURL(/issueId=\d+/);
    await expect(page.getByRole('heading', { name: /第1期.*目次/ })).toBeVisible();
  });

  test('answers 404 for an unknown journal or issue', async ({ page }) => {
    for (const path of ['/journal/9999', '/journal/abc', '/journal/1?issueId=99999']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: '资源未找到' })).toBeVisible();
    }
  });
});

test.describe('article page', () => {
  test('shows the whole record and carries Google Scholar tags and JSON-LD that match the backend', async ({ page }) => {
    const record = await sandboxArticle(1);
    const response = await page.goto('/journal/detail?id=1');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(record.title));
    await expect(page.locator('header p[lang="en"]')).toHaveText(String(record.titleEn));
    for (const author of record.authors) await expect(page.locator('header').getByText(author.name, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: '摘要' })).toBeVisible();
    await expect(page.getByText(String(record.abstract))).toBeVisible();
    await expect(page.getByRole('link', { name: String(record.doi) })).toHaveAttribute('href', `https://doi.org/${record.doi}`);
    await expect(page.getByText('中图分类号')).toBeVisible();
    for (const label of ['收稿日期', '录用日期', '出版日期']) await expect(page.getByText(label)).toBeVisible();
    await expect(page.getByRole('heading', { name: '相关推荐' })).toBeVisible();

    const meta = async (name: string) => page.locator(`meta[name="${name}"]`).evaluateAll((els) => els.map((el) => el.getAttribute('content')));
    expect(await meta('citation_title')).toEqual([record.title]);
    expect(await meta('citation_author')).toEqual(record.authors.map((a) => a.name));
    expect(await meta('citation_journal_title')).toEqual([record.journal.name]);
    expect(await meta('citation_doi')).toEqual([record.doi]);
    expect(await meta('citation_issn')).toEqual([record.journal.issn]);
    expect(await meta('citation_volume')).toEqual([String(record.issue.volume)]);
    expect(await meta('citation_issue')).toEqual([String(record.issue.issueNo)]);
    expect(await meta('citation_firstpage')).toEqual([String(record.firstPage)]);
    expect(await meta('citation_lastpage')).toEqual([String(record.lastPage)]);
    expect(await meta('citation_publication_date')).toEqual([record.issue.publishDate.replaceAll('-', '/')]);
    expect(await meta('citation_language')).toEqual(['zh']);
    expect(await meta('citation_keywords')).toEqual([record.keywords.join('; ')]);
    const [pdfUrl] = await meta('citation_pdf_url');
    expect(pdfUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/file\/file\/download\?hash=/);

    // The article's own JSON-LD; the breadcrumbs have theirs.
    const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
    expect(structured.map((doc) => doc['@type']).sort()).toEqual(['BreadcrumbList', 'ScholarlyArticle']);
    const jsonLd = structured.find((doc) => doc['@type'] === 'ScholarlyArticle');
    expect(jsonLd['@type']).toBe('ScholarlyArticle');
    expect(jsonLd.headline).toBe(record.title);
    expect(jsonLd.author.map((a: { name: string }) => a.name)).toEqual(record.authors.map((a) => a.name));
    expect(jsonLd.identifier.value).toBe(record.doi);
    expect(jsonLd.isPartOf.isPartOf.isPartOf.name).toBe(record.journal.name);

    // The PDF comes through the BFF.
    const pdf = await page.request.get(pdfUrl!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('offers the GB/T 7714 citation and reference-manager exports', async ({ page }) => {
    const record = await sandboxArticle(2);
    await page.goto('/journal/detail?id=2');
    const cite = page.locator('section', { has: page.getByRole('heading', { name: '引用本文' }) });
    await expect(cite).toContainText(`${record.title}[J]. ${record.journal.name}, ${record.issue.year}`);
    await expect(cite).toContainText('[J].');
    const ris = await page.request.get('/journal/detail/cite?id=2&format=ris');
    expect(ris.headers()['content-disposition']).toContain('attachment');
    expect(await ris.text()).toContain(`TI  - ${record.title}`);
    const bib = await page.request.get('/journal/detail/cite?id=2&format=bibtex');
    expect(await bib.text()).toMatch(/^@article\{article2,/);
    expect((await page.request.get('/journal/detail/cite?id=2&format=nope')).status()).toBe(404);
  });

  test('sends a visitor who wants to favourite to the login popup, keeping the way back', async ({ page }) => {
    await page.goto('/journal/detail?id=3');
    await expect(page.getByRole('link', { name: '收藏' })).toHaveAttribute('href', /login=userLogin&redirect=%2Fjournal%2Fdetail%3Fid%3D3/);
  });

  test('answers 404 for an unknown article', async ({ page }) => {
    for (const path of ['/journal/detail?id=999999', '/journal/detail', '/journal/detail?id=x']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: '资源未找到' })).toBeVisible();
    }
  });
});

test.describe('literature search', () => {
  test('finds Chinese text, marks the matches and filters by journal', async ({ page, javaScriptEnabled }) => {
    await page.goto('/search?q=数据出境');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('“数据出境”共找到');
    await expect(page.locator('article mark').first()).toHaveText('数据出境');
    const facet = page.getByRole('complementary', { name: '分组筛选' }).getByRole('link').first();
    await facet.click();
    await expect(page).toHaveURL(/journalId=\d+/);
    await expect(page.locator('article').first()).toBeVisible();
    // In the page, the new count is where the focus lands and what is announced.
    if (javaScriptEnabled) await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(/^共找到 \d+ 条结果$/);
  });

  test('searches a chosen field', async ({ page }) => {
    await page.goto('/search');
    await page.getByRole('combobox', { name: '检索字段' }).selectOption('keyword');
    await page.getByRole('searchbox', { name: '检索词' }).fill('个人信息');
    await page.getByRole('button', { name: '检索', exact: true }).click();
    await expect(page).toHaveURL(/field=keyword/);
    await expect(page.locator('article').first().locator('[aria-label="关键词"] mark').first()).toBeVisible();
  });

  test('an advanced search joins rows with 或 and 非, and a reload gives the same search and form', async ({ page }) => {
    await page.goto('/search');
    await page.getByText('高级检索', { exact: true }).click();
    await page.getByRole('combobox', { name: '检索字段', exact: true }).selectOption('title');
    await page.getByRole('searchbox', { name: '检索词', exact: true }).fill('数据');
    await page.getByRole('combobox', { name: '第2行与上文的关系' }).selectOption('or');
    await page.getByRole('combobox', { name: '第2行检索字段' }).selectOption('keyword');
    await page.getByRole('searchbox', { name: '第2行检索词' }).fill('个人信息');
    await page.getByRole('combobox', { name: '第3行与上文的关系' }).selectOption('not');
    await page.getByRole('combobox', { name: '第3行检索字段' }).selectOption('topic');
    await page.getByRole('searchbox', { name: '第3行检索词' }).fill('平台');
    await page.getByRole('button', { name: '按条件检索' }).click();
    // The URL holds the whole search and nothing blank: the link to keep or share.
    await expect(page).toHaveURL(/op2=or/);
    expect(new URL(page.url()).searchParams.has('q4')).toBe(false);

    const expected = await fetch(`${E2E.sandboxUrl}/api/paperSearchApi/dataJurisprudenceSearch`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        query: '数据',
        field: 'title',
        conditions: [
          { op: 'or', field: 'keyword', query: '个人信息' },
          { op: 'not', field: 'topic', query: '平台' },
        ],
      }),
    }).then(async (r) => ((await r.json()) as { entity: { total: number } }).entity.total);
    const results = async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`篇名“数据” 或 关键词“个人信息” 非 主题“平台”共找到 ${expected} 条结果`);
      const articles = page.getByRole('main').locator('article');
      await expect(articles).toHaveCount(10);
      for (const article of await articles.all()) {
        const title = await article.getByRole('heading').innerText();
        const keywords = await article.getByLabel('关键词').innerText();
        expect(title.includes('数据') || keywords.includes('个人信息'), title).toBe(true);
        expect(`${title} ${keywords}`, title).not.toContain('平台');
      }
    };
    await results();
    await page.reload();
    await results();
    // Folded over the results (they come first on a phone), and saying it holds the conditions.
    await page.getByText('（已设 2 项条件）').click();
    await expect(page.getByRole('combobox', { name: '检索字段', exact: true })).toHaveValue('title');
    await expect(page.getByRole('searchbox', { name: '检索词', exact: true })).toHaveValue('数据');
    await expect(page.getByRole('combobox', { name: '第2行与上文的关系' })).toHaveValue('or');
    await expect(page.getByRole('searchbox', { name: '第2行检索词' })).toHaveValue('个人信息');
    await expect(page.getByRole('combobox', { name: '第3行与上文的关系' })).toHaveValue('not');
    await expect(page.getByRole('combobox', { name: '第3行检索字段' })).toHaveValue('topic');
    await expect(page.getByRole('searchbox', { name: '第3行检索词' })).toHaveValue('平台');
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto('/search?q=量子纠缠引力波');
    await expect(page.getByText('未找到与“量子纠缠引力波”相关的文献。')).toBeVisible();
  });

  test('refuses an over-long query with 400 and a Chinese message, keeping the text', async ({ page }) => {
    const response = await page.goto(`/search?q=${'数'.repeat(150)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText('检索词不能超过100个字符');
    await expect(page.getByRole('searchbox', { name: '检索词' })).toHaveValue('数'.repeat(100));
  });
});
