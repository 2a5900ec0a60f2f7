import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from '@playwright/test';
import { captchaText } from './auth-support';
import { freshAuthor } from './authors';
import { axeViolations } from './axe';
import { E2E } from './env';
import { ABSTRACT, DOCX_TYPE, manuscriptDocx, PDF } from './files';
import { expect, signIn, test as base } from './fixtures';
import { sandboxPost, type Envelope } from './sandbox';
import { submitDocxThroughTheForms } from './submission';

/**
 * With and without JavaScript: manuscript tracking, revision, retraction, downloads,
 * payment, and the safety of submission. A fresh author per test (so the
 * parallel-submission limit and the seeded demo_author are never in the way), manuscripts
 * created and moved through the stages with the sandbox's API and test hook.
 */

/** Where the backend's manuscript endpoints live. */
const PAPER = '/manage/author/paper';

/** Uploads a file as a new draft (step 1) of the author; returns its id. */
async function uploadDraft(
  token: string,
  gch: string,
  file: { name: string; data: Buffer; type: string } = { name: 'draft.pdf', data: PDF, type: 'application/pdf' },
): Promise<number> {
  const form = new FormData();
  form.set('gch', gch);
  form.set('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(`${E2E.sandboxUrl}${PAPER}/authorManuscriptUpload`, { method: 'POST', headers: { Authorization: token }, body: form });
  const body = (await response.json()) as Envelope<{ paperId: number }>;
  expect(body.success, body.message).toBe(true);
  return body.entity.paperId;
}

/** The answer of a fresh arithmetic captcha (the sandbox hook reads it). */
async function captcha(token: string) {
  const uuid = `e2e-${crypto.randomUUID()}`;
  await (await fetch(`${E2E.sandboxUrl}${PAPER}/calculateCaptcha?uuid=${uuid}`, { headers: { Authorization: token } })).text();
  return { uuid, captcha: await captchaText(uuid) };
}

/** A submitted manuscript of the author (upload + confirm through the backend). */
async function submitted(token: string, gch: string, title: string): Promise<{ id: number; manuscriptNo: string }> {
  const paperId = await uploadDraft(token, gch);
  const columns = await sandboxPost<{ id: number }[]>('/manage/journal/column/getColumnByPartId', { gch }, token);
  const body = await sandboxPost<{ id: number; manuscriptNo: string }>(
    `${PAPER}/authorManuscriptConfirmUpload`,
    {
      paperId,
      idempotencyKey: `e2e-${crypto.randomUUID()}`,
      columnId: columns.entity[0]!.id,
      title,
      abstract: ABSTRACT,
      keywords: ['数据跨境', '安全评估', '标准合同'],
      authors: [{ name: '王五', institution: '某大学法学院', email: 'wangwu@example.com', mobile: '13800000055', corresponding: true }],
      agreement: true,
      ...(await captcha(token)),
    },
    token,
  );
  expect(body.success, body.message).toBe(true);
  return body.entity;
}

/** The sandbox test hook: moves the manuscript to `stage` along the legal path. */
async function advance(id: number, stage: string, note?: string) {
  const body = await sandboxPost<{ to: string }>(`/__sandbox/manuscripts/${id}/advance`, { stage, ...(note ? { note } : {}) });
  expect(body.success, body.message).toBe(true);
}

/** The author's manuscripts as the backend lists them. */
async function listOf(token: string, status?: string) {
  const body = await sandboxPost<{ total: number; records: { id: number; status: string; title: string }[] }>(
    `${PAPER}/list`,
    { size: 100, ...(status ? { status } : {}) },
    token,
  );
  return body.entity;
}

/** The first bytes of a download, and its suggested name. */
async function downloaded(download: Download): Promise<{ name: string; head: string }> {
  const path = await download.path();
  const bytes = await readFile(path);
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1') };
}

/**
 * `test` of this file: the 413 page an oversized upload provokes on purpose logs a resource
 * error in Chromium; it is taken out before the console check of fixtures.ts runs.
 */
const test = base.extend({
  consoleProblems: async ({ consoleProblems }, use) => {
    await use(consoleProblems);
    for (let i = consoleProblems.length - 1; i >= 0; i -= 1) {
      if (/Failed to load resource: the server responded with a status of 413/.test(consoleProblems[i]!)) consoleProblems.splice(i, 1);
    }
  },
});

/**
 * Starts a multipart POST that declares `length` bytes but sends only its first part, and
 * resolves with the answer the portal gives before reading the rest (then hangs up).
 */
function postDeclaringLength(path: string, cookie: string, length: number): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const boundary = '----e2eTooLarge';
    const request = http.request(
      new URL(path, E2E.baseUrl),
      {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(length),
          Accept: 'text/html',
          Cookie: cookie,
          Origin: E2E.baseUrl,
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body });
          request.destroy();
        });
      },
    );
    // Writing into a connection the portal has closed after answering is expected.
    request.on('error', (error) => (/EPIPE|ECONNRESET/.test(error.message) ? undefined : reject(error)));
    request.setTimeout(20_000, () => reject(new Error('no answer to the oversized upload')));
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`);
  });
}

/** A draft whose information is complete (uploaded .docx, column and contact added), ready to confirm. */
async function completeDraft(token: string, gch: string, title: string): Promise<number> {
  const id = await uploadDraft(token, gch, { name: 'paper.docx', data: manuscriptDocx(title), type: DOCX_TYPE });
  const columns = await sandboxPost<{ id: number }[]>('/manage/journal/column/getColumnByPartId', { gch }, token);
  const saved = await sandboxPost(
    `${PAPER}/manuscriptContentModification`,
    {
      id,
      columnId: columns.entity[0]!.id,
      authors: [
        { name: '王五', institution: '某大学法学院', corresponding: false },
        { name: '赵六', institution: '某研究院', email: 'zhaoliu@example.com', mobile: '13800000066', corresponding: true },
      ],
    },
    token,
  );
  expect(saved.success, saved.message).toBe(true);
  return id;
}

const statusOf = (page: Page) => page.getByTestId('manuscript-status');
const sideNav = (page: Page) => page.getByRole('navigation', { name: '个人中心导航' });

test.describe('manuscript tracking', () => {
  test('submit a .docx, reload in the middle, confirm, find it in the list, revise it and download the acceptance letter', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    await freshAuthor(context, testInfo, 'ms');
    const title = `数据跨境流动的法律规制路径研究（${testInfo.project.name}）`;

    // Submission: pre-filled from the .docx, saved, reloaded, confirmed.
    await submitDocxThroughTheForms(page, 'SJFX', title);
    const manuscriptNo = (await page.getByTestId('manuscript-no').textContent())?.trim() ?? '';
    expect(manuscriptNo).toMatch(/^SJFX-\d{4}-\d{4}$/);

    // The list, then the manuscript's page.
    await page.getByRole('link', { name: '查看我的稿件' }).click();
    await expect(page).toHaveURL(/\/personal\/manuscripts$/);
    await expect(sideNav(page).getByRole('link', { name: '我的稿件' })).toHaveAttribute('aria-current', 'page');
    const item = page.getByRole('listitem').filter({ hasText: manuscriptNo });
    await expect(item).toContainText('已投稿');
    await item.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/personal\/manuscripts\/\d+$/);
    const id = Number(/manuscripts\/(\d+)/.exec(page.url())?.[1]);
    await expect(statusOf(page)).toHaveText('已投稿');
    const timeline = page.getByRole('list', { name: '稿件处理阶段' });
    await expect(timeline.getByRole('listitem').first()).toContainText('投稿');
    await expect(timeline.getByRole('listitem').first()).toContainText(/\d{4}-\d{2}-\d{2}/);

    // The editors ask for a revision.
    const opinion = '审稿意见：请补充近三年欧盟数据跨境规则的最新进展，并调整第三部分的论证结构。';
    await advance(id, 'revision', opinion);
    await page.reload();
    await expect(statusOf(page)).toHaveText('待返修');
    await expect(page.getByRole('region', { name: '编辑部意见' })).toContainText(opinion);
    await expect(timeline.locator('li[aria-current="step"]')).toContainText('返修');
    await page.getByRole('link', { name: '提交修改稿' }).click();
    await expect(page).toHaveURL(new RegExp(`/updatePaperInfo\\?id=${id}$`));
    await expect(page.getByRole('region', { name: '编辑部意见（审稿意见）' })).toContainText(opinion);

    // Edit the information, check what changed, save it.
    const revisedTitle = `${title}：以安全评估为中心`;
    await page.getByLabel('中文标题').fill(revisedTitle);
    await page.getByRole('button', { name: '下一步：核对修改' }).click();
    const changes = page.getByTestId('changes');
    await expect(changes.getByRole('row', { name: /中文标题/ })).toContainText(revisedTitle);
    await expect(changes.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: '确认修改，下一步' }).click();
    await expect(page).toHaveURL(/step=file/);
    await expect(page.getByRole('status').filter({ hasText: '已保存的稿件信息修改：中文标题' })).toBeVisible();

    // A refused file keeps the 修改说明 and says why; then the revision goes through.
    const letter = '已按审稿意见补充欧盟数据跨境规则的最新进展，并重写第三部分的论证结构。';
    await page.getByLabel('修改说明').fill(letter);
    await page.getByLabel('修改稿文件').setInputFiles({ name: '修改稿.docx', mimeType: DOCX_TYPE, buffer: PDF });
    await page.getByRole('button', { name: '提交修改稿' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '文件内容与扩展名不符' })).toBeVisible();
    await expect(page.getByLabel('修改说明')).toHaveValue(letter);
    await page.getByLabel('修改稿文件').setInputFiles({ name: '修改稿.docx', mimeType: DOCX_TYPE, buffer: manuscriptDocx(revisedTitle) });
    await page.getByRole('button', { name: '提交修改稿' }).click();
    await expect(page).toHaveURL(new RegExp(`/personal/manuscripts/${id}\\?done=revision$`));
    await expect(statusOf(page)).toHaveText('返修已提交');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(revisedTitle);

    // Both versions are listed; the previous one still downloads.
    const files = page.getByRole('region', { name: '稿件文件' });
    await expect(files.locator('tr[data-file-kind="revision"]')).toContainText(letter);
    const previous = page.waitForEvent('download');
    await files.locator('tr[data-file-kind="original"]').getByRole('link').click();
    const original = await downloaded(await previous);
    expect(original.name).toBe('数据跨境.docx');
    expect(original.head.slice(0, 2)).toBe('PK');

    // Accepted: the acceptance letter.
    await advance(id, 'accepted');
    await page.reload();
    await expect(statusOf(page)).toHaveText('已录用');
    const offerDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载录用通知' }).click();
    const offer = await downloaded(await offerDownload);
    expect(offer.head).toBe('%PDF-');
    expect(offer.name).toMatch(/^录用通知.*\.pdf$/);
    const packageDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载题录包' }).click();
    expect((await downloaded(await packageDownload)).head.slice(0, 2)).toBe('PK');
    await expect(page.getByRole('link', { name: '申请撤稿' })).toHaveCount(0);
  });

  test('apply for retraction on another manuscript: reason, confirmation, then the status shows it', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const paper = await submitted(token, 'SJFX', `生成式人工智能训练数据的合理使用研究（${testInfo.project.name}）`);
    await advance(paper.id, 'external_review');
    await page.goto(`/personal/manuscripts/${paper.id}`);
    await expect(statusOf(page)).toHaveText('外审中');
    await page.getByRole('link', { name: '申请撤稿' }).click();
    await expect(page).toHaveURL(new RegExp(`/personal/manuscripts/${paper.id}/retract$`));

    await page.getByLabel('撤稿理由').fill('太短');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByText('撤稿理由应为5-500个字符')).toBeVisible();
    const reason = '需要补充新的实证材料，拟修改后另行投稿';
    await page.getByLabel('撤稿理由').fill(reason);
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page.getByRole('heading', { name: '请确认撤稿' })).toBeVisible();
    await expect(page.getByText(/审稿流程立即终止/)).toBeVisible();
    await expect(page.getByTestId('retract-reason')).toHaveText(reason);

    // Back to the reason: what was typed is still there.
    await page.getByRole('button', { name: '返回修改' }).click();
    await expect(page.getByLabel('撤稿理由')).toHaveValue(reason);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByRole('button', { name: '确认撤稿' }).click();

    await expect(page).toHaveURL(new RegExp(`/personal/manuscripts/${paper.id}$`));
    await expect(statusOf(page)).toHaveText('已撤稿');
    await expect(page.getByRole('region', { name: '稿件概况' }).or(page.locator('main'))).toContainText(reason);
    await expect(page.getByRole('link', { name: '申请撤稿' })).toHaveCount(0);
    const timeline = page.getByRole('list', { name: '稿件处理阶段' });
    await expect(timeline.locator('li[aria-current="step"]')).toContainText('撤稿');
    // It says it is withdrawn, not that the editors are still at work; its receipt is a receipt.
    await expect(page.getByText('该稿件已撤稿，处理流程已终止')).toBeVisible();
    await expect(page.getByText('请耐心等待编辑部处理')).toHaveCount(0);
    await expect(page.locator('tr[data-file-kind="receipt"]')).toContainText('撤稿回执');
    await expect(page.locator('tr[data-file-kind="response"]')).toHaveCount(0);

    // The list shows it among the finished ones; the retraction page now refuses.
    await page.goto('/personal/manuscripts?status=finished');
    await expect(page.getByRole('listitem').filter({ hasText: paper.manuscriptNo })).toContainText('已撤稿');
    await page.goto(`/personal/manuscripts/${paper.id}/retract`);
    await expect(page).toHaveURL(new RegExp(`/personal/manuscripts/${paper.id}$`));
  });

  test('confirm the proof, then pay the page fee (the sandbox simulates the processor)', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const paper = await submitted(token, 'SJFX', `数据交易场所的收费规则研究（${testInfo.project.name}）`);
    await advance(paper.id, 'proof');
    await page.goto(`/personal/manuscripts/${paper.id}`);
    await expect(statusOf(page)).toHaveText('校样中');
    const proof = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载全文校样' }).first().click();
    expect((await downloaded(await proof)).head).toBe('%PDF-');
    await page.getByRole('button', { name: '确认校样' }).click();
    await expect(statusOf(page)).toHaveText('待缴费');

    await page.getByRole('link', { name: '缴纳版面费' }).click();
    await expect(page).toHaveURL(new RegExp(`/personal/manuscripts/${paper.id}/payment$`));
    await expect(page.getByTestId('order-status')).toHaveText('待支付');
    await expect(page.getByText(/应付金额：\d+\.00 元/)).toBeVisible();

    // An invoice without invoicing information is refused: the choice stays, the reason is shown.
    await page.getByLabel('支付宝').check();
    await page.getByLabel('需要开具发票').check();
    await page.getByRole('button', { name: /确认支付/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请先填写开票信息' })).toBeVisible();
    await expect(page.getByLabel('支付宝')).toBeChecked();
    await page.getByLabel('需要开具发票').uncheck();
    await page.getByRole('button', { name: /确认支付/ }).click();
    await expect(page.getByTestId('order-status')).toHaveText('已支付');
    await expect(page.getByRole('status').filter({ hasText: '支付成功' }).first()).toBeVisible();
    const receipt = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载缴费凭证' }).click();
    expect((await downloaded(await receipt)).head).toBe('%PDF-');

    await page.goto(`/personal/manuscripts/${paper.id}`);
    await expect(page.getByRole('region', { name: '版面费' })).toContainText('已支付');
    await expect(page.getByRole('link', { name: '缴纳版面费' })).toHaveCount(0);
  });

  test('the list filters by stage with counts, searches, pages, and is reachable from the personal centre', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    for (let i = 1; i <= 11; i += 1) {
      await uploadDraft(token, 'SJFX', { name: `draft-${i}.docx`, data: manuscriptDocx(`分页测试草稿第${i}号的法律问题`), type: DOCX_TYPE });
    }
    const revising = await submitted(token, 'SZFZ', `列表筛选测试之待返修稿件（${testInfo.project.name}）`);
    await advance(revising.id, 'revision');

    await page.goto('/personal');
    await expect(sideNav(page).getByRole('link', { name: '我的主页' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('link', { name: '11 草稿', exact: true }).click();
    await expect(page).toHaveURL(/\/personal\/manuscripts\?status=draft$/);
    await sideNav(page).getByRole('link', { name: '我的稿件' }).click();
    await expect(page).toHaveURL(/\/personal\/manuscripts$/);

    const tabs = page.getByRole('navigation', { name: '按状态筛选' });
    await expect(tabs.getByRole('link', { name: '全部 12' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: '草稿 11' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: '待处理 1' })).toBeVisible();
    const items = page.getByRole('list', { name: '我的稿件' }).getByRole('listitem');
    await expect(items).toHaveCount(10);
    await page.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(items).toHaveCount(2);

    await tabs.getByRole('link', { name: '待处理 1' }).click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('待返修');
    await expect(items.first().getByRole('link', { name: /提交修改稿/ })).toHaveAttribute('href', `/updatePaperInfo?id=${revising.id}`);

    await tabs.getByRole('link', { name: /全部/ }).click();
    // The search form keeps the current tab: wait until 全部 is the current one.
    await expect(tabs.getByRole('link', { name: /全部/ })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel('标题或稿件编号').fill('第7号');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/keyword=/);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('分页测试草稿第7号的法律问题');
    await expect(items.first().getByRole('link', { name: '分页测试草稿第7号的法律问题', exact: true })).toHaveAttribute('href', /\/upload\/info\?paperId=\d+/);
  });

  test("demo_author's seeded manuscripts show the actions of their stage", async ({ page, context }) => {
    await signIn(context);
    const open = async (title: string) => {
      await page.goto(`/personal/manuscripts?keyword=${encodeURIComponent(title)}`);
      await page.getByRole('list', { name: '我的稿件' }).getByRole('link', { name: title, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    };
    const actions = () => page.getByRole('region', { name: '可办理事项' });

    await open('个人信息处理者告知义务的规范构造');
    await expect(statusOf(page)).toHaveText('待返修');
    await expect(actions().getByRole('link', { name: '提交修改稿' })).toBeVisible();
    await expect(page.getByRole('region', { name: '编辑部意见' })).toContainText('审稿意见');

    await open('公共数据授权运营的法律规制');
    await expect(statusOf(page)).toHaveText('已录用');
    const offer = page.waitForEvent('download');
    await actions().getByRole('link', { name: '下载录用通知' }).click();
    expect((await downloaded(await offer)).head).toBe('%PDF-');

    await open('算法推荐服务提供者的注意义务');
    await expect(statusOf(page)).toHaveText('待缴费');
    await expect(actions().getByRole('link', { name: '缴纳版面费' })).toBeVisible();

    await open('数据跨境流动安全评估制度的完善');
    await expect(statusOf(page)).toHaveText('已刊出');
    await expect(actions().getByRole('link', { name: '查看已刊出的文章' })).toHaveAttribute('href', /\/journal\/detail\?id=\d+/);
    await expect(actions().getByRole('link', { name: '下载缴费凭证' })).toBeVisible();
    await expect(page.getByRole('list', { name: '稿件处理阶段' }).locator('li[data-state="done"]')).not.toHaveCount(0);

    await open('生成式人工智能训练数据的合理使用');
    await expect(statusOf(page)).toHaveText('已撤稿');
    const response = page.waitForEvent('download');
    await page.getByRole('region', { name: '稿件文件' }).locator('tr[data-file-kind="receipt"]').getByRole('link').click();
    expect((await downloaded(await response)).head).toBe('%PDF-');
  });

  test("another author's manuscript is not found, and a submitted one is not edited as a draft", async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const paper = await submitted(token, 'SJFX', `稿件访问控制测试（${testInfo.project.name}）`);
    await page.goto(`/upload/info?paperId=${paper.id}`);
    await expect(page).toHaveURL(new RegExp(`/personal/manuscripts/${paper.id}$`));
    const response = await page.goto('/personal/manuscripts/1');
    expect(response?.status()).toBe(404);
    const download = await page.request.get('/personal/manuscripts/1/download/offer', { maxRedirects: 0 });
    expect(download.status()).toBe(302);
  });
});

test.describe('revision and editing', () => {
  test('a double-submitted revision is submitted once, and a resubmitted form changes nothing', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const paper = await submitted(token, 'SJFX', `返修重复提交测试稿件（${testInfo.project.name}）`);
    await advance(paper.id, 'revision');
    await page.goto(`/updatePaperInfo?id=${paper.id}&step=file`);
    const action = await page.locator('form[enctype="multipart/form-data"]').getAttribute('action');
    expect(action).toMatch(/key=/);
    const letter = '已按审稿意见逐条修改，补充了比较法部分的文献综述。';
    await page.getByLabel('修改说明').fill(letter);
    const revised = manuscriptDocx('返修重复提交测试稿件（修改稿）');
    await page.getByLabel('修改稿文件').setInputFiles({ name: '修改稿.docx', mimeType: DOCX_TYPE, buffer: revised });
    await page.getByRole('button', { name: '提交修改稿' }).dblclick();
    await expect(page).toHaveURL(new RegExp(`/personal/manuscripts/${paper.id}\\?done=revision$`));
    await expect(statusOf(page)).toHaveText('返修已提交');
    await expect(page.locator('tr[data-file-kind="revision"]')).toHaveCount(1);

    // The same multipart form sent again (the browser's "resubmit"): the same answer, no second revision.
    const again = await page.request.post(action!, {
      multipart: { id: String(paper.id), responseLetter: letter, file: { name: '修改稿.docx', mimeType: DOCX_TYPE, buffer: revised } },
      headers: { Origin: E2E.baseUrl },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    expect(again.headers()['location']).toBe(`/personal/manuscripts/${paper.id}?done=revision`);
    await page.reload();
    await expect(page.locator('tr[data-file-kind="revision"]')).toHaveCount(1);
  });

  test('a too short 修改说明 is refused and kept; the information of a submitted manuscript can be edited, emptied fields included', async ({
    page,
    context,
  }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const paper = await submitted(token, 'SJFX', `稿件信息修改测试（${testInfo.project.name}）`);
    await sandboxPost(`${PAPER}/manuscriptContentModification`, { id: paper.id, fund: '国家社会科学基金项目（23BFX099）' }, token);
    await page.goto(`/personal/manuscripts/${paper.id}`);
    await expect(page.getByRole('link', { name: '提交修改稿' })).toHaveCount(0);
    await page.getByRole('link', { name: '修改稿件信息' }).click();
    await expect(page).toHaveURL(new RegExp(`/updatePaperInfo\\?id=${paper.id}$`));
    await page.getByLabel('关键词').fill('数据跨境；安全评估；标准合同；个人信息出境');
    await page.getByLabel('基金项目及编号').fill('');
    await page.getByRole('button', { name: '下一步：核对修改' }).click();
    const changes = page.getByTestId('changes');
    await expect(changes.getByRole('row', { name: /关键词/ })).toContainText('个人信息出境');
    await expect(changes.getByRole('row', { name: /基金项目/ })).toContainText('（空）');
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(page).toHaveURL(new RegExp(`/personal/manuscripts/${paper.id}\\?done=edit$`));
    await expect(page.getByRole('status').filter({ hasText: '稿件信息已修改' })).toBeVisible();
    await expect(page.locator('main')).toContainText('个人信息出境');
    await expect(page.locator('main')).not.toContainText('23BFX099');

    // In revision: a 修改说明 under 10 characters is refused, and what was typed stays.
    await advance(paper.id, 'revision');
    await page.goto(`/updatePaperInfo?id=${paper.id}&step=file`);
    await page.getByLabel('修改说明').fill('已修改');
    await page.getByLabel('修改稿文件').setInputFiles({ name: '修改稿.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: '提交修改稿' }).click();
    await expect(page.getByText(/修改说明(应为10-5000个字符|不少于10个字符)/).first()).toBeVisible();
    await expect(page.getByLabel('修改说明')).toHaveValue('已修改');
    expect((await listOf(token, 'revision')).total).toBe(1);
  });

  test('@js-only the manuscript pages pass axe (WCAG 2.1 A/AA)', async ({ page, context }, testInfo) => {
    // Four pages, each with a whole axe run: more than one page's time.
    test.slow();
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const paper = await submitted(token, 'SJFX', `无障碍检查测试稿件（${testInfo.project.name}）`);
    await advance(paper.id, 'revision', '审稿意见：请补充文献。');
    const paying = await submitted(token, 'SZFZ', `无障碍检查缴费稿件（${testInfo.project.name}）`);
    await advance(paying.id, 'proof');
    await sandboxPost(`${PAPER}/checkTheChanges`, { id: paying.id, confirm: true }, token);
    for (const path of [
      '/personal/manuscripts',
      `/personal/manuscripts/${paper.id}`,
      `/personal/manuscripts/${paper.id}/retract`,
      `/updatePaperInfo?id=${paper.id}`,
      `/updatePaperInfo?id=${paper.id}&step=file`,
      `/personal/manuscripts/${paying.id}/payment`,
      `/personal/manuscripts/${paying.id}`,
      `/personal/manuscripts/${paper.id}/preview/info`,
      '/personal/manuscripts/achievements',
    ]) {
      await page.goto(path);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});

test.describe('submission safety', () => {
  test('the parallel-submission limit is shown clearly, on the journal page and at confirmation', async ({ page, context }, testInfo) => {
    test.setTimeout(60_000);
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const draft = await completeDraft(token, 'SZFZ', `一稿多投限制测试草稿（${testInfo.project.name}）`);
    for (let i = 1; i <= 5; i += 1) await submitted(token, 'SZFZ', `并行投稿限制测试第${i}篇（${testInfo.project.name}）`);

    await page.goto('/upload?redirectGch=SZFZ');
    await expect(page.getByRole('alert')).toContainText('您在该刊审理中的稿件已达5篇');
    await expect(page.getByLabel('稿件文件')).toHaveCount(0);

    await page.goto(`/upload/confirm?paperId=${draft}`);
    await page.getByLabel('验证码').fill(await captchaText(await page.locator('input[name="uuid"]').inputValue()));
    await page.getByRole('button', { name: '确认投稿' }).click();
    const alert = page.getByRole('alert').filter({ hasText: '投稿未成功' });
    await expect(alert).toContainText('投稿未成功，您填写的信息已保存');
    await expect(alert).toContainText('已达5篇');
    expect((await listOf(token, 'draft')).total).toBe(1);
  });

  test('a double-submitted confirmation creates one manuscript', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const draft = await completeDraft(token, 'SJFX', `重复提交测试稿件（${testInfo.project.name}）`);
    await page.goto(`/upload/confirm?paperId=${draft}`);
    const uuid = await page.locator('input[name="uuid"]').inputValue();
    const captcha = await captchaText(uuid);
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();
    await page.getByLabel('验证码').fill(captcha);
    await page.getByRole('button', { name: '确认投稿' }).dblclick();
    await expect(page.getByRole('heading', { name: '投稿成功' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/upload/result\\?paperId=${draft}$`));

    // The same form sent once more (a resubmitted form): the same manuscript, nothing new.
    const again = await page.request.post(`/upload/confirm?paperId=${draft}`, {
      form: { idempotencyKey: key, uuid, captcha },
      headers: { Origin: E2E.baseUrl },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    expect(again.headers()['location']).toBe(`/upload/result?paperId=${draft}`);
    const all = await listOf(token);
    expect(all.total).toBe(1);
    expect(all.records[0]?.status).toBe('submitted');
  });

  test('an upload that fails on the way says so, and a file that can no longer be read says to choose it again @js-only', async ({
    page,
    context,
    consoleProblems,
  }, testInfo) => {
    await freshAuthor(context, testInfo, 'ms');
    const dir = await mkdtemp(join(tmpdir(), 'ms-e2e-'));
    const path = join(dir, '稿件.pdf');
    await writeFile(path, PDF);
    try {
      await page.goto('/upload?redirectGch=SJFX');
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      const file = page.getByLabel('稿件文件');

      // The connection fails during the upload: sending again may work.
      await page.route('**/manage/author/paper/authorManuscriptUpload', (route) => route.abort('connectionreset'));
      await file.setInputFiles(path);
      await page.getByRole('button', { name: '上传稿件' }).click();
      await expect(page.getByText('网络异常，上传未完成，请重试')).toBeVisible();
      await page.unroute('**/manage/author/paper/authorManuscriptUpload');

      // The file was chosen, then deleted before the button was pressed: sending again cannot work.
      await rm(dir, { recursive: true });
      await page.getByRole('button', { name: '上传稿件' }).click();
      await expect(page.getByText('无法读取所选文件，请重新选择')).toBeVisible();
      await expect(page.getByText('网络异常，上传未完成，请重试')).toHaveCount(0);
      await expect(page).toHaveURL(/\/upload\?redirectGch=SJFX$/);
      // Chromium logs each failure provoked here once; any other console error still fails the test.
      for (const provoked of [/net::ERR_CONNECTION_RESET/, /net::ERR_FILE_NOT_FOUND/]) {
        const index = consoleProblems.findIndex((problem) => provoked.test(problem));
        expect(index, String(provoked)).toBeGreaterThanOrEqual(0);
        consoleProblems.splice(index, 1);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('an upload over the size limit is refused with a Chinese message (413)', async ({ page, context }, testInfo) => {
    test.setTimeout(90_000);
    await freshAuthor(context, testInfo, 'ms');
    const dir = await mkdtemp(join(tmpdir(), 'ms-e2e-'));
    const path = join(dir, '超大稿件.pdf');
    const big = Buffer.alloc(51 * 1024 * 1024, 0x20);
    big.write('%PDF-1.4\n');
    await writeFile(path, big);
    try {
      await page.goto('/upload?redirectGch=SJFX');
      await page.getByLabel('稿件文件').setInputFiles(path);
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '上传稿件' }).click();
      // With JavaScript the size is checked before sending; without it the portal answers 413 before reading the body.
      await expect(page.getByText(/文件大小不能超过50MB|文件过大，最大允许 50 MB/).first()).toBeVisible({ timeout: 30_000 });

      // A client that sends it anyway: 413 with the Chinese page, answered from Content-Length alone.
      const cookies = (await context.cookies(E2E.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
      const answer = await postDeclaringLength('/upload?redirectGch=SJFX', cookies, big.length + 300);
      expect(answer.status).toBe(413);
      expect(answer.type).toMatch(/text\/html/);
      expect(answer.body).toContain('文件过大，最大允许 50 MB');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

test.describe('format check, generated files, scheduling, achievements and calls for papers', () => {
  test('the 格式审查 shows each item; remarks are validated, kept on a refusal and persist', async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const paper = await submitted(token, 'SJFX', `格式审查测试稿件（${testInfo.project.name}）`);
    await page.goto(`/personal/manuscripts/${paper.id}`);
    const format = page.getByRole('region', { name: '格式审查' });
    // The submitted manuscript has no English title and no 查重 yet: not passed.
    await expect(format.getByTestId('format-result')).toContainText('项未达到要求');
    await expect(format.getByRole('row', { name: /英文标题/ })).toContainText('未提供');
    await expect(format.getByRole('row', { name: /英文标题/ })).toContainText('不符合');
    await expect(format.getByRole('row', { name: /通讯作者/ })).toContainText('符合');
    await expect(format.getByRole('row', { name: /关键词/ })).toContainText('3-5个');
    // The 查重 has not run: it waits, and is not shown as failed.
    const similarity = format.getByRole('row', { name: /查重/ });
    await expect(similarity).toContainText('待检测');
    await expect(similarity).not.toContainText('不符合');
    await expect(similarity).toHaveAttribute('data-status', 'pending');

    // Empty: refused with the field's message.
    await format.getByRole('button', { name: '提交格式说明' }).click();
    await expect(format.getByText('请填写格式说明')).toBeVisible();
    await expect(format.getByLabel('给编辑部的格式说明')).toHaveAttribute('aria-invalid', 'true');

    // Too long (posted as a browser without the maxlength would): 400, the text kept, nothing saved.
    const tooLong = '格'.repeat(1001);
    const refused = await page.request.post(`/personal/manuscripts/${paper.id}`, {
      form: { intent: 'formatRemarks', remarks: tooLong },
      headers: { Origin: E2E.baseUrl },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('格式说明不能超过1000个字符');
    const before = await sandboxPost<{ remarks: string | null }>(`${PAPER}/showPaperFormat`, { id: paper.id }, token);
    expect(before.entity.remarks).toBeNull();

    const remarks = '英文标题已在修改稿中补充：Legal Regulation of Cross-border Data Flows；查重报告待编辑部出具。';
    await format.getByLabel('给编辑部的格式说明').fill(remarks);
    await format.getByRole('button', { name: '提交格式说明' }).click();
    await expect(page.getByText('格式说明已提交').first()).toBeVisible();
    await expect(page.getByRole('region', { name: '格式审查' }).getByLabel('给编辑部的格式说明')).toHaveValue(remarks);
    const saved = await sandboxPost<{ remarks: string | null }>(`${PAPER}/showPaperFormat`, { id: paper.id }, token);
    expect(saved.entity.remarks).toBe(remarks);
    await page.reload();
    await expect(page.getByRole('region', { name: '格式审查' }).getByLabel('给编辑部的格式说明')).toHaveValue(remarks);
  });

  test("generated files preview in a new window, the Word version and the editors' proof download, and the schedule shows", async ({
    page,
    context,
  }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const paper = await submitted(token, 'SJFX', `生成文件与排期测试稿件（${testInfo.project.name}）`);
    await page.goto(`/personal/manuscripts/${paper.id}`);
    const files = page.getByRole('region', { name: '稿件文件' });
    // Before acceptance: no acceptance letter, no schedule.
    await expect(files.getByRole('link', { name: /预览录用通知/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: '缴费与刊期' })).toHaveCount(0);
    await expect(files.getByRole('link', { name: /预览稿件信息表/ })).toHaveAttribute('target', '_blank');

    // The 稿件信息表 (a .docx) is shown as its text, with a download through the portal.
    await page.goto(`/personal/manuscripts/${paper.id}/preview/info`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('稿件信息表预览');
    await expect(page.getByTestId('file-preview')).toContainText(`稿件编号：${paper.manuscriptNo}`);
    await expect(page.getByTestId('file-preview')).toContainText('生成文件与排期测试稿件');
    const href = await page.getByRole('link', { name: '下载该文件' }).getAttribute('href');
    expect(href).toMatch(/^\/api\/attachmentApi\/download\?hash=[0-9a-f]{64}&fileName=/);
    const html = await page.content();
    expect(html).not.toContain(token);
    await page.goto(`/personal/manuscripts/${paper.id}/preview/titlePage`);
    await expect(page.getByTestId('file-preview')).toContainText('王五');

    // The Word version: this manuscript was uploaded as a PDF, so the generated 稿件信息表.
    await page.goto(`/personal/manuscripts/${paper.id}`);
    const word = page.waitForEvent('download');
    await files.getByRole('link', { name: '下载稿件 Word 版' }).click();
    const wordFile = await downloaded(await word);
    expect(wordFile.head.slice(0, 2)).toBe('PK');
    expect(wordFile.name).toMatch(/^稿件信息表.*\.docx$/);

    // Accepted: the acceptance letter previews as a PDF inline; the schedule is shown.
    await advance(paper.id, 'accepted');
    await page.reload();
    const schedule = page.getByRole('region', { name: '缴费与刊期' });
    await expect(schedule.getByTestId('schedule-issue')).toHaveText(/\d{4}年第\d+期/);
    await expect(schedule.getByTestId('schedule-fee')).toHaveText('暂未产生');
    await expect(schedule.getByTestId('schedule-published')).toHaveText('尚未刊出');
    const preview = await page.request.get(`/personal/manuscripts/${paper.id}/preview/offer`, { maxRedirects: 0 });
    expect(preview.status()).toBe(302);
    const location = preview.headers()['location'] ?? '';
    expect(location).toMatch(/^\/api\/attachmentApi\/fileBrowsing\?hash=[0-9a-f]{64}/);
    const inline = await page.request.get(location);
    expect(inline.headers()['content-type']).toBe('application/pdf');
    expect(inline.headers()['content-disposition']).toMatch(/^inline/);
    expect((await inline.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Proof: the editors' proof file (getCheckTheChangesAttachment) downloads.
    await advance(paper.id, 'proof');
    await page.reload();
    const proof = page.waitForEvent('download');
    await page.getByTestId('editors-file').click();
    expect((await downloaded(await proof)).head).toBe('%PDF-');

    // Payment: the fee is due; the payment page shows the issues being put together.
    await sandboxPost(`${PAPER}/checkTheChanges`, { id: paper.id, confirm: true }, token);
    await page.reload();
    await expect(page.getByRole('region', { name: '缴费与刊期' }).getByTestId('schedule-fee')).toContainText('待缴纳');
    await page.goto(`/personal/manuscripts/${paper.id}/payment`);
    const issues = page.getByRole('region', { name: /本刊组稿中的刊期/ });
    await expect(issues.getByRole('row')).not.toHaveCount(0);
    await expect(issues).toContainText('（本稿拟刊）');
    const remainder = await sandboxPost<{ remainder: number }[]>(`${PAPER}/getRemainderIssue`, { id: paper.id }, token);
    await expect(issues.getByRole('row')).toHaveCount(remainder.entity.length + 1);
  });

  test('我的成果 lists the published manuscripts with links to the articles', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/personal/manuscripts');
    await page.getByRole('link', { name: '我的成果' }).click();
    await expect(page).toHaveURL(/\/personal\/manuscripts\/achievements$/);
    await expect(sideNav(page).getByRole('link', { name: '我的稿件' })).toHaveAttribute('aria-current', 'page');
    const items = page.getByRole('list', { name: '我的成果' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('已刊出');
    await expect(items.first()).toContainText('《数据法学》');
    // The published article is demo_author's own: the same title, and its author. (Read from
    // the backend, not opened: opening it would add to demo_author's reading history.)
    const read = items.first().getByRole('link', { name: /阅读全文/ });
    await expect(read).toHaveAttribute('href', /^\/journal\/detail\?id=\d+$/);
    const articleId = Number(new URL((await read.getAttribute('href'))!, E2E.baseUrl).searchParams.get('id'));
    const published = (await sandboxPost<{ title: string; authors: { name: string }[] }>('/api/paperSearchApi/literatureBaseDetails', { id: articleId }))
      .entity!;
    expect(published.title).toBe('数据跨境流动安全评估制度的完善');
    expect(published.authors.map((a) => a.name)).toContain('张晓明');
    await items
      .first()
      .getByRole('link', { name: /稿件详情/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('数据跨境流动安全评估制度的完善');
    await expect(page.getByRole('region', { name: '缴费与刊期' }).getByTestId('schedule-published')).toHaveText('已刊出');
  });

  test('a fresh author has no achievements, and the page says so', async ({ page, context }, testInfo) => {
    await freshAuthor(context, testInfo, 'ms');
    await page.goto('/personal');
    await page.getByRole('link', { name: '我的成果' }).click();
    await expect(page).toHaveURL(/\/personal\/manuscripts\/achievements$/);
    await expect(page.getByText('暂无已刊出的成果。')).toBeVisible();
  });

  test("submit to an open 征稿活动 from the journal's submission page", async ({ page, context }, testInfo) => {
    const { token } = await freshAuthor(context, testInfo, 'ms');
    const journal = await sandboxPost<{ journalId: number }>('/manage/journal/journal/getSubmissionPremiseByGch', { gch: 'SJFX' }, token);
    const themes = await sandboxPost<{ id: number; title: string }[]>(
      '/manage/journal/theme/getThemeByJournalId',
      { journalId: journal.entity.journalId, status: 'open' },
      token,
    );
    const theme = themes.entity[0]!;

    await page.goto('/upload?redirectGch=SJFX');
    const activities = page.getByRole('region', { name: '征稿活动' });
    await expect(activities).toContainText(theme.title);
    await activities.getByRole('link', { name: `向该活动投稿：${theme.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/upload\\?redirectGch=SJFX&themeId=${theme.id}$`));
    await expect(page.getByTestId('activity-current')).toContainText(theme.title);

    const title = `征稿活动投稿测试稿件（${testInfo.project.name}）`;
    await page.getByLabel('稿件文件').setInputFiles({ name: '活动投稿.docx', mimeType: DOCX_TYPE, buffer: manuscriptDocx(title) });
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '上传稿件' }).click();
    await expect(page).toHaveURL(/\/upload\/info\?paperId=\d+/);
    const paperId = Number(new URL(page.url()).searchParams.get('paperId'));
    const detail = await sandboxPost<{ channel: string; themeId: number | null; title: string }>(`${PAPER}/show`, { id: paperId }, token);
    expect(detail.entity.channel).toBe('activity');
    expect(detail.entity.themeId).toBe(theme.id);
    expect(detail.entity.title).toBe(title);

    // An activity that is not open: said, and no upload offered under it.
    await page.goto('/upload?redirectGch=SJFX&themeId=999999');
    await expect(page.getByRole('alert')).toContainText('该征稿活动不存在或已截止');
    await expect(page.getByLabel('稿件文件')).toHaveCount(0);
  });
});
