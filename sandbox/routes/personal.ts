// /manage/process/employeeScholarAudit/* (学者认证) and /manage/terrace/feedBack/* (意见反馈).
import { z } from 'zod';
import { nowTime } from '../clock.js';
import type { SandboxEnv } from '../env.js';
import { ATTACHMENT_TYPES } from '../files.js';
import { bizError, createApi, optStr, parse, reqStr, withMessage } from '../http.js';
import { isMultipart } from '../multipart.js';
import { receiveUpload } from '../uploads.js';
import { attachmentJson } from './attachments.js';
import { CODINGS } from './platform.js';

const SCHOLAR_STATUS: Record<string, string> = { none: '未申请', pending: '审核中', approved: '已认证', rejected: '未通过' };

interface ScholarRow {
  id: number;
  real_name: string;
  institution: string;
  title: string;
  research_field: string;
  attachment_id: number;
  status: string;
  opinion: string | null;
  created_at: string;
  decided_at: string | null;
}

export function processRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

  const latest = (employeeId: number) =>
    db.prepare('SELECT * FROM scholar_applications WHERE employee_id = ? ORDER BY id DESC LIMIT 1').get(employeeId) as ScholarRow | undefined;

  const applicationJson = (r: ScholarRow) => {
    const att = db
      .prepare(
        `SELECT a.id, a.oss_key, a.hash, a.file_name, a.kind, a.created_at, b.size, b.content_type, b.ext
        FROM attachments a JOIN blobs b ON b.hash = a.hash WHERE a.id = ?`,
      )
      .get(r.attachment_id) as Parameters<typeof attachmentJson>[0] | undefined;
    return {
      id: r.id,
      realName: r.real_name,
      institution: r.institution,
      title: r.title,
      researchField: r.research_field,
      status: r.status,
      statusName: SCHOLAR_STATUS[r.status] ?? r.status,
      opinion: r.opinion,
      createTime: r.created_at,
      decideTime: r.decided_at,
      file: att ? attachmentJson(att) : null,
    };
  };

  api.post('/employeeScholarAudit/isScholarApplication', ({ user }) => {
    const r = latest(user().employeeId);
    const status = r?.status ?? 'none';
    return { applied: r !== undefined, status, statusName: SCHOLAR_STATUS[status], application: r ? applicationJson(r) : null };
  });

  // Multipart with the supporting file (工作证明, 职称证书 …), or JSON naming an uploaded one.
  api.post('/employeeScholarAudit/scholarApplication', async (ctx) => {
    const auth = ctx.user();
    const prev = latest(auth.employeeId);
    if (prev?.status === 'pending') throw bizError('您的学者认证申请正在审核中，请耐心等待');
    if (prev?.status === 'approved') throw bizError('您已通过学者认证');
    const t = nowTime(db);
    let fields: Record<string, string> = {};
    let attachmentId: number | null = null;
    if (isMultipart(ctx.req)) {
      const r = await receiveUpload(env, ctx.req, {
        allowed: ATTACHMENT_TYPES.filter((x) => x !== 'txt' && x !== 'zip'),
        maxBytes: 10 * 1024 * 1024,
        kind: 'scholar',
        employeeId: auth.employeeId,
        now: t,
        required: false,
      });
      fields = r.fields;
      attachmentId = r.file?.attachmentId ?? null;
    }
    const params = { ...ctx.params, ...fields };
    const q = parse(
      z.object({
        realName: reqStr('请填写真实姓名').pipe(z.string().max(30)),
        institution: reqStr('请填写工作单位').pipe(z.string().max(100, { error: '工作单位不能超过100个字符' })),
        title: reqStr('请填写职称').pipe(z.string().max(30)),
        researchField: reqStr('请填写研究方向').pipe(z.string().max(100, { error: '研究方向不能超过100个字符' })),
        ossKey: optStr(),
        hash: optStr(),
      }),
      params,
    );
    if (attachmentId === null && (q.ossKey || q.hash)) {
      const att = db
        .prepare(`SELECT id FROM attachments WHERE employee_id = ? AND ${q.ossKey ? 'oss_key' : 'hash'} = ? ORDER BY id DESC LIMIT 1`)
        .get(auth.employeeId, q.ossKey ?? q.hash) as { id: number } | undefined;
      attachmentId = att?.id ?? null;
    }
    if (attachmentId === null) throw bizError('请上传证明材料', 400, 'file');
    const info = db
      .prepare(
        `INSERT INTO scholar_applications (employee_id, real_name, institution, title, research_field, attachment_id, status, created_at)
        VALUES (?,?,?,?,?,?, 'pending', ?)`,
      )
      .run(auth.employeeId, q.realName, q.institution, q.title, q.researchField, attachmentId, t);
    return withMessage(
      applicationJson(db.prepare('SELECT * FROM scholar_applications WHERE id = ?').get(info.lastInsertRowid) as ScholarRow),
      '申请已提交，请等待审核',
    );
  });

  return api.router;
}

const FEEDBACK_TYPES = (CODINGS.find((c) => c[0] === 6)?.[2] ?? []) as string[];

export function terraceRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

  api.post('/feedBack/addFeedBack', ({ params, user }) => {
    const auth = user();
    const q = parse(
      z.object({
        type: z.preprocess((v) => (v === '' || v === undefined ? '其他' : v), z.enum(FEEDBACK_TYPES as [string, ...string[]], { error: '反馈类型不正确' })),
        content: reqStr('请填写反馈内容').pipe(z.string().min(5, { error: '反馈内容不少于5个字符' }).max(500, { error: '反馈内容不能超过500个字符' })),
        contact: optStr().pipe(z.string().max(100, { error: '联系方式不能超过100个字符' }).optional()),
      }),
      params,
    );
    const t = nowTime(db);
    const info = db
      .prepare('INSERT INTO feedback (employee_id, type, content, contact, created_at) VALUES (?,?,?,?,?)')
      .run(auth.employeeId, q.type, q.content, q.contact ?? null, t);
    return withMessage({ id: Number(info.lastInsertRowid), createTime: t }, '感谢您的反馈！');
  });

  return api.router;
}
