// /manage/author/*: the author's manuscripts (两步投稿: upload → confirm), their workflow,
// files and letters, plus article likes (paperMinute).
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { checkCaptcha, storeCaptcha } from '../accounts.js';
import { cardsByIds } from '../articles.js';
import { captchaSvg } from '../captcha.js';
import { nowTime, today } from '../clock.js';
import { analyseDocxFile, type PaperInfo } from '../docx.js';
import type { SandboxEnv } from '../env.js';
import { MANUSCRIPT_TYPES, fileJson, type Recipe } from '../files.js';
import {
  RESPONDED, bizError, createApi, optBool, optInt, optStr, page, paging, parse, reqStr, withMessage, type Ctx, type Params,
} from '../http.js';
import {
  EDITABLE, FILE_KINDS, FORMAT_RULES, IN_PROGRESS, MAIN_LINE, PARALLEL_LIMIT, RETRACTABLE, STAGES, STAGE_KEYS, UNDER_REVIEW, addEvent,
  addFile, detailJson, latestFile, manuscriptAuthors, manuscriptFiles, manuscriptRow, notify, offerRecipe, orderOf,
  ownManuscript, replaceAuthors, summaryJson, titlePageRecipe, transition, MS_SELECT,
  type AuthorInput, type FileKind, type ManuscriptRow, type Stage,
} from '../manuscripts.js';
import { isMultipart } from '../multipart.js';
import { EMAIL_RE, MOBILE_RE, verifyPassword } from '../security.js';
import { receiveUpload } from '../uploads.js';
import { journalByParams, remainderIssues, themeOpen } from '../journals.js';
import type { EmployeeRow } from '../accounts.js';

// --- parameter schemas ---

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';

/** Form posts send arrays and objects as JSON strings. */
const jsonish = (v: unknown) => {
  if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }
  return v;
};

export const keywordsSchema = z.preprocess(
  (v) => {
    const j = jsonish(v);
    if (typeof j === 'string') return j.split(/[;；,，、]+/).map((s) => s.trim()).filter(Boolean);
    return Array.isArray(j) ? j.map((s) => String(s).trim()).filter(Boolean) : j;
  },
  z.array(z.string().max(30, { error: '单个关键词不能超过30个字符' }), { error: '请填写关键词' })
    .min(3, { error: '关键词请填写3-8个' })
    .max(8, { error: '关键词请填写3-8个' }),
);

const authorSchema = z.object({
  name: reqStr('请填写作者姓名').pipe(z.string().max(30, { error: '作者姓名不能超过30个字符' })),
  institution: reqStr('请填写作者单位').pipe(z.string().max(100, { error: '作者单位不能超过100个字符' })),
  email: optStr().pipe(z.string().regex(EMAIL_RE, { error: '请输入正确的作者邮箱' }).optional()),
  mobile: optStr().pipe(z.string().regex(MOBILE_RE, { error: '请输入正确的作者手机号' }).optional()),
  title: optStr(),
  corresponding: z.preprocess(truthy, z.boolean()),
});

export const authorsSchema = z.preprocess(
  jsonish,
  z
    .array(authorSchema, { error: '请填写作者信息' })
    .min(1, { error: '请至少填写一位作者' })
    .max(10, { error: '作者不能超过10位' })
    .refine((list) => list.some((a) => a.corresponding), { error: '请指定通讯作者' })
    .refine((list) => list.filter((a) => a.corresponding).every((a) => a.email && a.mobile), {
      error: '通讯作者须填写邮箱和手机号',
    }),
);

const titleSchema = reqStr('请填写稿件标题').pipe(
  z.string().min(5, { error: '标题长度应为5-100个字符' }).max(100, { error: '标题长度应为5-100个字符' }),
);
const abstractSchema = reqStr('请填写摘要').pipe(
  z.string().min(50, { error: '摘要长度应为50-1000个字符' }).max(1000, { error: '摘要长度应为50-1000个字符' }),
);
export const PAPER_TYPES = ['学术论文', '综述', '案例评析', '书评', '译文'] as const;
const paperTypeSchema = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.enum(PAPER_TYPES, { error: '论文类型不正确' }).default('学术论文'),
);

const confirmSchema = z.object({
  paperId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: '请先上传稿件' }).int().positive({ error: '请先上传稿件' })),
  idempotencyKey: reqStr('缺少参数：idempotencyKey').pipe(
    z.string().min(8, { error: 'idempotencyKey长度应为8-100个字符' }).max(100, { error: 'idempotencyKey长度应为8-100个字符' }),
  ),
  columnId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: '请选择栏目' }).int().positive({ error: '请选择栏目' })),
  title: titleSchema,
  titleEn: optStr().pipe(z.string().max(300, { error: '英文标题不能超过300个字符' }).optional()),
  abstract: abstractSchema,
  keywords: keywordsSchema,
  fund: optStr().pipe(z.string().max(500, { error: '基金项目不能超过500个字符' }).optional()),
  paperType: paperTypeSchema,
  authors: authorsSchema,
  remark: optStr().pipe(z.string().max(500, { error: '给编辑部的留言不能超过500个字符' }).optional()),
  themeId: optInt(),
  agreement: z.preprocess(truthy, z.literal(true, { error: '请阅读并同意《投稿须知》及《版权转让协议》' })),
  uuid: optStr(),
  captcha: optStr(),
  partnerUnit: optStr().pipe(z.string().max(100, { error: '推荐单位不能超过100个字符' }).optional()),
});

const modifySchema = z.object({
  title: titleSchema.optional(),
  titleEn: optStr(),
  abstract: abstractSchema.optional(),
  keywords: keywordsSchema.optional(),
  fund: optStr(),
  paperType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PAPER_TYPES, { error: '论文类型不正确' }).optional()),
  columnId: optInt(),
  authors: authorsSchema.optional(),
  remark: optStr(),
});

/** `id` or `paperId`. */
export function paperIdOf(params: Params): number {
  const raw = params.id ?? params.paperId;
  const { id } = parse(
    z.object({ id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: '缺少参数：id' }).int().positive({ error: '缺少参数：id' })) }),
    { id: raw },
  );
  return id;
}

const STATUS_GROUPS: Record<string, Stage[]> = {
  reviewing: ['submitted', 'initial_review', 'external_review', 'revised'],
  todo: ['revision', 'proof', 'payment'],
  finished: ['published', 'rejected', 'retracted'],
};

export function uploadVerificationOpen(env: SandboxEnv): boolean {
  const row = env.db.prepare(`SELECT value FROM sandbox_meta WHERE key = 'upload_verification'`).get() as { value: string } | undefined;
  return row ? row.value === '1' : true;
}

export function manuscriptRoutes(env: SandboxEnv) {
  const { db, log, files } = env;
  const api = createApi(db, log);
  const now = () => nowTime(db);
  const mine = (ctx: Ctx) => ownManuscript(db, ctx.user().employeeId, paperIdOf(ctx.params));

  // --- submission prerequisites ---

  api.post('/paper/getWhetherJournalBeUploaded', ({ params, user }) => {
    user();
    const j = journalByParams(db, params);
    const canUpload = j.accepts_contribution === 1;
    return { journalId: j.id, gch: j.gch, name: j.name, canUpload, message: canUpload ? '该期刊正在接收投稿' : '该期刊暂不接收在线投稿' };
  });

  api.post('/paper/parallelSubmissionRestriction', ({ params, user }) => {
    const auth = user();
    const j = journalByParams(db, params);
    const { title } = parse(z.object({ title: optStr() }), params);
    return parallelCheck(auth.employeeId, j.id, title, null);
  });

  function parallelCheck(employeeId: number, journalId: number, title: string | undefined, exceptId: number | null) {
    const marks = IN_PROGRESS.map(() => '?').join(',');
    const inProgress = (db
      .prepare(`SELECT count(*) AS n FROM manuscripts WHERE employee_id = ? AND journal_id = ? AND status IN (${UNDER_REVIEW.map(() => '?').join(',')}) AND id IS NOT ?`)
      .get(employeeId, journalId, ...UNDER_REVIEW, exceptId) as { n: number }).n;
    const duplicateTitle = title
      ? db
          .prepare(`SELECT 1 FROM manuscripts WHERE employee_id = ? AND title = ? AND status IN (${marks}) AND id IS NOT ?`)
          .get(employeeId, title.trim(), ...IN_PROGRESS, exceptId) !== undefined
      : false;
    const allowed = inProgress < PARALLEL_LIMIT && !duplicateTitle;
    const message = duplicateTitle
      ? '您已投递过同名稿件，请勿一稿多投'
      : inProgress >= PARALLEL_LIMIT
        ? `您在该刊审理中的稿件已达${PARALLEL_LIMIT}篇，请待已有稿件处理完毕后再投稿`
        : '可以投稿';
    return { allowed, limit: PARALLEL_LIMIT, inProgress, duplicateTitle, message };
  }

  api.post('/paper/getIsOpenUploadVerification', ({ user }) => {
    user();
    return { open: uploadVerificationOpen(env), captchaType: 'calculate' };
  });

  api.post('/paper/getCaptchaType', ({ user }) => {
    user();
    return { type: 'calculate', name: '算术验证码', imageUrl: '/manage/author/paper/calculateCaptcha?uuid={uuid}' };
  });

  // Arithmetic captcha image: "7+5=" (answer 12); the answer is checked once at confirm.
  api.get('/paper/calculateCaptcha', ({ params, res, user }) => {
    user();
    const { uuid } = parse(z.object({ uuid: reqStr('缺少参数：uuid').pipe(z.string().max(64)) }), params);
    const a = randomInt(1, 10);
    const b = randomInt(1, 10);
    const plus = randomInt(0, 2) === 0 || a < b;
    storeCaptcha(db, uuid, String(plus ? a + b : a - b));
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(captchaSvg(`${a}${plus ? '+' : '-'}${b}=`));
    return RESPONDED;
  });

  // --- step 1: upload ---

  async function upload(ctx: Ctx, channel: 'author' | 'partner' | 'activity') {
    const auth = ctx.user();
    const t = now();
    const { fields, file } = await receiveUpload(env, ctx.req, {
      allowed: MANUSCRIPT_TYPES, maxBytes: env.uploadLimitBytes, kind: 'manuscript', employeeId: auth.employeeId, now: t,
    });
    if (!file) throw bizError('请选择要上传的文件');
    const params = { ...ctx.params, ...fields };
    const q = parse(z.object({ paperId: optInt(), themeId: optInt(), columnId: optInt(), partnerUnit: optStr() }), params);
    let analysis: PaperInfo | null = null;
    if (file.ext === 'docx') {
      try {
        const stored = files.ensure(file.hash);
        analysis = stored ? analyseDocxFile(stored.file) : null;
      } catch {
        analysis = null;
      }
    }
    const id = db.transaction(() => {
      let msId: number;
      if (q.paperId) {
        const row = ownManuscript(db, auth.employeeId, q.paperId);
        if (row.status !== 'draft') throw bizError('稿件已提交，请通过返修或修改功能更新文件');
        msId = row.id;
      } else {
        const j = journalByParams(db, params);
        if (j.accepts_contribution !== 1) throw bizError('该期刊暂不接收在线投稿');
        if (channel === 'activity') {
          if (!q.themeId) throw bizError('请选择征稿活动');
          themeOpen(db, j.id, q.themeId, t);
        }
        if (q.columnId && !db.prepare('SELECT 1 FROM columns WHERE id = ? AND journal_id = ?').get(q.columnId, j.id)) {
          throw bizError('栏目不属于该期刊');
        }
        const info = db
          .prepare(`INSERT INTO manuscripts (employee_id, journal_id, column_id, theme_id, channel, partner_unit, status, created_at, updated_at)
            VALUES (?,?,?,?,?,?, 'draft', ?, ?)`)
          .run(auth.employeeId, j.id, q.columnId ?? null, q.themeId ?? null, channel, q.partnerUnit ?? null, t, t);
        msId = Number(info.lastInsertRowid);
        addEvent(db, msId, 'draft', '上传稿件文件，创建草稿', '作者', t);
      }
      addFile(db, msId, 'original', file.hash, file.fileName, t);
      if (analysis) {
        const a = analysis;
        db.prepare(`UPDATE manuscripts SET title = CASE WHEN title = '' THEN ? ELSE title END,
            title_en = coalesce(title_en, ?), abstract = CASE WHEN abstract = '' THEN ? ELSE abstract END,
            keywords = CASE WHEN keywords = '[]' THEN ? ELSE keywords END, fund = coalesce(fund, ?), word_count = ?, updated_at = ?
            WHERE id = ?`)
          .run(a.title.slice(0, 100), a.titleEn, a.abstract.slice(0, 1000), JSON.stringify(a.keywords.slice(0, 8)), a.fund, a.wordCount, t, msId);
        if (a.authors.length > 0 && manuscriptAuthors(db, msId).length === 0) {
          replaceAuthors(db, msId, a.authors.slice(0, 10).map((x, i, all) => ({ ...x, corresponding: i === all.length - 1 })));
        }
      } else {
        // A rough length for PDF / DOC: about 1 character per 3 bytes of a typical manuscript.
        db.prepare('UPDATE manuscripts SET word_count = ?, updated_at = ? WHERE id = ? AND word_count = 0').run(Math.round(file.size / 3), t, msId);
      }
      return msId;
    })();
    const row = manuscriptRow(db, id) as ManuscriptRow;
    log.info({ event: 'manuscript_uploaded', paperId: id, size: file.size, type: file.ext }, 'sandbox manuscript uploaded');
    return withMessage({ paperId: id, ...detailJson(db, row), file: fileJson(file), analysis }, '上传成功');
  }

  api.post('/paper/authorManuscriptUpload', (ctx) => upload(ctx, 'author'));
  api.post('/paper/authorActivityUpload', (ctx) => upload(ctx, 'activity'));
  api.post('/paperOption/partnerAuthorManuscriptUpload', (ctx) => upload(ctx, 'partner'));

  api.post('/paper/analysisPaperInfo', (ctx) => {
    const row = mine(ctx);
    const f = latestFile(db, row.id, ['original', 'revision']);
    if (!f) throw bizError('稿件没有可解析的文件');
    if (f.fileType !== 'docx') throw bizError('仅支持解析 DOCX 格式的稿件，请手动填写稿件信息');
    const stored = files.ensure(f.hash);
    if (!stored) throw bizError('文件不存在或已被删除', 404);
    try {
      return analyseDocxFile(stored.file);
    } catch {
      throw bizError('稿件文件无法解析，请手动填写稿件信息');
    }
  });

  api.post('/paper/showPaperEditInfo', (ctx) => {
    const row = mine(ctx);
    const columns = db.prepare('SELECT id, name, name_en AS nameEn, sort FROM columns WHERE journal_id = ? ORDER BY sort').all(row.journal_id);
    return { ...detailJson(db, row), editable: EDITABLE.includes(row.status), columns, paperTypes: PAPER_TYPES };
  });

  // --- step 2: confirm ---

  function confirm(ctx: Ctx, channel: 'author' | 'partner') {
    const auth = ctx.user();
    const endpoint = 'authorManuscriptConfirmUpload';
    const key = parse(z.object({ idempotencyKey: confirmSchema.shape.idempotencyKey }), ctx.params).idempotencyKey;
    const existing = db
      .prepare('SELECT manuscript_id FROM idempotency_keys WHERE employee_id = ? AND endpoint = ? AND key = ?')
      .get(auth.employeeId, endpoint, key) as { manuscript_id: number } | undefined;
    if (existing) return withMessage(detailJson(db, manuscriptRow(db, existing.manuscript_id) as ManuscriptRow), '投稿成功');

    const q = parse(confirmSchema, ctx.params);
    if (channel === 'partner' && !q.partnerUnit) throw bizError('请填写推荐单位');
    if (uploadVerificationOpen(env)) {
      if (!q.captcha) throw bizError('请输入验证码');
      if (!checkCaptcha(db, q.uuid, q.captcha)) throw bizError('验证码错误或已过期', 400, 'captcha');
    }
    const row = ownManuscript(db, auth.employeeId, q.paperId);
    if (row.status !== 'draft') throw bizError('该稿件已提交，请勿重复提交');
    if (!latestFile(db, row.id, ['original'])) throw bizError('请先上传稿件');
    const j = journalByParams(db, { journalId: row.journal_id });
    if (j.accepts_contribution !== 1) throw bizError('该期刊暂不接收在线投稿');
    if (!db.prepare('SELECT 1 FROM columns WHERE id = ? AND journal_id = ?').get(q.columnId, j.id)) throw bizError('栏目不属于该期刊');
    const t = now();
    if (q.themeId) themeOpen(db, j.id, q.themeId, t);
    const limit = parallelCheck(auth.employeeId, j.id, q.title, row.id);
    if (!limit.allowed) throw bizError(limit.message);

    const id = db.transaction(() => {
      db.prepare(`UPDATE manuscripts SET column_id = ?, title = ?, title_en = ?, abstract = ?, keywords = ?, fund = ?, paper_type = ?,
          remark = ?, theme_id = coalesce(?, theme_id), channel = CASE WHEN ? = 'partner' THEN 'partner' ELSE channel END,
          partner_unit = coalesce(?, partner_unit), updated_at = ? WHERE id = ?`)
        .run(q.columnId, q.title, q.titleEn ?? null, q.abstract, JSON.stringify(q.keywords), q.fund ?? null, q.paperType,
          q.remark ?? null, q.themeId ?? null, channel, q.partnerUnit ?? null, t, row.id);
      replaceAuthors(db, row.id, q.authors as AuthorInput[]);
      const done = transition(db, row.id, 'submitted', { now: t });
      db.prepare('INSERT INTO idempotency_keys (employee_id, endpoint, key, manuscript_id, created_at) VALUES (?,?,?,?,?)').run(
        auth.employeeId, endpoint, key, row.id, t,
      );
      notify(db, auth.employeeId, '投稿成功', `您的稿件《${q.title}》已提交成功，稿件编号${done.manuscript_no ?? ''}，编辑部将尽快进行初审。`, t, 2, row.id);
      return row.id;
    })();
    log.info({ event: 'manuscript_submitted', paperId: id }, 'sandbox manuscript submitted');
    return withMessage(detailJson(db, manuscriptRow(db, id) as ManuscriptRow), '投稿成功');
  }

  api.post('/paper/authorManuscriptConfirmUpload', (ctx) => confirm(ctx, 'author'));
  api.post('/paperOption/authorManuscriptConfirmUpload', (ctx) => confirm(ctx, 'partner'));

  // --- lists and details ---

  api.post('/paper/list', ({ params, user }) => {
    const auth = user();
    const q = parse(z.object({ status: optStr(), keyword: optStr(), journalId: optInt() }), params);
    const p = paging(params);
    const where = ['m.employee_id = ?'];
    const args: (string | number)[] = [auth.employeeId];
    if (q.status) {
      const stages = q.status
        .split(',')
        .flatMap((s) => STATUS_GROUPS[s.trim()] ?? [s.trim()])
        .filter((s): s is Stage => (STAGE_KEYS as string[]).includes(s));
      if (stages.length === 0) throw bizError('稿件状态不正确');
      where.push(`m.status IN (${stages.map(() => '?').join(',')})`);
      args.push(...stages);
    }
    if (q.keyword) {
      where.push(`(m.title LIKE ? ESCAPE '\\' OR m.manuscript_no LIKE ? ESCAPE '\\')`);
      const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      args.push(like, like);
    }
    if (q.journalId) {
      where.push('m.journal_id = ?');
      args.push(q.journalId);
    }
    const sqlWhere = `WHERE ${where.join(' AND ')}`;
    const total = (db.prepare(`SELECT count(*) AS n FROM manuscripts m ${sqlWhere}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(`${MS_SELECT} ${sqlWhere} ORDER BY m.updated_at DESC, m.id DESC LIMIT ? OFFSET ?`)
      .all(...args, p.size, p.offset) as ManuscriptRow[];
    const counts = Object.fromEntries(STAGE_KEYS.map((s) => [s, 0])) as Record<Stage, number>;
    for (const r of db.prepare('SELECT status, count(*) AS n FROM manuscripts WHERE employee_id = ? GROUP BY status').all(auth.employeeId) as {
      status: Stage;
      n: number;
    }[]) counts[r.status] = r.n;
    return { ...page(rows.map((r) => summaryJson(db, r)), total, p), statusCounts: counts };
  });

  api.post('/paper/show', (ctx) => detailJson(db, mine(ctx)));

  api.post('/paper/getPaperWorkFlow', (ctx) => {
    const row = mine(ctx);
    const events = db
      .prepare('SELECT id, stage, note, operator, created_at AS createTime FROM manuscript_events WHERE manuscript_id = ? ORDER BY id')
      .all(row.id) as { id: number; stage: Stage; note: string; operator: string; createTime: string }[];
    const current: Stage = row.status === 'revised' ? 'revision' : row.status;
    const currentIndex = MAIN_LINE.findIndex((s) => s.stage === current);
    const reached = new Map<Stage, string>();
    for (const e of events) if (!reached.has(e.stage)) reached.set(e.stage, e.createTime);
    const terminal = row.status === 'rejected' || row.status === 'retracted';
    const steps = MAIN_LINE.map((s, i) => {
      const time = reached.get(s.stage) ?? null;
      let state: 'done' | 'current' | 'todo' | 'skipped';
      if (row.status === 'published') state = time || s.stage !== 'revision' ? 'done' : 'skipped';
      else if (s.stage === current) state = 'current';
      else if (time) state = 'done';
      else if (!terminal && currentIndex > i) state = 'skipped';
      else state = 'todo';
      return { stage: s.stage, name: s.name, state, time };
    });
    if (terminal) steps.push({ stage: row.status, name: row.status === 'rejected' ? '退稿' : '撤稿', state: 'current', time: reached.get(row.status) ?? null });
    return {
      paperId: row.id,
      manuscriptNo: row.manuscript_no,
      status: row.status,
      statusName: STAGES[row.status],
      steps,
      events: events.map((e) => ({ ...e, stageName: STAGES[e.stage] })),
    };
  });

  api.post('/paperVerifyMessage/getPaperVerifyMessage', (ctx) => {
    const row = mine(ctx);
    const p = paging(ctx.params);
    const total = (db.prepare('SELECT count(*) AS n FROM manuscript_messages WHERE manuscript_id = ?').get(row.id) as { n: number }).n;
    const list = db
      .prepare(`SELECT id, stage, sender, content, is_read AS isRead, created_at AS createTime FROM manuscript_messages
        WHERE manuscript_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`)
      .all(row.id, p.size, p.offset) as { stage: Stage; isRead: number }[];
    db.prepare('UPDATE manuscript_messages SET is_read = 1 WHERE manuscript_id = ?').run(row.id);
    return page(list.map((m) => ({ ...m, stageName: STAGES[m.stage], isRead: m.isRead === 1 })), total, p);
  });

  // --- author actions ---

  api.post('/paper/submitChanges', async (ctx) => {
    const auth = ctx.user();
    const t = now();
    let fields: Record<string, string> = {};
    let upload: { hash: string; fileName: string } | null = null;
    if (isMultipart(ctx.req)) {
      const r = await receiveUpload(env, ctx.req, { allowed: MANUSCRIPT_TYPES, maxBytes: env.uploadLimitBytes, kind: 'manuscript', employeeId: auth.employeeId, now: t });
      fields = r.fields;
      upload = r.file && { hash: r.file.hash, fileName: r.file.fileName };
    }
    const params = { ...ctx.params, ...fields };
    const row = ownManuscript(db, auth.employeeId, paperIdOf(params));
    // Idempotent like the confirm step: a key already used for this manuscript answers the
    // same result again (a double click, a resubmitted form), nothing is added.
    const { idempotencyKey } = parse(
      z.object({ idempotencyKey: optStr().pipe(z.string().min(8, { error: 'idempotencyKey长度应为8-100个字符' }).max(100, { error: 'idempotencyKey长度应为8-100个字符' }).optional()) }),
      params,
    );
    const used = idempotencyKey
      ? (db.prepare(`SELECT manuscript_id FROM idempotency_keys WHERE employee_id = ? AND endpoint = 'submitChanges' AND key = ?`).get(auth.employeeId, idempotencyKey) as
          | { manuscript_id: number }
          | undefined)
      : undefined;
    if (used) {
      if (used.manuscript_id !== row.id) throw bizError('idempotencyKey已用于其他稿件');
      return withMessage(detailJson(db, manuscriptRow(db, row.id) as ManuscriptRow), '修改稿提交成功');
    }
    const q = parse(
      z.object({
        responseLetter: reqStr('请填写修改说明').pipe(z.string().min(10, { error: '修改说明不少于10个字符' }).max(5000, { error: '修改说明不能超过5000个字符' })),
        hash: optStr(),
      }),
      params,
    );
    if (row.status !== 'revision') throw bizError(`稿件当前状态为“${STAGES[row.status]}”，无需提交修改稿`);
    if (!upload && q.hash) {
      const att = db.prepare(`SELECT a.hash, a.file_name FROM attachments a JOIN blobs b ON b.hash = a.hash
        WHERE a.hash = ? AND a.employee_id = ? AND b.ext IN ('pdf','doc','docx') ORDER BY a.id DESC LIMIT 1`).get(q.hash, auth.employeeId) as
        | { hash: string; file_name: string }
        | undefined;
      if (!att) throw bizError('修改稿文件不存在，请重新上传');
      upload = { hash: att.hash, fileName: att.file_name };
    }
    if (!upload) throw bizError('请上传修改稿');
    const file = upload;
    db.transaction(() => {
      addFile(db, row.id, 'revision', file.hash, file.fileName, t, q.responseLetter);
      transition(db, row.id, 'revised', { now: t, note: `作者提交修改稿（修改说明：${q.responseLetter.slice(0, 60)}${q.responseLetter.length > 60 ? '…' : ''}）` });
      if (idempotencyKey) {
        db.prepare(`INSERT INTO idempotency_keys (employee_id, endpoint, key, manuscript_id, created_at) VALUES (?, 'submitChanges', ?, ?, ?)`).run(
          auth.employeeId, idempotencyKey, row.id, t,
        );
      }
    })();
    return withMessage(detailJson(db, manuscriptRow(db, row.id) as ManuscriptRow), '修改稿提交成功');
  });

  api.post('/paper/manuscriptContentModification', (ctx) => {
    const row = mine(ctx);
    if (!EDITABLE.includes(row.status)) throw bizError(`稿件当前状态为“${STAGES[row.status]}”，不能修改稿件信息`);
    const q = parse(modifySchema, ctx.params);
    // `clear`: optional texts the author emptied, as in modifyProfile (an empty value alone
    // means "not sent" and keeps the old one).
    const rawClear = ctx.params.clear;
    const clear = new Set((Array.isArray(rawClear) ? rawClear : typeof rawClear === 'string' ? rawClear.split(',') : []).map((v) => String(v).trim()));
    const cleared = (name: 'titleEn' | 'fund' | 'remark') => clear.has(name) && q[name] === undefined;
    if (q.columnId && !db.prepare('SELECT 1 FROM columns WHERE id = ? AND journal_id = ?').get(q.columnId, row.journal_id)) {
      throw bizError('栏目不属于该期刊');
    }
    const t = now();
    db.transaction(() => {
      db.prepare(`UPDATE manuscripts SET title = coalesce(?, title), title_en = coalesce(?, title_en), abstract = coalesce(?, abstract),
          keywords = coalesce(?, keywords), fund = coalesce(?, fund), paper_type = coalesce(?, paper_type),
          column_id = coalesce(?, column_id), remark = coalesce(?, remark), updated_at = ? WHERE id = ?`)
        .run(q.title ?? null, q.titleEn ?? null, q.abstract ?? null, q.keywords ? JSON.stringify(q.keywords) : null, q.fund ?? null,
          q.paperType ?? null, q.columnId ?? null, q.remark ?? null, t, row.id);
      for (const [name, column] of [['titleEn', 'title_en'], ['fund', 'fund'], ['remark', 'remark']] as const) {
        if (cleared(name)) db.prepare(`UPDATE manuscripts SET ${column} = NULL WHERE id = ?`).run(row.id);
      }
      if (q.authors) replaceAuthors(db, row.id, q.authors as AuthorInput[]);
      if (row.status !== 'draft') addEvent(db, row.id, row.status, '作者修改稿件信息', '作者', t);
    })();
    return withMessage(detailJson(db, manuscriptRow(db, row.id) as ManuscriptRow), '修改成功');
  });

  // Proof check (校样核对): without `confirm` it lists what to check; confirm=true accepts
  // the proof (→ payment), confirm=false with `remark` sends corrections to the editors.
  api.post('/paper/checkTheChanges', (ctx) => {
    const row = mine(ctx);
    const q = parse(z.object({ confirm: optBool(), remark: optStr().pipe(z.string().max(2000, { error: '校样意见不能超过2000个字符' }).optional()) }), ctx.params);
    const t = now();
    if (q.confirm !== undefined) {
      if (row.status !== 'proof') throw bizError('稿件当前不在校样阶段');
      if (q.confirm) {
        db.transaction(() => {
          db.prepare('UPDATE manuscripts SET proof_confirmed = 1, proof_remark = ?, updated_at = ? WHERE id = ?').run(q.remark ?? null, t, row.id);
          addEvent(db, row.id, 'proof', `作者确认校样${q.remark ? `：${q.remark}` : ''}`, '作者', t);
          transition(db, row.id, 'payment', { now: t });
        })();
      } else {
        if (!q.remark) throw bizError('请填写校样修改意见');
        db.transaction(() => {
          db.prepare('UPDATE manuscripts SET proof_remark = ?, updated_at = ? WHERE id = ?').run(q.remark ?? null, t, row.id);
          addEvent(db, row.id, 'proof', `作者提交校样修改意见：${q.remark ?? ''}`, '作者', t);
        })();
      }
    }
    const fresh = manuscriptRow(db, row.id) as ManuscriptRow;
    return {
      paperId: fresh.id,
      status: fresh.status,
      statusName: STAGES[fresh.status],
      proofConfirmed: fresh.proof_confirmed === 1,
      proofRemark: fresh.proof_remark,
      files: manuscriptFiles(db, fresh.id).filter((f) => f.kind === 'proof' || f.kind === 'edited'),
    };
  });

  api.post('/paper/getCheckTheChangesAttachment', (ctx) => {
    const row = mine(ctx);
    return latestFile(db, row.id, ['edited', 'proof']) ?? null;
  });

  api.post('/paper/applyForRetraction', (ctx) => {
    const row = mine(ctx);
    const { reason } = parse(
      z.object({ reason: reqStr('请填写撤稿理由').pipe(z.string().min(5, { error: '撤稿理由不少于5个字符' }).max(500, { error: '撤稿理由不能超过500个字符' })) }),
      ctx.params,
    );
    if (!RETRACTABLE.includes(row.status)) {
      throw bizError(
        row.status === 'draft'
          ? '草稿尚未投稿，无需撤稿'
          : ['accepted', 'proof', 'payment', 'published'].includes(row.status)
            ? '稿件已录用，不能在线撤稿，请联系编辑部'
            : `稿件当前状态为“${STAGES[row.status]}”，不能撤稿`,
      );
    }
    const t = now();
    db.transaction(() => transition(db, row.id, 'retracted', { now: t, note: reason }))();
    return withMessage(detailJson(db, manuscriptRow(db, row.id) as ManuscriptRow), '撤稿申请已提交');
  });

  // --- downloads ---

  const sendFile = (ctx: Ctx, f: { hash: string; fileName: string } | undefined | null, missing: string) => {
    if (!f) throw bizError(missing, 404);
    files.send(ctx.res, f.hash, f.fileName);
    return RESPONDED;
  };

  api.any('/paper/downloadManuscript', (ctx) => {
    const row = mine(ctx);
    const { fileId } = parse(z.object({ fileId: optInt() }), ctx.params);
    const f = fileId ? manuscriptFiles(db, row.id).find((x) => x.id === fileId) : latestFile(db, row.id, ['original', 'revision']);
    return sendFile(ctx, f, '稿件文件不存在');
  });

  api.any('/paper/downloadManuscriptByType', (ctx) => {
    const row = mine(ctx);
    const q = parse(
      z.object({
        type: z.enum(Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]], { error: '文件类型不正确' }),
        version: optInt(),
      }),
      ctx.params,
    );
    const list = manuscriptFiles(db, row.id, q.type);
    const f = q.version ? list.find((x) => x.version === q.version) : list[list.length - 1];
    return sendFile(ctx, f, `该稿件没有${FILE_KINDS[q.type]}文件`);
  });

  api.any('/paper/downloadTheEntireProof', (ctx) => {
    const row = mine(ctx);
    return sendFile(ctx, latestFile(db, row.id, ['proof']), '校样尚未生成');
  });

  const titlePackage = (row: ManuscriptRow): Recipe => {
    const authors = manuscriptAuthors(db, row.id);
    const lines = [
      `稿件编号：${row.manuscript_no ?? ''}`,
      `题名：${row.title}`,
      `英文题名：${row.title_en ?? ''}`,
      `作者：${authors.map((a) => a.name).join('；')}`,
      `单位：${[...new Set(authors.map((a) => a.institution))].join('；')}`,
      `摘要：${row.abstract}`,
      `关键词：${(JSON.parse(row.keywords) as string[]).join('；')}`,
      `基金项目：${row.fund ?? ''}`,
      `栏目：${row.column_name ?? ''}`,
      `期刊：${row.journal_name}`,
    ];
    return {
      kind: 'zip',
      entries: [
        { name: '题录.txt', text: `${lines.join('\r\n')}\r\n` },
        { name: '标题页.docx', recipe: titlePageRecipe(db, row) },
      ],
    };
  };
  const packageName = (row: ManuscriptRow) => `题录包-${row.manuscript_no ?? row.id}.zip`;

  api.any('/paper/downloadTitlePackage', (ctx) => {
    const row = mine(ctx);
    const blob = files.putRecipe(titlePackage(row), now());
    files.send(ctx.res, blob.hash, packageName(row));
    return RESPONDED;
  });

  api.post('/paper/newDownloadTitlePackage', (ctx) => {
    const row = mine(ctx);
    const blob = files.putRecipe(titlePackage(row), now());
    return fileJson({ ...blob, fileName: packageName(row) });
  });

  const offerReady = (row: ManuscriptRow) => ['accepted', 'proof', 'payment', 'published'].includes(row.status);

  api.any('/paper/downloadTheOfferNotice', (ctx) => {
    const row = mine(ctx);
    if (!offerReady(row)) throw bizError('稿件尚未录用，没有录用通知');
    return sendFile(ctx, latestFile(db, row.id, ['offer']), '录用通知尚未生成');
  });

  api.post('/paper/generateOffer', (ctx) => {
    const row = mine(ctx);
    if (!offerReady(row)) throw bizError('稿件尚未录用，不能生成录用通知');
    const t = now();
    const blob = files.putRecipe(offerRecipe(db, row, t.slice(0, 10)), t);
    const existing = latestFile(db, row.id, ['offer']);
    if (existing?.hash !== blob.hash) addFile(db, row.id, 'offer', blob.hash, `录用通知-${row.manuscript_no ?? row.id}.pdf`, t);
    return withMessage(latestFile(db, row.id, ['offer']), '录用通知已生成');
  });

  api.post('/paper/getGenerateOffer', (ctx) => {
    const row = mine(ctx);
    const f = latestFile(db, row.id, ['offer']);
    return { generated: f !== undefined, file: f ?? null };
  });

  const infoForm = (row: ManuscriptRow): Recipe => {
    const authors = manuscriptAuthors(db, row.id);
    return {
      kind: 'docx',
      title: `稿件信息表-${row.manuscript_no ?? row.id}`,
      paragraphs: [
        { text: `《${row.journal_name}》稿件信息表`, bold: true, size: 32, center: true },
        `稿件编号：${row.manuscript_no ?? '（未投稿）'}`,
        `题名：${row.title}`,
        `栏目：${row.column_name ?? ''}`,
        `论文类型：${row.paper_type}`,
        `摘要：${row.abstract}`,
        `关键词：${(JSON.parse(row.keywords) as string[]).join('；')}`,
        `基金项目：${row.fund ?? '无'}`,
        ...authors.map((a) => `作者${a.order}：${a.name}，${a.institution}${a.title ? `，${a.title}` : ''}${a.corresponding ? '（通讯作者）' : ''}`),
        `稿件状态：${STAGES[row.status]}`,
      ],
    };
  };

  api.any('/paper/downloadWord', (ctx) => {
    const row = mine(ctx);
    const word = manuscriptFiles(db, row.id).filter((f) => (f.kind === 'original' || f.kind === 'revision') && (f.fileType === 'docx' || f.fileType === 'doc')).pop();
    if (word) return sendFile(ctx, word, '');
    const blob = files.putRecipe(infoForm(row), now());
    files.send(ctx.res, blob.hash, `稿件信息表-${row.manuscript_no ?? row.id}.docx`);
    return RESPONDED;
  });

  const CREATE_TYPES = ['info', 'titlePage', 'offer'] as const;
  const createFile = (ctx: Ctx) => {
    const row = mine(ctx);
    const { type } = parse(z.object({ type: z.preprocess((v) => (v === '' || v === undefined ? 'info' : v), z.enum(CREATE_TYPES, { error: '文件类型不正确' })) }), ctx.params);
    const t = now();
    if (type === 'offer') {
      if (!offerReady(row)) throw bizError('稿件尚未录用，不能生成录用通知');
      const f = latestFile(db, row.id, ['offer']);
      if (f) return f;
      const blob = files.putRecipe(offerRecipe(db, row, t.slice(0, 10)), t);
      return fileJson({ ...blob, fileName: `录用通知-${row.manuscript_no ?? row.id}.pdf` });
    }
    const recipe = type === 'info' ? infoForm(row) : titlePageRecipe(db, row);
    const blob = files.putRecipe(recipe, t);
    return fileJson({ ...blob, fileName: `${type === 'info' ? '稿件信息表' : '标题页'}-${row.manuscript_no ?? row.id}.docx` });
  };

  api.post('/paper/getCreateFile', (ctx) => createFile(ctx));

  api.post('/paper/getCreateFilePreviewPath', (ctx) => {
    const f = createFile(ctx);
    return { url: f.previewUrl, fileName: f.fileName, fileType: f.fileType, previewType: f.fileType === 'pdf' ? 'pdf' : 'office' };
  });

  // --- issues, format ---

  api.post('/paper/getRemainderIssue', ({ params, user }) => {
    user();
    const raw = params.journalId ?? params.gch ? params : params.id ?? params.paperId ? { journalId: manuscriptRow(db, paperIdOf(params))?.journal_id } : params;
    const j = journalByParams(db, raw);
    return remainderIssues(db, j.id, today(db));
  });

  api.post('/paper/paperIsIssuePayLoadingVolume', (ctx) => {
    const row = mine(ctx);
    const order = orderOf(db, row.id);
    const plan = row.planned_issue_id
      ? db.prepare('SELECT id, year, issue_no AS issueNo, publish_date AS publishDate FROM issue_plans WHERE id = ?').get(row.planned_issue_id)
      : null;
    return {
      paperId: row.id,
      needPay: ['payment', 'published'].includes(row.status) || order !== undefined,
      paid: order?.status === 'paid',
      orderNo: order?.order_no ?? null,
      amount: order ? order.amount / 100 : null,
      scheduled: plan !== null && plan !== undefined,
      issue: plan ?? null,
      published: row.status === 'published',
    };
  });

  const formatReport = (row: ManuscriptRow) => {
    const keywords = JSON.parse(row.keywords) as string[];
    const authors = manuscriptAuthors(db, row.id);
    const { words, abstract, keywords: keywordCount, similarityMax } = FORMAT_RULES;
    const within = (n: number, [lo, hi]: readonly [number, number]) => n >= lo && n <= hi;
    const judged = (ok: boolean) => ({ ok, status: ok ? ('ok' as const) : ('failed' as const) });
    const items = [
      { name: '正文字数', value: `${row.word_count}字`, requirement: `${words[0]}-${words[1]}字`, ...judged(within(row.word_count, words)) },
      { name: '摘要', value: `${row.abstract.length}字`, requirement: `${abstract[0]}-${abstract[1]}字`, ...judged(within(row.abstract.length, abstract)) },
      { name: '关键词', value: `${keywords.length}个`, requirement: `${keywordCount[0]}-${keywordCount[1]}个`, ...judged(within(keywords.length, keywordCount)) },
      { name: '英文标题', value: row.title_en ? '已提供' : '未提供', requirement: '需提供', ...judged(Boolean(row.title_en)) },
      { name: '通讯作者', value: authors.some((a) => a.corresponding) ? '已指定' : '未指定', requirement: '需指定', ...judged(authors.some((a) => a.corresponding)) },
      // A check that has not run is neither passed nor failed: it is waiting.
      row.similarity === null
        ? { name: '学术不端检测（查重）', value: '尚未检测', requirement: `总文字复制比不超过${similarityMax}%`, ok: false, status: 'pending' as const }
        : { name: '学术不端检测（查重）', value: `${row.similarity}%`, requirement: `总文字复制比不超过${similarityMax}%`, ...judged(row.similarity <= similarityMax) },
    ];
    return { paperId: row.id, passed: items.every((i) => i.ok), items, remarks: row.format_remarks };
  };

  api.post('/paper/showPaperFormat', (ctx) => formatReport(mine(ctx)));

  api.post('/paper/formatCheckSubmissionRemarks', (ctx) => {
    const row = mine(ctx);
    const { remarks } = parse(z.object({ remarks: reqStr('请填写格式说明').pipe(z.string().max(1000, { error: '格式说明不能超过1000个字符' })) }), ctx.params);
    const t = now();
    db.prepare('UPDATE manuscripts SET format_remarks = ?, updated_at = ? WHERE id = ?').run(remarks, t, row.id);
    addEvent(db, row.id, row.status, '作者提交格式审查说明', '作者', t);
    return withMessage(formatReport(manuscriptRow(db, row.id) as ManuscriptRow), '提交成功');
  });

  // --- author overview ---

  api.post('/paper/getAuthorAchievementsPaperList', ({ params, user }) => {
    const auth = user();
    const p = paging(params);
    const total = (db.prepare(`SELECT count(*) AS n FROM manuscripts WHERE employee_id = ? AND status = 'published'`).get(auth.employeeId) as { n: number }).n;
    const rows = db
      .prepare(`${MS_SELECT} WHERE m.employee_id = ? AND m.status = 'published' ORDER BY m.updated_at DESC, m.id DESC LIMIT ? OFFSET ?`)
      .all(auth.employeeId, p.size, p.offset) as ManuscriptRow[];
    const cards = new Map(cardsByIds(db, rows.map((r) => r.article_id).filter((x): x is number => x !== null)).map((c) => [c.id, c]));
    return page(
      rows.map((r) => ({ ...summaryJson(db, r), articleId: r.article_id, article: r.article_id ? (cards.get(r.article_id) ?? null) : null })),
      total,
      p,
    );
  });

  api.post('/paper/unprocessedItems', ({ user }) => {
    const auth = user();
    const TYPES: Partial<Record<Stage, string>> = { draft: '待提交', revision: '待返修', proof: '待核对校样', payment: '待缴费' };
    const rows = db
      .prepare(`SELECT id, manuscript_no, title, status, updated_at FROM manuscripts WHERE employee_id = ? AND status IN ('draft','revision','proof','payment')
        ORDER BY updated_at DESC, id DESC`)
      .all(auth.employeeId) as { id: number; manuscript_no: string | null; title: string; status: Stage; updated_at: string }[];
    const items = rows
      .filter((r) => r.status !== 'proof' || !(db.prepare('SELECT proof_confirmed FROM manuscripts WHERE id = ?').get(r.id) as { proof_confirmed: number }).proof_confirmed)
      .map((r) => ({ paperId: r.id, manuscriptNo: r.manuscript_no, title: r.title || '（未命名草稿）', type: r.status, typeName: TYPES[r.status] ?? '', since: r.updated_at }));
    const unreadMessages = (db.prepare('SELECT count(*) AS n FROM messages WHERE employee_id = ? AND is_read = 0').get(auth.employeeId) as { n: number }).n;
    const count = (s: Stage) => items.filter((i) => i.type === s).length;
    return { total: items.length, drafts: count('draft'), revisions: count('revision'), proofs: count('proof'), payments: count('payment'), unreadMessages, items };
  });

  // Cancels (注销) the account: refused while manuscripts are in progress; anonymises the row.
  api.post('/paper/authorAccountCancellation', async ({ params, user }) => {
    const auth = user();
    const q = parse(z.object({ password: reqStr('请输入密码'), reason: optStr() }), params);
    const e = db.prepare('SELECT * FROM employees WHERE id = ?').get(auth.employeeId) as EmployeeRow | undefined;
    if (!e) throw bizError('用户不存在', 404);
    if (!(await verifyPassword(q.password, e.salt, e.password_hash))) throw bizError('密码错误', 400, 'password');
    const busy = db
      .prepare(`SELECT count(*) AS n FROM manuscripts WHERE employee_id = ? AND status IN (${IN_PROGRESS.map(() => '?').join(',')})`)
      .get(auth.employeeId, ...IN_PROGRESS) as { n: number };
    if (busy.n > 0) throw bizError(`您有${busy.n}篇稿件正在处理中，暂不能注销账号`);
    const tag = `cancelled_${e.id}_${Date.now().toString(36)}`;
    db.transaction(() => {
      db.prepare(`UPDATE employees SET username = ?, mobile = ?, mailbox = NULL, real_name = NULL, openid = NULL, head_img_url = NULL,
          password_hash = ?, salt = ? WHERE id = ?`).run(tag, tag, 'x', 'x', e.id);
      db.prepare('DELETE FROM identities WHERE employee_id = ?').run(e.id);
      db.prepare('DELETE FROM sessions WHERE employee_id = ?').run(e.id);
    })();
    log.info({ event: 'account_cancelled', employeeId: e.id }, 'sandbox account cancelled');
    return withMessage(null, '账号已注销');
  });

  // --- article likes (paperMinute) ---

  const articleIdOf = (params: Params) => {
    const raw = params.paperId ?? params.articleId ?? params.id;
    const { id } = parse(z.object({ id: z.coerce.number({ error: '缺少参数：paperId' }).int().positive({ error: '缺少参数：paperId' }) }), { id: raw });
    if (!db.prepare('SELECT 1 FROM articles WHERE id = ?').get(id)) throw bizError('文献不存在或已下线', 404);
    return id;
  };
  const likeState = (employeeId: number, articleId: number) => ({
    paperId: articleId,
    liked: db.prepare('SELECT 1 FROM paper_likes WHERE employee_id = ? AND article_id = ?').get(employeeId, articleId) !== undefined,
    likeCount: (db.prepare('SELECT count(*) AS n FROM paper_likes WHERE article_id = ?').get(articleId) as { n: number }).n,
  });

  api.post('/paperMinute/checkWhetherLike', ({ params, user }) => likeState(user().employeeId, articleIdOf(params)));
  api.post('/paperMinute/like', ({ params, user }) => {
    const auth = user();
    const id = articleIdOf(params);
    db.prepare('INSERT OR IGNORE INTO paper_likes (employee_id, article_id, created_at) VALUES (?,?,?)').run(auth.employeeId, id, now());
    return withMessage(likeState(auth.employeeId, id), '点赞成功');
  });
  api.post('/paperMinute/cancelLike', ({ params, user }) => {
    const auth = user();
    const id = articleIdOf(params);
    db.prepare('DELETE FROM paper_likes WHERE employee_id = ? AND article_id = ?').run(auth.employeeId, id);
    return withMessage(likeState(auth.employeeId, id), '已取消点赞');
  });

  return api.router;
}
