// /manage/author: the author's manuscripts once submitted: lists, details, workflow and
// letters, and what the author does in review (revision, edits, proof check, retraction).
import { z } from 'zod';
import type { SandboxEnv } from '../../env.js';
import { MANUSCRIPT_TYPES } from '../../files.js';
import { bizError, createApi, optBool, optInt, optStr, page, paging, parse, reqStr, withMessage } from '../../http.js';
import {
  EDITABLE,
  MAIN_LINE,
  RETRACTABLE,
  STAGES,
  STAGE_KEYS,
  addEvent,
  addFile,
  detailJson,
  latestFile,
  manuscriptFiles,
  manuscriptRow,
  ownManuscript,
  replaceAuthors,
  summaryJson,
  transition,
  MS_SELECT,
  type AuthorInput,
  type ManuscriptRow,
  type Stage,
} from '../../manuscripts.js';
import { isMultipart } from '../../multipart.js';
import { receiveUpload } from '../../uploads.js';
import { authorTools, paperIdOf, modifySchema } from './params.js';

const STATUS_GROUPS: Record<string, Stage[]> = {
  reviewing: ['submitted', 'initial_review', 'external_review', 'revised'],
  todo: ['revision', 'proof', 'payment'],
  finished: ['published', 'rejected', 'retracted'],
};

export function progressRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);
  const { now, mine } = authorTools(env);

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
    }[])
      counts[r.status] = r.n;
    return {
      ...page(
        rows.map((r) => summaryJson(db, r)),
        total,
        p,
      ),
      statusCounts: counts,
    };
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
      .prepare(
        `SELECT id, stage, sender, content, is_read AS isRead, created_at AS createTime FROM manuscript_messages
        WHERE manuscript_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .all(row.id, p.size, p.offset) as { stage: Stage; isRead: number }[];
    db.prepare('UPDATE manuscript_messages SET is_read = 1 WHERE manuscript_id = ?').run(row.id);
    return page(
      list.map((m) => ({ ...m, stageName: STAGES[m.stage], isRead: m.isRead === 1 })),
      total,
      p,
    );
  });

  // --- author actions ---

  api.post('/paper/submitChanges', async (ctx) => {
    const auth = ctx.user();
    const t = now();
    let fields: Record<string, string> = {};
    let upload: { hash: string; fileName: string } | null = null;
    if (isMultipart(ctx.req)) {
      const r = await receiveUpload(env, ctx.req, {
        allowed: MANUSCRIPT_TYPES,
        maxBytes: env.uploadLimitBytes,
        kind: 'manuscript',
        employeeId: auth.employeeId,
        now: t,
      });
      fields = r.fields;
      upload = r.file && { hash: r.file.hash, fileName: r.file.fileName };
    }
    const params = { ...ctx.params, ...fields };
    const row = ownManuscript(db, auth.employeeId, paperIdOf(params));
    // Idempotent like the confirm step: a key already used for this manuscript answers the
    // same result again (a double click, a resubmitted form), nothing is added.
    const { idempotencyKey } = parse(
      z.object({
        idempotencyKey: optStr().pipe(
          z.string().min(8, { error: 'idempotencyKey长度应为8-100个字符' }).max(100, { error: 'idempotencyKey长度应为8-100个字符' }).optional(),
        ),
      }),
      params,
    );
    const used = idempotencyKey
      ? (db
          .prepare(`SELECT manuscript_id FROM idempotency_keys WHERE employee_id = ? AND endpoint = 'submitChanges' AND key = ?`)
          .get(auth.employeeId, idempotencyKey) as { manuscript_id: number } | undefined)
      : undefined;
    if (used) {
      if (used.manuscript_id !== row.id) throw bizError('idempotencyKey已用于其他稿件');
      return withMessage(detailJson(db, manuscriptRow(db, row.id) as ManuscriptRow), '修改稿提交成功');
    }
    const q = parse(
      z.object({
        responseLetter: reqStr('请填写修改说明').pipe(
          z.string().min(10, { error: '修改说明不少于10个字符' }).max(5000, { error: '修改说明不能超过5000个字符' }),
        ),
        hash: optStr(),
      }),
      params,
    );
    if (row.status !== 'revision') throw bizError(`稿件当前状态为“${STAGES[row.status]}”，无需提交修改稿`);
    if (!upload && q.hash) {
      const att = db
        .prepare(
          `SELECT a.hash, a.file_name FROM attachments a JOIN blobs b ON b.hash = a.hash
        WHERE a.hash = ? AND a.employee_id = ? AND b.ext IN ('pdf','doc','docx') ORDER BY a.id DESC LIMIT 1`,
        )
        .get(q.hash, auth.employeeId) as { hash: string; file_name: string } | undefined;
      if (!att) throw bizError('修改稿文件不存在，请重新上传');
      upload = { hash: att.hash, fileName: att.file_name };
    }
    if (!upload) throw bizError('请上传修改稿');
    const file = upload;
    db.transaction(() => {
      addFile(db, row.id, 'revision', file.hash, file.fileName, t, q.responseLetter);
      transition(db, row.id, 'revised', {
        now: t,
        note: `作者提交修改稿（修改说明：${q.responseLetter.slice(0, 60)}${q.responseLetter.length > 60 ? '…' : ''}）`,
      });
      if (idempotencyKey) {
        db.prepare(`INSERT INTO idempotency_keys (employee_id, endpoint, key, manuscript_id, created_at) VALUES (?, 'submitChanges', ?, ?, ?)`).run(
          auth.employeeId,
          idempotencyKey,
          row.id,
          t,
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
      db.prepare(
        `UPDATE manuscripts SET title = coalesce(?, title), title_en = coalesce(?, title_en), abstract = coalesce(?, abstract),
          keywords = coalesce(?, keywords), fund = coalesce(?, fund), paper_type = coalesce(?, paper_type),
          column_id = coalesce(?, column_id), remark = coalesce(?, remark), updated_at = ? WHERE id = ?`,
      ).run(
        q.title ?? null,
        q.titleEn ?? null,
        q.abstract ?? null,
        q.keywords ? JSON.stringify(q.keywords) : null,
        q.fund ?? null,
        q.paperType ?? null,
        q.columnId ?? null,
        q.remark ?? null,
        t,
        row.id,
      );
      for (const [name, column] of [
        ['titleEn', 'title_en'],
        ['fund', 'fund'],
        ['remark', 'remark'],
      ] as const) {
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
    const q = parse(
      z.object({ confirm: optBool(), remark: optStr().pipe(z.string().max(2000, { error: '校样意见不能超过2000个字符' }).optional()) }),
      ctx.params,
    );
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
      z.object({
        reason: reqStr('请填写撤稿理由').pipe(z.string().min(5, { error: '撤稿理由不少于5个字符' }).max(500, { error: '撤稿理由不能超过500个字符' })),
      }),
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

  return api.router;
}
