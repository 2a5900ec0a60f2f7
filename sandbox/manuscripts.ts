// Manuscripts: the stage machine, 稿件编号, workflow events, editors' messages, generated
// letters and the JSON shapes of the /manage/author/paper endpoints.
import type { DB } from './db.js';
import { bizError } from './http.js';
import { fileJson, recordRecipe, type Recipe } from './files.js';
import { hash32 } from './seed/prng.js';
import { STAGE_NAMES as STAGES, type Stage } from '../contract/manuscript-stages.js';

// The stage codes and names are the contract's, shared with the portal.
export { STAGE_NAMES as STAGES, STAGES as STAGE_KEYS, type Stage } from '../contract/manuscript-stages.js';

/** Legal moves, in the order the advance hook prefers them. */
export const TRANSITIONS: Record<Stage, Stage[]> = {
  draft: ['submitted'],
  submitted: ['initial_review', 'rejected', 'retracted'],
  initial_review: ['external_review', 'revision', 'rejected', 'retracted'],
  external_review: ['revision', 'accepted', 'rejected', 'retracted'],
  revision: ['revised', 'retracted'],
  revised: ['external_review', 'accepted', 'revision', 'initial_review', 'rejected', 'retracted'],
  accepted: ['proof'],
  proof: ['payment'],
  payment: ['published'],
  published: [],
  rejected: [],
  retracted: [],
};

/** Stages in which the author may withdraw the manuscript (before acceptance). */
export const RETRACTABLE: Stage[] = ['submitted', 'initial_review', 'external_review', 'revision', 'revised'];
/** Stages in which the author may still edit the metadata. */
export const EDITABLE: Stage[] = ['draft', 'submitted', 'revision'];
/** Stages before the decision: they count against the parallel-submission limit. */
export const UNDER_REVIEW: Stage[] = ['submitted', 'initial_review', 'external_review', 'revision', 'revised'];
/** Stages that count as "in progress" (account cancellation, duplicate titles). */
export const IN_PROGRESS: Stage[] = ['submitted', 'initial_review', 'external_review', 'revision', 'revised', 'accepted', 'proof', 'payment'];

/** The main line shown as the progress bar of getPaperWorkFlow. */
export const MAIN_LINE: { stage: Stage; name: string }[] = [
  { stage: 'submitted', name: '投稿' },
  { stage: 'initial_review', name: '初审' },
  { stage: 'external_review', name: '外审' },
  { stage: 'revision', name: '返修' },
  { stage: 'accepted', name: '录用' },
  { stage: 'proof', name: '校样' },
  { stage: 'payment', name: '缴费' },
  { stage: 'published', name: '刊出' },
];

export const FILE_KINDS = {
  original: '原稿',
  revision: '修改稿',
  edited: '编辑修改稿',
  proof: '校样',
  offer: '录用通知',
  response: '修改说明',
  receipt: '撤稿回执',
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** The journals' format rules: the submission notice states them and the format check applies them. */
export { SUBMISSION_RULES as FORMAT_RULES } from '../contract/submission-rules.js';

/** 版面费 per typeset page, in cents. */
export const PAGE_FEE_CENTS = 20_000;
/** Manuscripts one author may have under review (投稿至录用前) in one journal at a time. */
export const PARALLEL_LIMIT = 5;

export interface ManuscriptRow {
  id: number;
  employee_id: number;
  journal_id: number;
  column_id: number | null;
  theme_id: number | null;
  manuscript_no: string | null;
  channel: string;
  partner_unit: string | null;
  title: string;
  title_en: string | null;
  abstract: string;
  keywords: string;
  fund: string | null;
  paper_type: string;
  word_count: number;
  remark: string | null;
  status: Stage;
  similarity: number | null;
  format_remarks: string | null;
  retract_reason: string | null;
  planned_issue_id: number | null;
  article_id: number | null;
  fee_pages: number | null;
  proof_confirmed: number;
  proof_remark: string | null;
  submit_time: string | null;
  accept_time: string | null;
  created_at: string;
  updated_at: string;
  journal_name: string;
  gch: string;
  column_name: string | null;
}

export const MS_SELECT = `SELECT m.*, j.name AS journal_name, j.gch, c.name AS column_name
  FROM manuscripts m JOIN journals j ON j.id = m.journal_id LEFT JOIN columns c ON c.id = m.column_id`;

export function manuscriptRow(db: DB, id: number): ManuscriptRow | undefined {
  return db.prepare(`${MS_SELECT} WHERE m.id = ?`).get(id) as ManuscriptRow | undefined;
}

/** The caller's manuscript or a 404 (other users' manuscripts look absent). */
export function ownManuscript(db: DB, employeeId: number, id: number): ManuscriptRow {
  const row = manuscriptRow(db, id);
  if (!row || row.employee_id !== employeeId) throw bizError('稿件不存在', 404);
  return row;
}

export interface AuthorInput {
  name: string;
  institution: string;
  email?: string | undefined;
  mobile?: string | undefined;
  title?: string | undefined;
  corresponding: boolean;
}

interface AuthorRow {
  seq: number;
  name: string;
  institution: string;
  email: string | null;
  mobile: string | null;
  title: string | null;
  corresponding: number;
}

export function manuscriptAuthors(db: DB, id: number) {
  const rows = db
    .prepare('SELECT seq, name, institution, email, mobile, title, corresponding FROM manuscript_authors WHERE manuscript_id = ? ORDER BY seq')
    .all(id) as AuthorRow[];
  return rows.map((r) => ({
    order: r.seq,
    name: r.name,
    institution: r.institution,
    email: r.email,
    mobile: r.mobile,
    title: r.title,
    corresponding: r.corresponding === 1,
  }));
}

export function replaceAuthors(db: DB, id: number, authors: AuthorInput[]): void {
  db.prepare('DELETE FROM manuscript_authors WHERE manuscript_id = ?').run(id);
  const ins = db.prepare(`INSERT INTO manuscript_authors (manuscript_id, seq, name, institution, email, mobile, title, corresponding)
    VALUES (?,?,?,?,?,?,?,?)`);
  authors.forEach((a, i) => ins.run(id, i + 1, a.name, a.institution, a.email ?? null, a.mobile ?? null, a.title ?? null, a.corresponding ? 1 : 0));
}

// --- files ---

interface FileRow {
  id: number;
  kind: FileKind;
  version: number;
  hash: string;
  file_name: string;
  note: string | null;
  created_at: string;
  size: number;
  content_type: string;
  ext: string;
}

export function manuscriptFiles(db: DB, id: number, kind?: FileKind) {
  const rows = db
    .prepare(
      `SELECT f.id, f.kind, f.version, f.hash, f.file_name, f.note, f.created_at, b.size, b.content_type, b.ext
      FROM manuscript_files f JOIN blobs b ON b.hash = f.hash
      WHERE f.manuscript_id = ? ${kind ? 'AND f.kind = ?' : ''} ORDER BY f.id`,
    )
    .all(...(kind ? [id, kind] : [id])) as FileRow[];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    kindName: FILE_KINDS[r.kind] ?? r.kind,
    version: r.version,
    note: r.note,
    createTime: r.created_at,
    ...fileJson({ hash: r.hash, fileName: r.file_name, size: r.size, contentType: r.content_type, ext: r.ext }),
  }));
}

export type ManuscriptFile = ReturnType<typeof manuscriptFiles>[number];

export function latestFile(db: DB, id: number, kinds: FileKind[]): ManuscriptFile | undefined {
  const files = manuscriptFiles(db, id).filter((f) => kinds.includes(f.kind));
  return files[files.length - 1];
}

export function addFile(db: DB, id: number, kind: FileKind, hash: string, fileName: string, now: string, note: string | null = null): number {
  const v = (db.prepare('SELECT coalesce(max(version), 0) AS v FROM manuscript_files WHERE manuscript_id = ? AND kind = ?').get(id, kind) as { v: number }).v;
  db.prepare('INSERT INTO manuscript_files (manuscript_id, kind, version, hash, file_name, note, created_at) VALUES (?,?,?,?,?,?,?)').run(
    id,
    kind,
    v + 1,
    hash,
    fileName,
    note,
    now,
  );
  return v + 1;
}

// --- events, messages ---

export function addEvent(db: DB, id: number, stage: Stage, note: string, operator: string, now: string): void {
  db.prepare('INSERT INTO manuscript_events (manuscript_id, stage, note, operator, created_at) VALUES (?,?,?,?,?)').run(id, stage, note, operator, now);
}

export function addEditorMessage(db: DB, id: number, stage: Stage, sender: string, content: string, now: string): void {
  db.prepare('INSERT INTO manuscript_messages (manuscript_id, stage, sender, content, created_at) VALUES (?,?,?,?,?)').run(id, stage, sender, content, now);
}

export const MESSAGE_TYPES = { 1: '系统通知', 2: '稿件动态', 3: '撤稿回执', 4: '缴费通知' } as const;

export function notify(
  db: DB,
  employeeId: number,
  title: string,
  content: string,
  now: string,
  type: 1 | 2 | 3 | 4 = 2,
  manuscriptId: number | null = null,
): void {
  db.prepare('INSERT INTO messages (employee_id, title, content, is_read, create_time, type, manuscript_id) VALUES (?,?,?,0,?,?,?)').run(
    employeeId,
    title,
    content,
    now,
    type,
    manuscriptId,
  );
}

// --- numbers ---

/** 稿件编号: GCH-YEAR-NNNN, sequential per journal and year. */
export function allocateManuscriptNo(db: DB, journalId: number, gch: string, year: number): string {
  db.prepare(
    `INSERT INTO manuscript_sequences (journal_id, year, last) VALUES (?, ?, 1)
    ON CONFLICT(journal_id, year) DO UPDATE SET last = last + 1`,
  ).run(journalId, year);
  const { last } = db.prepare('SELECT last FROM manuscript_sequences WHERE journal_id = ? AND year = ?').get(journalId, year) as { last: number };
  return `${gch}-${year}-${String(last).padStart(4, '0')}`;
}

export function orderNoFor(msId: number, now: string): string {
  return `SJ${now.slice(0, 10).replace(/-/g, '')}${String(msId).padStart(6, '0')}`;
}

/** Typeset pages estimated from the length: about 1,800 characters per page, at least 6. */
export function estimatePages(wordCount: number): number {
  return Math.max(6, Math.ceil(wordCount / 1800));
}

/** Deterministic 查重 result between 4% and 24%. */
export function similarityOf(id: number, title: string): number {
  return Math.round((4 + (hash32(`sim-${id}-${title}`) % 2000) / 100) * 10) / 10;
}

// --- generated documents ---

const authorNames = (db: DB, id: number) =>
  manuscriptAuthors(db, id)
    .map((a) => a.name)
    .join('、') || '作者';

function plannedIssueText(db: DB, row: ManuscriptRow): string {
  const plan = row.planned_issue_id
    ? (db.prepare('SELECT year, issue_no FROM issue_plans WHERE id = ?').get(row.planned_issue_id) as { year: number; issue_no: number } | undefined)
    : undefined;
  return plan ? `${plan.year}年第${plan.issue_no}期` : '近期';
}

export function offerRecipe(db: DB, row: ManuscriptRow, date: string): Recipe {
  return {
    kind: 'cjkpdf',
    input: {
      title: `《${row.journal_name}》录用通知`,
      paragraphs: [
        `${authorNames(db, row.id)}：`,
        `您好！您投寄本刊的稿件《${row.title}》（稿件编号：${row.manuscript_no ?? ''}）经编辑部初审、同行专家匿名评审和主编终审，决定予以录用，拟刊发于${plannedIssueText(db, row)}（以最终出版为准）。`,
        '请您在收到本通知后15个工作日内登录数据法学期刊平台，核对稿件信息，按编辑部意见完成校样确认。稿件刊出前，请勿另投他刊。',
        '感谢您对本刊的支持！',
        '特此通知。',
      ],
      closing: [`《${row.journal_name}》编辑部`, date],
    },
  };
}

export function proofRecipe(db: DB, row: ManuscriptRow, date: string): Recipe {
  const kw = (JSON.parse(row.keywords) as string[]).join('；');
  return {
    kind: 'cjkpdf',
    input: {
      title: row.title,
      paragraphs: [
        `${authorNames(db, row.id)}`,
        '',
        `摘要：${row.abstract}`,
        `关键词：${kw}`,
        row.fund ? `基金项目：${row.fund}` : '',
        '',
        `（全文校样 · 稿件编号 ${row.manuscript_no ?? ''} · 排版日期 ${date}）`,
      ],
    },
  };
}

export function retractionRecipe(row: ManuscriptRow, reason: string, date: string): Recipe {
  return {
    kind: 'cjkpdf',
    input: {
      title: '撤稿申请回执',
      paragraphs: [
        '作者：',
        `您就稿件《${row.title}》（稿件编号：${row.manuscript_no ?? ''}）提交的撤稿申请已收到。编辑部已终止该稿件的处理流程，稿件状态变更为“已撤稿”。`,
        `撤稿理由：${reason}`,
        '撤稿后，您可自行处理该稿件。欢迎继续向本刊投稿。',
      ],
      closing: [`《${row.journal_name}》编辑部`, date],
    },
  };
}

export function receiptRecipe(
  order: { order_no: string; amount: number; pages: number; paid_at: string | null; pay_method: string | null },
  row: ManuscriptRow,
): Recipe {
  return {
    kind: 'cjkpdf',
    input: {
      title: '版面费缴费凭证',
      paragraphs: [
        `订单编号：${order.order_no}`,
        `稿件编号：${row.manuscript_no ?? ''}`,
        `稿件题名：${row.title}`,
        `计费版面：${order.pages}版 × ${(PAGE_FEE_CENTS / 100).toFixed(2)}元`,
        `缴费金额：${(order.amount / 100).toFixed(2)}元`,
        `支付方式：${PAY_METHODS[order.pay_method as PayMethod] ?? '—'}`,
        `支付时间：${order.paid_at ?? '未支付'}`,
      ],
      closing: [`《${row.journal_name}》编辑部`],
    },
  };
}

export const PAY_METHODS = { wechat: '微信支付', alipay: '支付宝', transfer: '对公转账' } as const;
export type PayMethod = keyof typeof PAY_METHODS;

export function titlePageRecipe(db: DB, row: ManuscriptRow): Recipe {
  const authors = manuscriptAuthors(db, row.id);
  const corr = authors.find((a) => a.corresponding);
  return {
    kind: 'docx',
    title: `${row.title}（标题页）`,
    paragraphs: [
      { text: row.title, bold: true, size: 32, center: true },
      ...(row.title_en ? [{ text: row.title_en, center: true }] : []),
      `稿件编号：${row.manuscript_no ?? '（未投稿）'}`,
      `作者：${authors.map((a) => `${a.name}（${a.institution}）`).join('；')}`,
      `通讯作者：${corr ? `${corr.name}，${corr.email ?? ''}，${corr.mobile ?? ''}` : '—'}`,
      `基金项目：${row.fund ?? '无'}`,
      `栏目：${row.column_name ?? '—'}`,
    ],
  };
}

// --- transitions ---

export interface TransitionOpts {
  now: string;
  note?: string | undefined;
  operator?: string | undefined;
}

const DEFAULT_NOTES: Record<Stage, string> = {
  draft: '创建草稿',
  submitted: '作者提交稿件',
  initial_review: '稿件进入初审，完成学术不端检测（查重）',
  external_review: '初审通过，送同行专家外审（双向匿名）',
  revision: '编辑部退作者修改（返修）',
  revised: '作者提交修改稿',
  accepted: '主编终审通过，稿件录用',
  proof: '稿件进入排版校对，请作者核对校样',
  payment: '校样确认完成，请缴纳版面费',
  published: '稿件已刊出',
  rejected: '稿件未通过评审，予以退稿',
  retracted: '作者申请撤稿，流程终止',
};

/**
 * Moves a manuscript one legal step, with the side effects of the target stage (number,
 * 查重, letters, order, messages). Returns the updated row.
 */
export function transition(db: DB, id: number, to: Stage, opts: TransitionOpts): ManuscriptRow {
  const row = manuscriptRow(db, id);
  if (!row) throw bizError('稿件不存在', 404);
  if (!TRANSITIONS[row.status].includes(to)) {
    throw bizError(`稿件当前状态为“${STAGES[row.status]}”，不能变更为“${STAGES[to]}”`);
  }
  const { now } = opts;
  const operator = opts.operator ?? (to === 'submitted' || to === 'revised' || to === 'retracted' ? '作者' : '编辑部');
  const set = (sql: string, ...args: unknown[]) => db.prepare(`UPDATE manuscripts SET ${sql} WHERE id = ?`).run(...args, id);

  if (to === 'published') {
    const paid = db.prepare(`SELECT 1 FROM payment_orders WHERE manuscript_id = ? AND status = 'paid'`).get(id);
    if (!paid) throw bizError('版面费尚未缴纳，稿件不能刊出');
  }
  set('status = ?, updated_at = ?', to, now);

  switch (to) {
    case 'submitted': {
      if (!row.manuscript_no) {
        set('manuscript_no = ?', allocateManuscriptNo(db, row.journal_id, row.gch, Number(now.slice(0, 4))));
      }
      set('submit_time = ?', now);
      break;
    }
    case 'initial_review':
      if (row.similarity === null) set('similarity = ?', similarityOf(id, row.title));
      break;
    case 'revision': {
      const content =
        opts.note ??
        '审稿意见：1. 文章问题意识较为明确，但第二部分对既有研究的梳理不够充分，请补充近三年的代表性文献；2. 比较法部分应说明域外制度的适用前提；3. 请规范注释格式，核对引文出处。请在30日内提交修改稿及修改说明。';
      addEditorMessage(db, id, to, '编辑部', content, now);
      notify(db, row.employee_id, '稿件需要修改', `您的稿件《${row.title}》需要修改，请查看审稿意见并在30日内提交修改稿。`, now, 2, id);
      break;
    }
    case 'accepted': {
      set('accept_time = ?', now);
      if (!row.planned_issue_id) {
        const plan = db
          .prepare('SELECT id FROM issue_plans WHERE journal_id = ? AND publish_date > ? ORDER BY publish_date LIMIT 1')
          .get(row.journal_id, now.slice(0, 10)) as { id: number } | undefined;
        if (plan) set('planned_issue_id = ?', plan.id);
      }
      const fresh = manuscriptRow(db, id) as ManuscriptRow;
      const blob = recordRecipe(db, offerRecipe(db, fresh, now.slice(0, 10)), now);
      addFile(db, id, 'offer', blob.hash, `录用通知-${fresh.manuscript_no ?? id}.pdf`, now);
      addEditorMessage(db, id, to, '编辑部', opts.note ?? '恭喜！您的稿件已通过终审，予以录用。录用通知可在稿件详情中下载。', now);
      notify(db, row.employee_id, '稿件录用通知', `您的稿件《${row.title}》已被录用，请下载录用通知并留意后续校样安排。`, now, 2, id);
      break;
    }
    case 'proof': {
      const fresh = manuscriptRow(db, id) as ManuscriptRow;
      const blob = recordRecipe(db, proofRecipe(db, fresh, now.slice(0, 10)), now);
      addFile(db, id, 'proof', blob.hash, `全文校样-${fresh.manuscript_no ?? id}.pdf`, now);
      set('proof_confirmed = 0');
      notify(db, row.employee_id, '请核对校样', `您的稿件《${row.title}》已完成排版，请在5个工作日内核对校样。`, now, 2, id);
      break;
    }
    case 'payment': {
      const pages = row.fee_pages ?? estimatePages(row.word_count);
      if (!db.prepare('SELECT 1 FROM payment_orders WHERE manuscript_id = ?').get(id)) {
        db.prepare(
          `INSERT INTO payment_orders (order_no, manuscript_id, employee_id, pages, unit_price, amount, status, created_at)
          VALUES (?,?,?,?,?,?,'unpaid',?)`,
        ).run(orderNoFor(id, now), id, row.employee_id, pages, PAGE_FEE_CENTS, pages * PAGE_FEE_CENTS, now);
      }
      set('fee_pages = ?', pages);
      notify(
        db,
        row.employee_id,
        '缴费提醒',
        `您的稿件《${row.title}》已确认校样，请在15个工作日内缴纳版面费${((pages * PAGE_FEE_CENTS) / 100).toFixed(2)}元。`,
        now,
        4,
        id,
      );
      break;
    }
    case 'published':
      notify(db, row.employee_id, '稿件已刊出', `您的稿件《${row.title}》已正式刊出，感谢您对本刊的支持。`, now, 2, id);
      break;
    case 'rejected':
      addEditorMessage(db, id, to, '编辑部', opts.note ?? '经评审，您的稿件与本刊用稿方向存在差距，暂不录用。感谢您的支持，欢迎继续赐稿。', now);
      notify(db, row.employee_id, '稿件处理结果', `您的稿件《${row.title}》未被录用，详见编辑部意见。`, now, 2, id);
      break;
    case 'retracted': {
      const reason = opts.note ?? '作者申请撤稿';
      set('retract_reason = ?', reason);
      const blob = recordRecipe(db, retractionRecipe(row, reason, now.slice(0, 10)), now);
      addFile(db, id, 'receipt', blob.hash, `撤稿回执-${row.manuscript_no ?? id}.pdf`, now, '撤稿回执');
      addEditorMessage(db, id, to, '编辑部', '您的撤稿申请已受理，稿件处理流程已终止。撤稿回执可在消息中心下载。', now);
      notify(db, row.employee_id, '撤稿申请回执', `您的稿件《${row.title}》（${row.manuscript_no ?? ''}）撤稿申请已受理，点击下载撤稿回执。`, now, 3, id);
      break;
    }
    default:
      break;
  }
  const eventNote =
    to === 'retracted'
      ? `${DEFAULT_NOTES[to]}。撤稿理由：${opts.note ?? '—'}`
      : opts.note && to !== 'revision' && to !== 'accepted' && to !== 'rejected'
        ? opts.note
        : DEFAULT_NOTES[to];
  addEvent(db, id, to, eventNote, operator, now);
  return manuscriptRow(db, id) as ManuscriptRow;
}

/** Shortest legal path from one stage to another (exclusive of `from`), or null. */
export function pathTo(from: Stage, to: Stage): Stage[] | null {
  if (from === to) return [];
  const prev = new Map<Stage, Stage>();
  const queue: Stage[] = [from];
  const seen = new Set<Stage>([from]);
  while (queue.length) {
    const s = queue.shift() as Stage;
    for (const n of TRANSITIONS[s]) {
      if (seen.has(n)) continue;
      seen.add(n);
      prev.set(n, s);
      if (n === to) {
        const path: Stage[] = [n];
        let p = s;
        while (p !== from) {
          path.unshift(p);
          p = prev.get(p) as Stage;
        }
        return path;
      }
      queue.push(n);
    }
  }
  return null;
}

// --- JSON ---

export function actionsOf(db: DB, row: ManuscriptRow) {
  const order = db.prepare('SELECT status FROM payment_orders WHERE manuscript_id = ?').get(row.id) as { status: string } | undefined;
  return {
    canEdit: EDITABLE.includes(row.status),
    canSubmit: row.status === 'draft',
    canRevise: row.status === 'revision',
    canRetract: RETRACTABLE.includes(row.status),
    canCheckProof: row.status === 'proof' && row.proof_confirmed === 0,
    canPay: row.status === 'payment' && order?.status !== 'paid',
    canDownloadOffer: ['accepted', 'proof', 'payment', 'published'].includes(row.status),
  };
}

export function summaryJson(db: DB, row: ManuscriptRow) {
  const authors = manuscriptAuthors(db, row.id);
  const unread = (db.prepare('SELECT count(*) AS n FROM manuscript_messages WHERE manuscript_id = ? AND is_read = 0').get(row.id) as { n: number }).n;
  return {
    id: row.id,
    manuscriptNo: row.manuscript_no,
    title: row.title,
    journalId: row.journal_id,
    journalName: row.journal_name,
    gch: row.gch,
    columnId: row.column_id,
    columnName: row.column_name,
    paperType: row.paper_type,
    channel: row.channel,
    status: row.status,
    statusName: STAGES[row.status],
    authorsText: authors.map((a) => a.name).join('；'),
    correspondingAuthor: authors.find((a) => a.corresponding)?.name ?? null,
    submitTime: row.submit_time,
    acceptTime: row.accept_time,
    createTime: row.created_at,
    updateTime: row.updated_at,
    unreadMessages: unread,
    actions: actionsOf(db, row),
  };
}

export function orderJson(o: OrderRow) {
  return {
    orderNo: o.order_no,
    paperId: o.manuscript_id,
    pages: o.pages,
    unitPrice: o.unit_price / 100,
    amount: o.amount / 100,
    currency: 'CNY',
    status: o.status,
    statusName: o.status === 'paid' ? '已支付' : '待支付',
    payMethod: o.pay_method,
    transactionNo: o.transaction_no,
    invoice: o.invoice ? (JSON.parse(o.invoice) as unknown) : null,
    createTime: o.created_at,
    paidTime: o.paid_at,
  };
}

export interface OrderRow {
  id: number;
  order_no: string;
  manuscript_id: number;
  employee_id: number;
  pages: number;
  unit_price: number;
  amount: number;
  status: 'unpaid' | 'paid';
  pay_method: string | null;
  transaction_no: string | null;
  invoice: string | null;
  created_at: string;
  paid_at: string | null;
}

export function orderOf(db: DB, msId: number): OrderRow | undefined {
  return db.prepare('SELECT * FROM payment_orders WHERE manuscript_id = ?').get(msId) as OrderRow | undefined;
}

export function detailJson(db: DB, row: ManuscriptRow) {
  const plan = row.planned_issue_id
    ? (db.prepare('SELECT id, year, issue_no AS issueNo, publish_date AS publishDate FROM issue_plans WHERE id = ?').get(row.planned_issue_id) ?? null)
    : null;
  const order = orderOf(db, row.id);
  return {
    ...summaryJson(db, row),
    titleEn: row.title_en,
    abstract: row.abstract,
    keywords: JSON.parse(row.keywords) as string[],
    fund: row.fund,
    wordCount: row.word_count,
    remark: row.remark,
    themeId: row.theme_id,
    partnerUnit: row.partner_unit,
    similarity: row.similarity,
    formatRemarks: row.format_remarks,
    retractReason: row.retract_reason,
    proofConfirmed: row.proof_confirmed === 1,
    plannedIssue: plan,
    articleId: row.article_id,
    authors: manuscriptAuthors(db, row.id),
    files: manuscriptFiles(db, row.id),
    order: order ? orderJson(order) : null,
  };
}
