import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../pdf.js';
import { buildDocx } from '../docx.js';
import { startTestSandbox, wordLikeDocx, type TestSandbox } from '../testing.js';

let sb: TestSandbox;
let token: string;
const LIMIT = 64 * 1024;
const P = '/manage/author/paper';

beforeAll(async () => {
  sb = await startTestSandbox(20, { uploadLimitBytes: LIMIT });
  token = await sb.login();
});
afterAll(() => sb.close());

const pdf = buildPdf({ title: 'Manuscript', lines: ['A sample manuscript.'] });

async function captcha(): Promise<{ uuid: string; captcha: string }> {
  const uuid = `cap-${Math.random().toString(36).slice(2)}`;
  const img = await sb.fetch(`${P}/calculateCaptcha?uuid=${uuid}`, { token });
  expect(img.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  await img.arrayBuffer();
  const answer = (await sb.get<{ text: string }>(`/__sandbox/captcha?uuid=${uuid}`)).body.entity.text;
  return { uuid, captcha: answer };
}

const AUTHORS = [
  { name: '李明', institution: '北京大学法学院' },
  { name: '赵丽', institution: '复旦大学法学院', email: 'zhaoli@example.com', mobile: '13912345678', corresponding: true },
];

/** Uploads a docx and confirms it; returns the manuscript. */
async function submit(title: string, key = `key-${title}`) {
  const up = await sb.upload(`${P}/authorManuscriptUpload`, { name: 'paper.docx', data: wordLikeDocx() }, { journalId: 1 }, { token });
  expect(up.body).toMatchObject({ code: 200, message: '上传成功' });
  const body = {
    paperId: up.body.entity.paperId,
    idempotencyKey: key,
    columnId: 1,
    title,
    abstract: '本文讨论数据交易场所的法律定位。'.repeat(5),
    keywords: '数据交易；数据交易所；自律监管',
    authors: JSON.stringify(AUTHORS),
    agreement: 'on',
    ...(await captcha()),
  };
  const res = await sb.post(`${P}/authorManuscriptConfirmUpload`, body, { token, form: true });
  expect(res.body).toMatchObject({ code: 200, message: '投稿成功' });
  return { ...res.body.entity, confirmBody: body };
}

const advance = (id: number, stage: string) => sb.post(`/__sandbox/manuscripts/${id}/advance`, { stage });

/** Rejects the manuscripts these tests submitted that are still under review, so the parallel-submission limit (5) leaves room. */
async function makeRoom() {
  const reviewing = (await sb.post(`${P}/list`, { status: 'reviewing,revision', size: 100 }, { token })).body.entity.records as { id: number; title: string }[];
  for (const r of reviewing.filter((m) => m.title.includes('数据交易场所'))) await advance(r.id, 'rejected');
}

describe('auth', () => {
  it('answers 403 without a token or with a bad one', async () => {
    const none = await sb.post(`${P}/list`, {});
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ code: 403, message: '登录状态已失效，请重新登录' });
    expect((await sb.post('/manage/employee/employeeRecording/collectionList', {}, { token: 'nope' })).status).toBe(403);
    expect((await sb.upload(`${P}/authorManuscriptUpload`, { name: 'a.pdf', data: pdf }, { journalId: 1 })).status).toBe(403);
    expect((await sb.upload('/api/attachmentApi/upload', { name: 'a.pdf', data: pdf })).status).toBe(403);
  });
});

describe('upload (step 1)', () => {
  it('judges the type by content: a PDF renamed .docx and a text file renamed .pdf are refused', async () => {
    const renamed = await sb.upload(`${P}/authorManuscriptUpload`, { name: '论文.docx', data: pdf }, { journalId: 1 }, { token });
    expect(renamed.body).toMatchObject({ code: 400, success: false });
    expect(renamed.body.message).toMatch(/文件内容与扩展名不符/);
    const text = await sb.upload(`${P}/authorManuscriptUpload`, { name: 'x.pdf', data: 'just text' }, { journalId: 1 }, { token });
    expect(text.body.message).toBe('文件类型不正确，仅支持PDF、DOC、DOCX格式');
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
    const doc = await sb.upload(`${P}/authorManuscriptUpload`, { name: 'old.doc', data: ole }, { journalId: 1 }, { token });
    expect(doc.body).toMatchObject({ code: 200, entity: { status: 'draft', file: { fileType: 'doc' } } });
  });

  it('enforces the size limit while streaming (HTTP 413)', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(LIMIT + 10, 0x20)]);
    const res = await sb.upload(`${P}/authorManuscriptUpload`, { name: 'big.pdf', data: big }, { journalId: 1 }, { token });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 413, success: false, message: '文件大小不能超过64KB' });
  });

  it('refuses journals that do not take submissions', async () => {
    const res = await sb.upload(`${P}/authorManuscriptUpload`, { name: 'a.pdf', data: pdf }, { gch: 'WLXX' }, { token });
    expect(res.body.message).toBe('该期刊暂不接收在线投稿');
    const check = await sb.post(`${P}/getWhetherJournalBeUploaded`, { gch: 'WLXX' }, { token });
    expect(check.body.entity).toMatchObject({ canUpload: false });
  });

  it('creates a draft from a .docx, prefilled by the analysis, and streams the stored file back', async () => {
    const docx = wordLikeDocx();
    const up = await sb.upload(`${P}/authorManuscriptUpload`, { name: '数据交易.docx', data: docx }, { gch: 'SJFX' }, { token });
    const e = up.body.entity;
    expect(e).toMatchObject({ status: 'draft', manuscriptNo: null, title: '数据交易场所的法律定位', keywords: ['数据交易', '数据交易所', '自律监管'] });
    expect(e.authors.map((a: { name: string }) => a.name)).toEqual(['李明', '赵丽']);
    const analysed = await sb.post(`${P}/analysisPaperInfo`, { paperId: e.paperId }, { token });
    expect(analysed.body.entity).toMatchObject({ titleEn: 'On the Legal Status of Data Exchanges', fund: '国家社会科学基金项目(22BFX101)' });
    const file = await sb.fetch(e.file.downloadUrl);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(Buffer.from(await file.arrayBuffer()).equals(docx)).toBe(true);
  });
});

describe('confirm (step 2)', () => {
  it('needs the arithmetic captcha, assigns a 稿件编号 and is idempotent by key', async () => {
    const first = await submit('数据交易场所的法律定位研究', 'idem-key-0001');
    expect(first.manuscriptNo).toMatch(/^SJFX-\d{4}-\d{4}$/);
    expect(first).toMatchObject({ status: 'submitted', statusName: '已投稿', columnName: expect.any(String), correspondingAuthor: '赵丽' });
    const before = (await sb.post(`${P}/list`, {}, { token })).body.entity.total;
    // same key, even without a captcha: the same manuscript, no second one
    const again = await sb.post(`${P}/authorManuscriptConfirmUpload`, { ...first.confirmBody, captcha: '', uuid: '' }, { token, form: true });
    expect(again.body).toMatchObject({ code: 200, entity: { id: first.id, manuscriptNo: first.manuscriptNo } });
    expect((await sb.post(`${P}/list`, {}, { token })).body.entity.total).toBe(before);
    // a new key on the same (no longer draft) manuscript is refused
    const other = await sb.post(
      `${P}/authorManuscriptConfirmUpload`,
      { ...first.confirmBody, idempotencyKey: 'idem-key-0002', ...(await captcha()) },
      { token, form: true },
    );
    expect(other.body.message).toBe('该稿件已提交，请勿重复提交');
  });

  it('validates the form with Chinese messages', async () => {
    const up = await sb.upload(`${P}/authorManuscriptUpload`, { name: 'a.pdf', data: pdf }, { journalId: 1 }, { token });
    const base = {
      paperId: up.body.entity.paperId,
      idempotencyKey: 'idem-validate-1',
      columnId: 1,
      title: '一个合格的标题',
      abstract: '摘'.repeat(60),
      keywords: ['甲', '乙', '丙'],
      authors: AUTHORS,
      agreement: true,
    };
    const noCaptcha = await sb.post(`${P}/authorManuscriptConfirmUpload`, base, { token });
    expect(noCaptcha.body.message).toBe('请输入验证码');
    const noCorr = await sb.post(`${P}/authorManuscriptConfirmUpload`, { ...base, authors: [AUTHORS[0]], ...(await captcha()) }, { token });
    expect(noCorr.body.message).toBe('请指定通讯作者');
    const kw = await sb.post(`${P}/authorManuscriptConfirmUpload`, { ...base, keywords: '甲', ...(await captcha()) }, { token });
    expect(kw.body.message).toBe('关键词请填写3-8个');
    const wrongColumn = await sb.post(`${P}/authorManuscriptConfirmUpload`, { ...base, columnId: 8, ...(await captcha()) }, { token });
    expect(wrongColumn.body.message).toBe('栏目不属于该期刊');
  });
});

describe('stage machine', () => {
  it('advances through 初审 and 外审 to 录用 with events, messages and a PDF acceptance letter', async () => {
    const ms = await submit('论数据交易场所的自律监管');
    const res = await advance(ms.id, 'accepted');
    expect(res.body.entity.path).toEqual(['initial_review', 'external_review', 'accepted']);
    const flow = (await sb.post(`${P}/getPaperWorkFlow`, { id: ms.id }, { token })).body.entity;
    expect(flow.events.map((e: { stage: string }) => e.stage)).toEqual(['draft', 'submitted', 'initial_review', 'external_review', 'accepted']);
    expect(flow.steps.find((s: { stage: string }) => s.stage === 'accepted').state).toBe('current');
    expect(flow.steps.find((s: { stage: string }) => s.stage === 'revision').state).toBe('skipped');
    const msgs = (await sb.post('/manage/author/paperVerifyMessage/getPaperVerifyMessage', { paperId: ms.id }, { token })).body.entity;
    expect(msgs.records[0]).toMatchObject({ stage: 'accepted', sender: '编辑部' });
    const letter = await sb.fetch(`${P}/downloadTheOfferNotice?id=${ms.id}`, { token });
    expect(letter.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await letter.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await sb.post(`${P}/getGenerateOffer`, { id: ms.id }, { token })).body.entity.generated).toBe(true);
    // no retraction once accepted; no illegal jumps
    const refused = await sb.post(`${P}/applyForRetraction`, { id: ms.id, reason: '希望撤回稿件另投' }, { token });
    expect(refused.body).toMatchObject({ code: 400, message: '稿件已录用，不能在线撤稿，请联系编辑部' });
    expect((await advance(ms.id, 'draft')).body.success).toBe(false);
  });

  it('allows retraction under review, with a retraction response in the messages', async () => {
    const ms = await submit('数据交易场所的信息披露义务');
    await advance(ms.id, 'external_review');
    const res = await sb.post(`${P}/applyForRetraction`, { id: ms.id, reason: '需要补充新的实证材料' }, { token });
    expect(res.body).toMatchObject({ code: 200, message: '撤稿申请已提交', entity: { status: 'retracted', retractReason: '需要补充新的实证材料' } });
    const list = (await sb.post('/manage/employee/employeeNewsletter/list', { type: 3 }, { token })).body.entity.records;
    const msg = list.find((m: { paperId: number }) => m.paperId === ms.id);
    expect(msg).toMatchObject({ typeName: '撤稿回执', hasAttachment: true });
    const pdfRes = await sb.fetch(`/manage/employee/employeeNewsletter/downloadRetractionResponse?id=${msg.id}`, { token });
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
  });

  it('takes a revision (multipart) back into review', async () => {
    const ms = await submit('数据交易场所的准入规则');
    await advance(ms.id, 'revision');
    const res = await sb.upload(
      `${P}/submitChanges`,
      { name: '修改稿.pdf', data: pdf },
      { id: ms.id, responseLetter: '已按审稿意见补充文献并修改第二部分。' },
      { token },
    );
    expect(res.body).toMatchObject({ code: 200, entity: { status: 'revised' } });
    expect(res.body.entity.files.map((f: { kind: string }) => f.kind)).toContain('revision');
    const again = await sb.upload(
      `${P}/submitChanges`,
      { name: '修改稿.pdf', data: pdf },
      { id: ms.id, responseLetter: '再次提交修改稿以作测试。' },
      { token },
    );
    expect(again.body.message).toMatch(/无需提交修改稿/);
  });

  it('takes a revision once per idempotency key (a double click, a resubmitted form)', async () => {
    await makeRoom();
    const ms = await submit('数据交易场所的登记规则');
    await advance(ms.id, 'revision');
    const fields = { id: ms.id, responseLetter: '已按审稿意见补充登记规则的比较研究。', idempotencyKey: 'rev-key-0001' };
    const first = await sb.upload(`${P}/submitChanges`, { name: '修改稿.pdf', data: pdf }, fields, { token });
    expect(first.body).toMatchObject({ code: 200, message: '修改稿提交成功', entity: { status: 'revised' } });
    const again = await sb.upload(`${P}/submitChanges`, { name: '修改稿.pdf', data: pdf }, fields, { token });
    expect(again.body).toMatchObject({ code: 200, message: '修改稿提交成功', entity: { id: ms.id, status: 'revised' } });
    expect(again.body.entity.files.filter((f: { kind: string }) => f.kind === 'revision')).toHaveLength(1);
    // The key in the query works as well; a key of another manuscript is refused.
    const other = await submit('数据交易场所的信息登记');
    await advance(other.id, 'revision');
    const reused = await sb.upload(
      `${P}/submitChanges?idempotencyKey=rev-key-0001`,
      { name: '修改稿.pdf', data: pdf },
      { id: other.id, responseLetter: '已按审稿意见修改全文结构。' },
      { token },
    );
    expect(reused.body).toMatchObject({ code: 400, message: 'idempotencyKey已用于其他稿件' });
  });

  it('edits the information of a submitted manuscript, and empties the optional texts named in `clear`', async () => {
    await makeRoom();
    const ms = await submit('数据交易场所的自律规则研究');
    const set = await sb.post(`${P}/manuscriptContentModification`, { id: ms.id, fund: '国家社会科学基金项目(23BFX001)', remark: '请编辑部审阅' }, { token });
    expect(set.body.entity).toMatchObject({ fund: '国家社会科学基金项目(23BFX001)', remark: '请编辑部审阅' });
    // An empty value alone keeps the field.
    const kept = await sb.post(`${P}/manuscriptContentModification`, { id: ms.id, fund: '' }, { token, form: true });
    expect(kept.body.entity.fund).toBe('国家社会科学基金项目(23BFX001)');
    const cleared = await sb.post(`${P}/manuscriptContentModification`, { id: ms.id, clear: ['fund', 'remark', 'title'] }, { token });
    expect(cleared.body).toMatchObject({ code: 200, message: '修改成功', entity: { fund: null, remark: null, title: '数据交易场所的自律规则研究' } });
    const form = await sb.post(`${P}/manuscriptContentModification`, { id: ms.id, titleEn: 'On Self-regulation', clear: 'titleEn' }, { token, form: true });
    expect(form.body.entity.titleEn).toBe('On Self-regulation');
  });
});

describe('payment', () => {
  it('proof → payment creates an order; the simulated payment lets the manuscript be published', async () => {
    await makeRoom();
    const ms = await submit('数据交易场所的收费规则');
    await advance(ms.id, 'proof');
    const proof = await sb.fetch(`${P}/downloadTheEntireProof?id=${ms.id}`, { token });
    expect(proof.headers.get('content-type')).toBe('application/pdf');
    await proof.arrayBuffer();
    const checked = await sb.post(`${P}/checkTheChanges`, { id: ms.id, confirm: true }, { token });
    expect(checked.body.entity).toMatchObject({ status: 'payment', proofConfirmed: true });

    expect((await sb.post('/manage/journal/issue/whetherCanBePaid', { paperId: ms.id }, { token })).body.entity).toMatchObject({ canPay: true, paid: false });
    const order = (await sb.post('/manage/fund/pay/getOrderSubmissionInformation', { paperId: ms.id }, { token })).body.entity;
    expect(order).toMatchObject({ status: 'unpaid', unitPrice: 200, currency: 'CNY' });
    expect(order.amount).toBe(order.pages * 200);
    expect((await advance(ms.id, 'published')).body.message).toBe('版面费尚未缴纳，稿件不能刊出');

    const paid = await sb.post('/manage/fund/pay/confirmThePayment', { orderNo: order.orderNo, payMethod: 'alipay', needInvoice: true }, { token });
    expect(paid.body).toMatchObject({ message: '支付成功', entity: { status: 'paid', payMethod: 'alipay', invoice: { title: '中国人民大学' } } });
    const twice = await sb.post('/manage/fund/pay/confirmThePayment', { orderNo: order.orderNo }, { token });
    expect(twice.body).toMatchObject({ message: '订单已支付', entity: { transactionNo: paid.body.entity.transactionNo } });
    const receipt = await sb.fetch(`/manage/fund/fullProofOrder/download?orderNo=${order.orderNo}`, { token });
    expect(receipt.headers.get('content-type')).toBe('application/pdf');
    await receipt.arrayBuffer();
    expect((await advance(ms.id, 'published')).body.entity.manuscript).toMatchObject({ status: 'published' });
  });
});

describe('seeded manuscripts and journal data', () => {
  it('gives demo_author manuscripts in several stages', async () => {
    const list = (await sb.post(`${P}/list`, { size: 50 }, { token })).body.entity;
    const statuses = list.records.map((r: { status: string }) => r.status);
    for (const s of ['revision', 'accepted', 'external_review', 'payment', 'published', 'retracted']) expect(statuses).toContain(s);
    expect(list.statusCounts.revision).toBeGreaterThanOrEqual(1);
    const todo = (await sb.post(`${P}/list`, { status: 'todo' }, { token })).body.entity.records;
    expect(todo.every((r: { status: string }) => ['revision', 'proof', 'payment'].includes(r.status))).toBe(true);
    const items = (await sb.post(`${P}/unprocessedItems`, {}, { token })).body.entity;
    expect(items.revisions).toBeGreaterThanOrEqual(1);
    expect(items.payments).toBeGreaterThanOrEqual(1);
  });

  it('serves columns, themes, templates (a real .docx) and code tables', async () => {
    expect((await sb.post('/manage/journal/column/getColumnByPartId', { partId: 1 }, { token })).body.entity.length).toBe(7);
    expect((await sb.post('/manage/journal/theme/getThemeInclusionStatusByJournalId', { journalId: 1 }, { token })).body.entity.hasTheme).toBe(true);
    const tpl = (await sb.post('/manage/platform/fileTemplate/getAttachmentByType', { type: 1 }, { token })).body.entity;
    const file = await sb.fetch(tpl.downloadUrl);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const titles = (await sb.post('/manage/platform/coding/getCodingByFatherId', { fatherId: 1 }, { token })).body.entity;
    expect(titles[0]).toMatchObject({ fatherId: 1, name: '教授' });
  });
});

describe('reset', () => {
  it('clears the submission tables and reseeds them', async () => {
    const res = await sb.post('/__sandbox/reset', {});
    expect(res.body).toMatchObject({ code: 200 });
    const fresh = await sb.login();
    const list = (await sb.post(`${P}/list`, {}, { token: fresh })).body.entity;
    expect(list.total).toBe(6);
    const offer = await sb.fetch(`${P}/downloadTheOfferNotice?id=3`, { token: fresh });
    expect(offer.headers.get('content-type')).toBe('application/pdf');
    await offer.arrayBuffer();
  });
});

describe('the format check', () => {
  it('shows a check that has not run as pending, never as failed, with the rules the submission notice states', async () => {
    const sb = await startTestSandbox(5);
    try {
      const token = await sb.login();
      const up = await sb.upload<{ paperId: number }>(
        '/manage/author/paper/authorManuscriptUpload',
        { name: '稿件.docx', data: buildDocx(['格式检查', '正文'], '格式检查') },
        { gch: 'SJFX' },
        { token },
      );
      const report = (
        await sb.post<{ items: { name: string; ok: boolean; status: string; requirement: string }[] }>(
          '/manage/author/paper/showPaperFormat',
          { id: up.body.entity.paperId },
          { token },
        )
      ).body.entity;
      const similarity = report.items.find((item) => item.name.includes('查重'))!;
      expect(similarity.status).toBe('pending');
      for (const item of report.items) expect(['ok', 'failed', 'pending']).toContain(item.status);
      const notice = (await sb.post<{ notice: string }>('/manage/journal/journal/getSubmissionPremiseByGch', { gch: 'SJFX' }, { token })).body.entity.notice;
      for (const item of report.items.filter((i) => /\d/.test(i.requirement))) {
        const [lo, hi] = item.requirement.match(/\d+/g)!;
        expect(notice, item.name).toContain(hi ? `${lo}-${hi}` : `${lo}%`);
      }
    } finally {
      await sb.close();
    }
  });
});

describe('我的成果', () => {
  it('credits demo_author only with their own papers, under the manuscript that became each', async () => {
    const sb = await startTestSandbox(40);
    try {
      const token = await sb.login();
      const list = (
        await sb.post<{ records: { title: string; articleId: number | null; article: { title: string; authors: { name: string }[] } | null }[] }>(
          '/manage/author/paper/getAuthorAchievementsPaperList',
          { current: 1, size: 20 },
          { token },
        )
      ).body.entity.records;
      expect(list.length).toBeGreaterThan(0);
      for (const record of list) {
        expect(record.article, record.title).not.toBeNull();
        expect(record.article!.title).toBe(record.title);
        expect(record.article!.authors.map((a) => a.name)).toContain('张晓明');
      }
      // The article page and the search say the same.
      const id = list[0]!.articleId!;
      const detail = (await sb.post<{ title: string; authors: { name: string }[] }>('/api/paperSearchApi/literatureBaseDetails', { id })).body.entity;
      expect(detail.title).toBe(list[0]!.title);
      const found = (
        await sb.post<{ records: { id: number }[] }>('/api/paperSearchApi/dataJurisprudenceSearch', { query: '张晓明', field: 'author', current: 1, size: 10 })
      ).body.entity.records;
      expect(found.map((r) => r.id)).toContain(id);
    } finally {
      await sb.close();
    }
  });
});
