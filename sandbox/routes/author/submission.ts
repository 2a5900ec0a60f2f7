// /manage/author: the two-step submission (两步投稿): what the journal allows, the captcha,
// step 1 uploads the file (a draft), step 2 confirms its details.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { checkCaptcha, storeCaptcha } from '../../accounts.js';
import { captchaSvg } from '../../captcha.js';
import { analyseDocxFile, type PaperInfo } from '../../docx.js';
import type { SandboxEnv } from '../../env.js';
import { MANUSCRIPT_TYPES, fileJson } from '../../files.js';
import { RESPONDED, bizError, createApi, optInt, optStr, parse, reqStr, withMessage, type Ctx } from '../../http.js';
import {
  EDITABLE,
  addEvent,
  addFile,
  detailJson,
  latestFile,
  manuscriptAuthors,
  manuscriptRow,
  notify,
  ownManuscript,
  replaceAuthors,
  transition,
  type AuthorInput,
  type ManuscriptRow,
} from '../../manuscripts.js';
import { receiveUpload } from '../../uploads.js';
import { journalByParams, themeOpen } from '../../journals.js';
import { authorTools, parallelCheck, uploadVerificationOpen, PAPER_TYPES, confirmSchema } from './params.js';

export function submissionRoutes(env: SandboxEnv) {
  const { db, log, files } = env;
  const api = createApi(db, log);
  const { now, mine } = authorTools(env);

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
    return parallelCheck(db, auth.employeeId, j.id, title, null);
  });

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
      allowed: MANUSCRIPT_TYPES,
      maxBytes: env.uploadLimitBytes,
      kind: 'manuscript',
      employeeId: auth.employeeId,
      now: t,
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
          .prepare(
            `INSERT INTO manuscripts (employee_id, journal_id, column_id, theme_id, channel, partner_unit, status, created_at, updated_at)
            VALUES (?,?,?,?,?,?, 'draft', ?, ?)`,
          )
          .run(auth.employeeId, j.id, q.columnId ?? null, q.themeId ?? null, channel, q.partnerUnit ?? null, t, t);
        msId = Number(info.lastInsertRowid);
        addEvent(db, msId, 'draft', '上传稿件文件，创建草稿', '作者', t);
      }
      addFile(db, msId, 'original', file.hash, file.fileName, t);
      if (analysis) {
        const a = analysis;
        db.prepare(
          `UPDATE manuscripts SET title = CASE WHEN title = '' THEN ? ELSE title END,
            title_en = coalesce(title_en, ?), abstract = CASE WHEN abstract = '' THEN ? ELSE abstract END,
            keywords = CASE WHEN keywords = '[]' THEN ? ELSE keywords END, fund = coalesce(fund, ?), word_count = ?, updated_at = ?
            WHERE id = ?`,
        ).run(a.title.slice(0, 100), a.titleEn, a.abstract.slice(0, 1000), JSON.stringify(a.keywords.slice(0, 8)), a.fund, a.wordCount, t, msId);
        if (a.authors.length > 0 && manuscriptAuthors(db, msId).length === 0) {
          replaceAuthors(
            db,
            msId,
            a.authors.slice(0, 10).map((x, i, all) => ({ ...x, corresponding: i === all.length - 1 })),
          );
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
    const limit = parallelCheck(db, auth.employeeId, j.id, q.title, row.id);
    if (!limit.allowed) throw bizError(limit.message);

    const id = db.transaction(() => {
      db.prepare(
        `UPDATE manuscripts SET column_id = ?, title = ?, title_en = ?, abstract = ?, keywords = ?, fund = ?, paper_type = ?,
          remark = ?, theme_id = coalesce(?, theme_id), channel = CASE WHEN ? = 'partner' THEN 'partner' ELSE channel END,
          partner_unit = coalesce(?, partner_unit), updated_at = ? WHERE id = ?`,
      ).run(
        q.columnId,
        q.title,
        q.titleEn ?? null,
        q.abstract,
        JSON.stringify(q.keywords),
        q.fund ?? null,
        q.paperType,
        q.remark ?? null,
        q.themeId ?? null,
        channel,
        q.partnerUnit ?? null,
        t,
        row.id,
      );
      replaceAuthors(db, row.id, q.authors as AuthorInput[]);
      const done = transition(db, row.id, 'submitted', { now: t });
      db.prepare('INSERT INTO idempotency_keys (employee_id, endpoint, key, manuscript_id, created_at) VALUES (?,?,?,?,?)').run(
        auth.employeeId,
        endpoint,
        key,
        row.id,
        t,
      );
      notify(db, auth.employeeId, '投稿成功', `您的稿件《${q.title}》已提交成功，稿件编号${done.manuscript_no ?? ''}，编辑部将尽快进行初审。`, t, 2, row.id);
      return row.id;
    })();
    log.info({ event: 'manuscript_submitted', paperId: id }, 'sandbox manuscript submitted');
    return withMessage(detailJson(db, manuscriptRow(db, id) as ManuscriptRow), '投稿成功');
  }

  api.post('/paper/authorManuscriptConfirmUpload', (ctx) => confirm(ctx, 'author'));
  api.post('/paperOption/authorManuscriptConfirmUpload', (ctx) => confirm(ctx, 'partner'));

  return api.router;
}
