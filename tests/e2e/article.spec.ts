import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sandboxPost } from './sandbox';

/**
 * The article page as a reading page (docs/product.md#article-page): full text with its
 * outline and references, publication history and corrections, 网络首发 marks wherever
 * articles are listed, usage, readers' notes, and DOI links. Articles are chosen by asking
 * the sandbox, and what the page shows is compared with what the sandbox answers. Every
 * test runs with and without JavaScript.
 */

interface Detail {
  id: number;
  title: string;
  doi: string;
  weiPuId: string;
  journal: { id: number };
  issue: { id: number };
  onlineFirst: boolean;
  onlineFirstDate: string | null;
  abstract: string;
  authors: { name: string; institution: string; expertId: number | null }[];
}
interface Content {
  sections: { heading: string; paragraphs: string[] }[];
  references: string[];
}

const detail = async (id: number) => (await sandboxPost<Detail>('/api/paperSearchApi/literatureBaseDetails', { id })).entity;
const content = async (id: number) => (await sandboxPost<Content>('/api/paperSearchApi/getPaperContent', { id })).entity;
const history = async (weiPuId: string) =>
  (await sandboxPost<{ id: number; type: string; description: string; updateTime: string }[]>('/api/paperSearchApi/getAmendmentRecordByWeiPuId', { weiPuId }))
    .entity;

/** The first article among ids 1… for which `accept` holds. */
async function findArticle(accept: (id: number) => Promise<boolean>): Promise<number> {
  for (let id = 1; id <= 60; id++) if (await accept(id)) return id;
  throw new Error('no such article in the sandbox');
}

const chineseDate = (day: string) => {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

async function inView(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

test.describe('full text', () => {
  test('shows the outline, the sections and the references; a mark jumps to its entry and back', async ({ page }) => {
    const id = await findArticle(async (n) => (await content(n)).sections.length > 0 && (await content(n)).references.length > 3);
    const text = await content(id);
    const response = await page.goto(`/journal/detail?id=${id}`);
    expect(response?.status()).toBe(200);

    const outline = page.getByRole('navigation', { name: '文章目录' });
    await expect(outline).toBeVisible();
    for (const [index, section] of text.sections.entries()) {
      await expect(outline.getByRole('link', { name: section.heading, exact: true })).toHaveAttribute('href', `#sec-${index + 1}`);
      await expect(page.locator(`#sec-${index + 1}`).getByRole('heading', { name: section.heading, exact: true })).toBeVisible();
    }
    const references = page.locator('#references ol > li');
    await expect(references).toHaveCount(text.references.length);
    // GB/T 7714 entries as the backend gives them, DOIs linked.
    await expect(references.first()).toContainText(text.references[0]!.replace(/^\[\d+\]\s*/, '').slice(0, 20));
    const withDoi = text.references.findIndex((r) => /DOI:10\./.test(r));
    if (withDoi >= 0) {
      const doi = /DOI:(10\.\S+?)\.?$/.exec(text.references[withDoi]!)![1]!;
      await expect(references.nth(withDoi).getByRole('link', { name: doi })).toHaveAttribute('href', `https://doi.org/${doi}`);
    }

    // Mark [1] → #ref-1, in view and targeted; its ↩ → back to the mark.
    await page.locator('#cite-1-a').click();
    await expect(page).toHaveURL(/#ref-1$/);
    expect(await page.locator('#ref-1').evaluate((el) => el.matches(':target'))).toBe(true);
    expect(await inView(page, '#ref-1')).toBe(true);
    await page
      .locator('#ref-1')
      .getByRole('link', { name: /回到正文引用处/ })
      .first()
      .click();
    await expect(page).toHaveURL(/#cite-1-a$/);
    expect(await inView(page, '#cite-1-a')).toBe(true);

    // A section is linkable.
    await outline.getByRole('link', { name: text.sections[1]!.heading, exact: true }).click();
    await expect(page).toHaveURL(/#sec-2$/);
    expect(await page.locator('#sec-2').evaluate((el) => el.matches(':target'))).toBe(true);
  });

  test('says so and offers the PDF when the backend has no full text, with no empty section', async ({ page }) => {
    const id = await findArticle(async (n) => (await content(n)).sections.length === 0);
    await page.goto(`/journal/detail?id=${id}`);
    const fulltext = page.locator('#fulltext');
    await expect(fulltext).toContainText('本文暂无网页版全文');
    await expect(fulltext.getByRole('link', { name: '在线阅读 PDF' })).toHaveAttribute('href', /^\/api\/file\/file\/download\?hash=.+&inline=1$/);
    await expect(page.locator('#references')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '文章目录' }).getByRole('link', { name: '参考文献' })).toHaveCount(0);
  });

  test('at phone width the outline is a menu that opens', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/journal/detail?id=1');
    const menu = page.locator('details', { has: page.locator('summary', { hasText: '目录' }) });
    await expect(menu.locator('summary')).toBeVisible();
    await expect(menu.getByRole('link', { name: '摘要' })).toBeHidden();
    await menu.locator('summary').click();
    await expect(menu.getByRole('link', { name: '摘要' })).toBeVisible();
  });
});

test.describe('publication history', () => {
  test('an article with a 勘误 says so at the top and keeps the timeline', async ({ page }) => {
    let records: Awaited<ReturnType<typeof history>> = [];
    const id = await findArticle(async (n) => {
      records = await history((await detail(n)).weiPuId);
      return records.some((r) => r.type === '勘误');
    });
    const correction = records.find((r) => r.type === '勘误')!;
    await page.goto(`/journal/detail?id=${id}`);
    const notice = page.getByRole('note');
    await expect(notice).toContainText(`本文已于 ${chineseDate(correction.updateTime)} 发布勘误`);
    await expect(notice).toContainText(correction.description);
    await notice.getByRole('link', { name: '查看勘误说明' }).click();
    await expect(page).toHaveURL(new RegExp(`#history-${correction.id}$`));

    // 正式出版 and 勘误 as recorded (an online-first article shows its versions in place of the bare 网络首发 record).
    for (const record of records.filter((r) => r.type !== '网络首发')) {
      const entry = page.locator(`#history-${record.id}`);
      await expect(entry).toContainText(record.type);
      await expect(entry).toContainText(chineseDate(record.updateTime));
      await expect(entry).toContainText(record.description);
    }
  });

  test('an online-first article is marked on its page, in its journal and in search', async ({ page }) => {
    const list = (await sandboxPost<{ records: Detail[] }>('/api/paperSearchApi/literatureBase', { journalId: 1, onlineFirst: true, size: 5 })).entity;
    const article = await detail(list.records[0]!.id);
    expect(article.onlineFirst).toBe(true);

    await page.goto(`/journal/detail?id=${article.id}`);
    await expect(page.locator('header').getByTestId('online-first')).toBeVisible();
    await expect(page.locator('#history')).toContainText('网络首发（录用定稿）');
    await expect(page.locator('#info')).toContainText(`网络首发日期${chineseDate(article.onlineFirstDate!)}`);

    // Its issue's table of contents, and the journal's own 网络首发 list.
    await page.goto(`/journal/${article.journal.id}?issueId=${article.issue.id}`);
    const entry = page.locator('li', { has: page.getByRole('link', { name: article.title, exact: true }) });
    await expect(entry.getByTestId('online-first')).toBeVisible();
    await page.getByRole('link', { name: /^网络首发（\d+）$/ }).click();
    await expect(page).toHaveURL(/list=online-first/);
    await expect(page.getByRole('heading', { name: '网络首发', exact: true })).toBeVisible();
    await expect(page.locator('li', { has: page.getByRole('link', { name: article.title, exact: true }) }).getByTestId('online-first')).toBeVisible();

    await page.goto(`/search?field=title&q=${encodeURIComponent(article.title)}`);
    const result = page.locator('article', { has: page.getByRole('link', { name: article.title, exact: true }) });
    await expect(result.getByTestId('online-first')).toBeVisible();

    // An article that appeared in print first carries no mark.
    const printed = await findArticle(async (n) => !(await detail(n)).onlineFirst);
    await page.goto(`/journal/detail?id=${printed}`);
    await expect(page.locator('header').getByTestId('online-first')).toHaveCount(0);
  });
});

test.describe('usage and notes', () => {
  test('the usage chart and its table show the sandbox figures, this month last, adding up to the counter', async ({ page }, testInfo) => {
    type Chart = { months: string[]; views: number[]; downloads: number[] };
    // An article no other test renders, one per project: the page cache would otherwise serve figures from an earlier visit.
    const id = testInfo.project.name === 'js' ? 41 : 42;
    await page.goto(`/journal/detail?id=${id}`);
    const after = (await sandboxPost<Chart>('/api/paperSearchApi/getPaperChart', { id })).entity;
    const usage = page.locator('#usage');
    await expect(usage.getByRole('img', { name: /月度浏览与下载/ })).toBeVisible();
    await usage.getByText('查看数据表').click();
    const rows = usage.locator('tbody tr');
    await expect(rows).toHaveCount(after.months.length);
    const table = await rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => (cell.textContent ?? '').replace(/,/g, '').trim())));
    // The page's own visit is counted, in this month (Beijing time), as the sandbox has it now.
    expect(table).toEqual(after.months.map((month, i) => [month, String(after.views[i]), String(after.downloads[i])]));
    const thisMonth = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    expect(table.at(-1)![0]).toBe(thisMonth);
    const [views, downloads] = [1, 2].map((column) => table.reduce((sum, row) => sum + Number(row[column]), 0));
    await expect(page.getByText(/^浏览 \d+ · 下载 \d+$/)).toHaveText(`浏览 ${views} · 下载 ${downloads}`);
  });

  test("readers' notes are paged and absent when there are none", async ({ page }) => {
    const notes = async (n: number, current = 1) =>
      (
        await sandboxPost<{ total: number; records: { content: string; nickname: string }[] }>('/api/paperSearchApi/getPaperMinute', {
          id: n,
          current,
          size: 5,
        })
      ).entity;
    const many = await findArticle(async (n) => (await notes(n)).total > 5);
    const first = await notes(many);
    await page.goto(`/journal/detail?id=${many}`);
    const section = page.locator('#notes');
    await expect(section).toContainText(`共 ${first.total} 条`);
    await expect(section.getByRole('list', { name: '短评' }).getByRole('listitem')).toHaveCount(5);
    await section.getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/notesPage=2#notes$/);
    const second = await notes(many, 2);
    const listed = page.locator('#notes').getByRole('list', { name: '短评' }).getByRole('listitem');
    await expect(listed).toHaveCount(second.records.length);
    await expect(listed.first()).toContainText(second.records[0]!.content);

    const none = await findArticle(async (n) => (await notes(n)).total === 0);
    await page.goto(`/journal/detail?id=${none}`);
    await expect(page.locator('#notes')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '读者短评' })).toHaveCount(0);
  });
});

test.describe('links around the article', () => {
  test('authors lead to their expert page or a search by name, institutions to a search by institution', async ({ page }) => {
    const id = await findArticle(async (n) => {
      const authors = (await detail(n)).authors;
      return authors.some((a) => a.expertId) && authors.some((a) => !a.expertId);
    });
    const record = await detail(id);
    await page.goto(`/journal/detail?id=${id}`);
    const header = page.locator('header');
    const expert = record.authors.find((a) => a.expertId)!;
    const other = record.authors.find((a) => !a.expertId)!;
    await expect(header.getByRole('link', { name: expert.name, exact: true }).first()).toHaveAttribute('href', `/expertAuthor/${expert.expertId}`);
    await expect(header.getByRole('link', { name: other.name, exact: true }).first()).toHaveAttribute(
      'href',
      `/search?field=author&q=${encodeURIComponent(other.name)}`,
    );
    await header.getByRole('link', { name: other.institution, exact: true }).click();
    await expect(page).toHaveURL(`/search?field=institution&q=${encodeURIComponent(other.institution)}`);
    await expect(page.getByRole('link', { name: record.title, exact: true })).toBeVisible();
  });

  test('a DOI link resolves to its article; an unknown DOI is the 404 page', async ({ page }) => {
    const record = await detail(5);
    await page.goto(`/doi/${record.doi}`);
    await expect(page).toHaveURL(`/journal/detail?id=5`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(record.title);
    const missing = await page.goto('/doi/10.99999/no.such.article.2024.01.003');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '资源未找到' })).toBeVisible();
  });

  test("each entry of an issue's contents offers its abstract, full text and PDF", async ({ page }) => {
    const toc = (await sandboxPost<{ records: Detail[] }>('/api/paperSearchApi/literatureBase', { journalId: 1, size: 1 })).entity.records[0]!;
    const record = await detail(toc.id);
    await page.goto(`/journal/${record.journal.id}?issueId=${record.issue.id}`);
    const entry = page.locator('li', { has: page.getByRole('link', { name: record.title, exact: true }) });
    await expect(entry.getByRole('link', { name: `全文：${record.title}` })).toHaveAttribute('href', `/journal/detail?id=${record.id}#fulltext`);
    await expect(entry.getByRole('link', { name: `PDF：${record.title}` })).toHaveAttribute('href', /^\/api\/file\/file\/download\?hash=/);
    await expect(entry.getByText(record.abstract)).toBeHidden();
    await entry.locator('summary').click();
    await expect(entry.getByText(record.abstract)).toBeVisible();
  });

  test("a board member's page names the journal served and lists the member's papers", async ({ page }) => {
    type Member = { id: number; name: string; journalName: string };
    const members = (await sandboxPost<{ records: Member[] }>('/api/cooperativeProjectApi/listQueries', { size: 20 })).entity.records;
    const papersOf = async (name: string) =>
      (await sandboxPost<{ records: Detail[] }>('/api/paperSearchApi/search', { query: name, field: 'author', size: 50 })).entity.records.filter((p) =>
        p.authors.some((a) => a.name === name),
      );
    let member: Member | undefined;
    let papers: Detail[] = [];
    for (const m of members) {
      papers = await papersOf(m.name);
      if (papers.length) {
        member = m;
        break;
      }
    }
    expect(member, 'a board member with papers').toBeDefined();
    await page.goto('/editorialBoard');
    await expect(page.locator('article', { has: page.getByRole('link', { name: member!.name, exact: true }) })).toContainText(`《${member!.journalName}》`);
    await page.goto(`/editorialBoard/${member!.id}`);
    await expect(page.getByRole('main')).toContainText(`任职期刊《${member!.journalName}》`);
    const list = page.locator('section', { has: page.getByRole('heading', { name: /发表文献/ }) });
    for (const paper of papers)
      await expect(list.getByRole('link', { name: paper.title, exact: true })).toHaveAttribute('href', `/journal/detail?id=${paper.id}`);
  });
});
