// /manage/employee/*: the personal centre (profile, avatar, password, mobile, identity,
// face recognition, invoicing, favourites and history, messages).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { consumeSmsCode, employeeById, mobileTaken, sendSmsCode, smsLogLine, type EmployeeRow } from '../accounts.js';
import { cardsByIds } from '../articles.js';
import { nowMs, nowTime } from '../clock.js';
import type { SandboxEnv } from '../env.js';
import { AVATAR_LIMIT } from '../env.js';
import { IMAGE_TYPES, previewUrlOf } from '../files.js';
import {
  RESPONDED, bizError, createApi, optBool, optInt, optStr, page, paging, parse, reqStr, withMessage, type Params,
} from '../http.js';
import { digestId, encryptId, maskIdNumber, maskName, validateIdNumber } from '../idcard.js';
import { MESSAGE_TYPES, latestFile } from '../manuscripts.js';
import { isMultipart } from '../multipart.js';
import { EMAIL_RE, MOBILE_RE, hashPassword, isValidPassword, maskMobile, newSalt, verifyPassword } from '../security.js';
import { receiveUpload } from '../uploads.js';
import { userJson } from './login.js';

export const FACE_TTL_MS = 10 * 60 * 1000;

export interface InvoicingRow {
  employee_id: number;
  type: number;
  title: string;
  taxpayer_no: string | null;
  address: string | null;
  phone: string | null;
  bank: string | null;
  account: string | null;
  email: string | null;
  updated_at: string;
}

export function invoicingJson(r: InvoicingRow) {
  return {
    type: r.type,
    typeName: r.type === 2 ? '单位' : '个人',
    title: r.title,
    taxpayerNo: r.taxpayer_no,
    address: r.address,
    phone: r.phone,
    bank: r.bank,
    account: r.account,
    email: r.email,
    updateTime: r.updated_at,
  };
}

interface IdentityRow {
  employee_id: number;
  real_name: string;
  id_masked: string;
  gender: number;
  birth_date: string;
  verified_at: string;
  face_verified_at: string | null;
}

interface ProfileRow {
  gender: number | null;
  title: string | null;
  institution: string | null;
  department: string | null;
  education: string | null;
  research_fields: string | null;
  address: string | null;
  postcode: string | null;
  orcid: string | null;
  bio: string | null;
}

/** Taxpayer number: 15, 18 (统一社会信用代码) or 20 characters, digits and capitals. */
export const TAXPAYER_RE = /^(?:[0-9A-Z]{15}|[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}|[0-9A-Z]{20})$/;
const NAME_RE = /^[\u4e00-\u9fa5·]{2,30}$/;
const PASSWORD_MSG = '请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写';

export function employeeRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);
  const must = (id: number): EmployeeRow => {
    const e = employeeById(db, id);
    if (!e) throw bizError('用户不存在', 404);
    return e;
  };
  const identityOf = (id: number) => db.prepare('SELECT * FROM identities WHERE employee_id = ?').get(id) as IdentityRow | undefined;

  const profileJson = (e: EmployeeRow) => {
    const p = (db.prepare('SELECT * FROM employee_profiles WHERE employee_id = ?').get(e.id) ?? {}) as Partial<ProfileRow>;
    const identity = identityOf(e.id);
    const scholar = db.prepare('SELECT status FROM scholar_applications WHERE employee_id = ? ORDER BY id DESC LIMIT 1').get(e.id) as { status: string } | undefined;
    return {
      ...userJson(db, e),
      gender: p.gender ?? null,
      title: p.title ?? null,
      institution: p.institution ?? null,
      department: p.department ?? null,
      education: p.education ?? null,
      researchFields: p.research_fields ? (JSON.parse(p.research_fields) as string[]) : [],
      address: p.address ?? null,
      postcode: p.postcode ?? null,
      orcid: p.orcid ?? null,
      bio: p.bio ?? null,
      identityVerified: identity !== undefined,
      faceVerified: Boolean(identity?.face_verified_at),
      scholarStatus: scholar?.status ?? 'none',
      createTime: e.created_at,
    };
  };

  api.post('/getProfile', ({ user }) => profileJson(must(user().employeeId)));

  api.post('/modifyProfile', ({ params, user }) => {
    const e = must(user().employeeId);
    const q = parse(
      z.object({
        realName: optStr().pipe(z.string().regex(NAME_RE, { error: '请输入正确的姓名' }).optional()),
        mailbox: optStr().pipe(z.string().regex(EMAIL_RE, { error: '请输入正确的邮箱地址' }).optional()),
        gender: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(2, { error: '性别不正确' }).optional()),
        title: optStr().pipe(z.string().max(30, { error: '职称不能超过30个字符' }).optional()),
        institution: optStr().pipe(z.string().max(100, { error: '单位不能超过100个字符' }).optional()),
        department: optStr().pipe(z.string().max(100, { error: '部门不能超过100个字符' }).optional()),
        education: optStr().pipe(z.string().max(30).optional()),
        researchFields: z.preprocess(
          (v) => (typeof v === 'string' ? (v.trim() ? v.split(/[;；,，、]+/).map((s) => s.trim()).filter(Boolean) : undefined) : v),
          z.array(z.string().max(30)).max(10, { error: '研究方向不超过10个' }).optional(),
        ),
        address: optStr().pipe(z.string().max(200, { error: '通讯地址不能超过200个字符' }).optional()),
        postcode: optStr().pipe(z.string().regex(/^\d{6}$/, { error: '请输入6位邮政编码' }).optional()),
        orcid: optStr().pipe(z.string().regex(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/, { error: 'ORCID格式不正确' }).optional()),
        bio: optStr().pipe(z.string().max(1000, { error: '个人简介不能超过1000个字符' }).optional()),
      }),
      params,
    );
    const identity = identityOf(e.id);
    if (q.realName && identity && q.realName !== identity.real_name) throw bizError('已实名认证，不能修改姓名', 400, 'realName');
    // `clear`: optional fields the user emptied (an empty value alone means "not sent" and keeps the old one).
    const rawClear = params.clear;
    const clear = new Set((Array.isArray(rawClear) ? rawClear : typeof rawClear === 'string' ? rawClear.split(',') : []).map((v) => String(v).trim()));
    const set = <T,>(key: string, value: T | undefined) => (value !== undefined ? value : clear.has(key) ? null : undefined);
    const keep = (value: unknown) => (value === undefined ? 1 : 0);
    const fields = {
      mailbox: set('mailbox', q.mailbox), gender: set('gender', q.gender), title: set('title', q.title), institution: set('institution', q.institution),
      department: set('department', q.department), education: set('education', q.education),
      research_fields: set('researchFields', q.researchFields ? JSON.stringify(q.researchFields) : undefined), address: set('address', q.address),
      postcode: set('postcode', q.postcode), orcid: set('orcid', q.orcid), bio: set('bio', q.bio),
    };
    const profileColumns = ['gender', 'title', 'institution', 'department', 'education', 'research_fields', 'address', 'postcode', 'orcid', 'bio'] as const;
    db.transaction(() => {
      db.prepare('UPDATE employees SET real_name = coalesce(?, real_name), mailbox = CASE WHEN ? THEN mailbox ELSE ? END WHERE id = ?')
        .run(q.realName ?? null, keep(fields.mailbox), fields.mailbox ?? null, e.id);
      db.prepare('INSERT OR IGNORE INTO employee_profiles (employee_id) VALUES (?)').run(e.id);
      db.prepare(`UPDATE employee_profiles SET ${profileColumns.map((c) => `${c} = CASE WHEN ? THEN ${c} ELSE ? END`).join(', ')} WHERE employee_id = ?`)
        .run(...profileColumns.flatMap((c) => [keep(fields[c]), fields[c] ?? null]), e.id);
    })();
    return withMessage(profileJson(must(e.id)), '个人信息修改成功');
  });

  // Avatar: a multipart image, or the hash / ossKey of an image uploaded before.
  api.post('/setUpHeadImgUrl', async (ctx) => {
    const auth = ctx.user();
    const t = nowTime(db);
    let hash: string;
    if (isMultipart(ctx.req)) {
      const { file } = await receiveUpload(env, ctx.req, { allowed: IMAGE_TYPES, maxBytes: AVATAR_LIMIT, kind: 'avatar', employeeId: auth.employeeId, now: t });
      if (!file) throw bizError('请选择头像图片');
      hash = file.hash;
    } else {
      const q = parse(z.object({ hash: optStr(), ossKey: optStr(), headImgUrl: optStr() }), ctx.params);
      const fromUrl = q.headImgUrl ? /hash=([0-9a-f]{64})/.exec(q.headImgUrl)?.[1] : undefined;
      const row = (q.ossKey
        ? db.prepare('SELECT b.hash, b.ext, b.size FROM attachments a JOIN blobs b ON b.hash = a.hash WHERE a.oss_key = ?').get(q.ossKey)
        : db.prepare('SELECT hash, ext, size FROM blobs WHERE hash = ?').get((q.hash ?? fromUrl ?? '').toLowerCase())) as
        | { hash: string; ext: string; size: number }
        | undefined;
      if (!row) throw bizError('请先上传头像图片');
      if (!IMAGE_TYPES.includes(row.ext as never)) throw bizError('头像仅支持PNG、JPG、GIF、WEBP格式的图片');
      if (row.size > AVATAR_LIMIT) throw bizError('头像图片不能超过2MB');
      hash = row.hash;
    }
    const headImgUrl = previewUrlOf(hash);
    db.prepare('UPDATE employees SET head_img_url = ? WHERE id = ?').run(headImgUrl, auth.employeeId);
    return withMessage({ headImgUrl }, '头像设置成功');
  });

  api.post('/passwordChange', async ({ params, user }) => {
    const auth = user();
    const q = parse(
      z
        .object({
          oldPassword: reqStr('请输入原密码'),
          password: reqStr('请输入新密码').pipe(z.string().refine(isValidPassword, { error: PASSWORD_MSG })),
          confirmPassword: reqStr('确认密码不能为空'),
        })
        .refine((v) => v.password === v.confirmPassword, { error: '两次输入密码不一致!', path: ['confirmPassword'] }),
      params,
    );
    const e = must(auth.employeeId);
    if (!(await verifyPassword(q.oldPassword, e.salt, e.password_hash))) throw bizError('原密码错误', 400, 'oldPassword');
    if (q.oldPassword === q.password) throw bizError('新密码不能与原密码相同', 400, 'password');
    const salt = newSalt();
    const hash = await hashPassword(q.password, salt);
    db.transaction(() => {
      db.prepare('UPDATE employees SET password_hash = ?, salt = ? WHERE id = ?').run(hash, salt, e.id);
      db.prepare('DELETE FROM sessions WHERE employee_id = ? AND token_hash <> ?').run(e.id, auth.tokenHash);
    })();
    return withMessage(null, '密码修改成功！');
  });

  // Step 1 of a mobile change: the password stands in for the image captcha; the code goes
  // to the new number (`mobileNo`), or to the current one when none is given.
  api.post('/verificationPasswordAndSendCode', async ({ params, user }) => {
    const auth = user();
    const q = parse(
      z.object({
        password: reqStr('请输入密码'),
        mobileNo: optStr().pipe(z.string().regex(MOBILE_RE, { error: '请输入完整、正确的手机号' }).optional()),
      }),
      params,
    );
    const e = must(auth.employeeId);
    if (!(await verifyPassword(q.password, e.salt, e.password_hash))) throw bizError('密码错误', 400, 'password');
    const target = q.mobileNo ?? e.mobile;
    if (q.mobileNo && q.mobileNo !== e.mobile && mobileTaken(db, q.mobileNo)) throw bizError('该手机号已注册', 400, 'mobileNo');
    if (q.mobileNo === e.mobile) throw bizError('新手机号不能与原手机号相同', 400, 'mobileNo');
    const code = sendSmsCode(db, target);
    log.info({ event: 'sms_sent', mobile: maskMobile(target) }, smsLogLine(target, code));
    return withMessage({ mobile: maskMobile(target), expiresIn: 300, resendIn: 60 }, '验证码已发送');
  });

  api.post('/mobileNoChange', ({ params, user }) => {
    const auth = user();
    const q = parse(
      z.object({
        mobileNo: reqStr('请输入手机号').pipe(z.string().regex(MOBILE_RE, { error: '请输入完整、正确的手机号' })),
        code: z.preprocess((v) => v ?? params.verificationCode, reqStr('请输入验证码')),
      }),
      params,
    );
    const e = must(auth.employeeId);
    if (q.mobileNo === e.mobile) throw bizError('新手机号不能与原手机号相同', 400, 'mobileNo');
    if (mobileTaken(db, q.mobileNo)) throw bizError('该手机号已注册', 400, 'mobileNo');
    consumeSmsCode(db, q.mobileNo, q.code);
    db.prepare('UPDATE employees SET mobile = ? WHERE id = ?').run(q.mobileNo, e.id);
    return withMessage({ mobileNo: maskMobile(q.mobileNo) }, '手机号修改成功');
  });

  // --- identity ---

  const identityJson = (r: IdentityRow) => ({
    realName: r.real_name,
    idType: 1,
    idTypeName: '居民身份证',
    idNumber: r.id_masked,
    gender: r.gender,
    birthDate: r.birth_date,
    verified: true,
    verifiedTime: r.verified_at,
    faceVerified: r.face_verified_at !== null,
    faceVerifiedTime: r.face_verified_at,
  });

  api.post('/identityInformation', ({ user }) => {
    const r = identityOf(user().employeeId);
    return r ? identityJson(r) : null;
  });

  api.post('/queryIdentityInformation', ({ user }) => {
    const r = identityOf(user().employeeId);
    return {
      authenticated: r !== undefined,
      realName: r ? maskName(r.real_name) : null,
      idNumber: r?.id_masked ?? null,
      faceVerified: Boolean(r?.face_verified_at),
    };
  });

  api.post('/authorIdentityAuthentication', ({ params, user }) => {
    const auth = user();
    const q = parse(
      z.object({
        realName: reqStr('请输入真实姓名').pipe(z.string().regex(NAME_RE, { error: '请输入正确的姓名' })),
        idNumber: z.preprocess((v) => v ?? params.idCard ?? params.cardNo, reqStr('请输入身份证号码')),
      }),
      params,
    );
    if (identityOf(auth.employeeId)) throw bizError('您已完成实名认证');
    const t = nowTime(db);
    const checked = validateIdNumber(q.idNumber, t.slice(0, 10));
    if (!checked.ok) throw bizError(checked.message, 400, 'idNumber');
    const digest = digestId(db, checked.normalized);
    if (db.prepare('SELECT 1 FROM identities WHERE id_digest = ?').get(digest)) throw bizError('该身份证号码已被其他账号认证', 400, 'idNumber');
    db.transaction(() => {
      db.prepare(`INSERT INTO identities (employee_id, real_name, id_cipher, id_digest, id_masked, gender, birth_date, verified_at)
        VALUES (?,?,?,?,?,?,?,?)`).run(auth.employeeId, q.realName, encryptId(db, checked.normalized), digest, maskIdNumber(checked.normalized),
        checked.info.gender, checked.info.birthDate, t);
      db.prepare('UPDATE employees SET real_name = ? WHERE id = ?').run(q.realName, auth.employeeId);
    })();
    log.info({ event: 'identity_verified', employeeId: auth.employeeId }, 'sandbox identity verified');
    return withMessage(identityJson(identityOf(auth.employeeId) as IdentityRow), '实名认证成功');
  });

  api.post('/employeeFaceRecognition/faceRecognition', ({ req, user }) => {
    const auth = user();
    if (!identityOf(auth.employeeId)) throw bizError('请先完成实名认证');
    const ticket = randomBytes(16).toString('hex');
    const now = nowMs(db);
    db.prepare('DELETE FROM face_tickets WHERE expires_at < ?').run(now - FACE_TTL_MS);
    db.prepare(`INSERT INTO face_tickets (ticket, employee_id, status, created_at, expires_at) VALUES (?,?, 'pending', ?, ?)`).run(
      ticket, auth.employeeId, now, now + FACE_TTL_MS,
    );
    const base = (req.app.locals.publicUrl as string | undefined) ?? '';
    return { ticket, url: `${base}/__sandbox/face/verify?ticket=${ticket}`, expiresIn: FACE_TTL_MS / 1000 };
  });

  api.post('/employeeFaceRecognition/getFaceRecognitionResult', ({ params, user }) => {
    const auth = user();
    const { ticket } = parse(z.object({ ticket: reqStr('缺少参数：ticket') }), params);
    const row = db.prepare('SELECT * FROM face_tickets WHERE ticket = ? AND employee_id = ?').get(ticket, auth.employeeId) as
      | { status: string; expires_at: number; finished_at: string | null }
      | undefined;
    if (!row) throw bizError('人脸识别记录不存在', 404);
    const status = row.status === 'pending' && row.expires_at < nowMs(db) ? 'expired' : row.status;
    const names: Record<string, string> = { pending: '等待识别', passed: '识别通过', failed: '识别未通过', expired: '已过期' };
    return { ticket, status, statusName: names[status] ?? status, finishedTime: row.finished_at };
  });

  // --- invoicing ---

  api.post('/employeeInvoicingInformation/addInvoicingInformation', ({ params, user }) => {
    const auth = user();
    const q = parse(
      z.object({
        type: z.preprocess((v) => (v === '' || v === undefined ? 1 : v), z.coerce.number().int().min(1, { error: '发票抬头类型不正确' }).max(2, { error: '发票抬头类型不正确' })),
        title: reqStr('请填写发票抬头').pipe(z.string().max(100, { error: '发票抬头不能超过100个字符' })),
        taxpayerNo: optStr().pipe(
          z.string().transform((s) => s.toUpperCase()).pipe(z.string().regex(TAXPAYER_RE, { error: '纳税人识别号应为15、18或20位数字或大写字母' })).optional(),
        ),
        address: optStr().pipe(z.string().max(200, { error: '地址不能超过200个字符' }).optional()),
        phone: optStr().pipe(z.string().regex(/^[\d\-+() ]{7,20}$/, { error: '请输入正确的电话号码' }).optional()),
        bank: optStr().pipe(z.string().max(100, { error: '开户行不能超过100个字符' }).optional()),
        account: optStr().pipe(z.string().regex(/^[\d ]{8,32}$/, { error: '请输入正确的银行账号' }).optional()),
        email: optStr().pipe(z.string().regex(EMAIL_RE, { error: '请输入正确的邮箱地址' }).optional()),
      }),
      params,
    );
    if (q.type === 2 && !q.taxpayerNo) throw bizError('单位发票请填写纳税人识别号', 400, 'taxpayerNo');
    const t = nowTime(db);
    db.prepare(`INSERT INTO invoicing_info (employee_id, type, title, taxpayer_no, address, phone, bank, account, email, updated_at)
      VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT(employee_id) DO UPDATE SET type = excluded.type, title = excluded.title,
      taxpayer_no = excluded.taxpayer_no, address = excluded.address, phone = excluded.phone, bank = excluded.bank,
      account = excluded.account, email = excluded.email, updated_at = excluded.updated_at`)
      .run(auth.employeeId, q.type, q.title, q.taxpayerNo ?? null, q.address ?? null, q.phone ?? null, q.bank ?? null,
        q.account ?? null, q.email ?? null, t);
    return withMessage(invoicingJson(db.prepare('SELECT * FROM invoicing_info WHERE employee_id = ?').get(auth.employeeId) as InvoicingRow), '开票信息保存成功');
  });

  api.post('/employeeInvoicingInformation/getInvoicingInformation', ({ user }) => {
    const r = db.prepare('SELECT * FROM invoicing_info WHERE employee_id = ?').get(user().employeeId) as InvoicingRow | undefined;
    return r ? invoicingJson(r) : null;
  });

  // --- favourites and history ---

  const articleIdOf = (params: Params) => {
    const raw = params.paperId ?? params.articleId ?? params.id;
    const { id } = parse(z.object({ id: z.coerce.number({ error: '缺少参数：paperId' }).int().positive({ error: '缺少参数：paperId' }) }), { id: raw });
    if (!db.prepare('SELECT 1 FROM articles WHERE id = ?').get(id)) throw bizError('文献不存在或已下线', 404);
    return id;
  };

  api.post('/employeeRecording/isCollection', ({ params, user }) => {
    const id = articleIdOf(params);
    return db.prepare('SELECT 1 FROM collections WHERE employee_id = ? AND article_id = ?').get(user().employeeId, id) !== undefined;
  });

  api.post('/employeeRecording/collection', ({ params, user }) => {
    const id = articleIdOf(params);
    db.prepare('INSERT OR IGNORE INTO collections (employee_id, article_id, created_at) VALUES (?,?,?)').run(user().employeeId, id, nowTime(db));
    return withMessage(true, '收藏成功');
  });

  api.post('/employeeRecording/cancelCollection', ({ params, user }) => {
    const id = articleIdOf(params);
    db.prepare('DELETE FROM collections WHERE employee_id = ? AND article_id = ?').run(user().employeeId, id);
    return withMessage(false, '已取消收藏');
  });

  const history = (employeeId: number, params: Params, source: 'collections' | 'read' | 'download') => {
    const p = paging(params);
    const [from, timeCol, where, args] =
      source === 'collections'
        ? ['collections', 'created_at', 'employee_id = ?', [employeeId]]
        : ['read_records', 'last_at', 'employee_id = ? AND kind = ?', [employeeId, source]];
    const total = (db.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(`SELECT article_id AS articleId, ${timeCol} AS time${source === 'collections' ? '' : ', count'} FROM ${from}
        WHERE ${where} ORDER BY ${timeCol} DESC, article_id DESC LIMIT ? OFFSET ?`)
      .all(...args, p.size, p.offset) as { articleId: number; time: string; count?: number }[];
    const cards = new Map(cardsByIds(db, rows.map((r) => r.articleId)).map((c) => [c.id, c]));
    const timeKey = source === 'collections' ? 'collectTime' : source === 'read' ? 'readTime' : 'downloadTime';
    return page(
      rows.map((r) => ({ paperId: r.articleId, [timeKey]: r.time, ...(r.count !== undefined ? { count: r.count } : {}), paper: cards.get(r.articleId) ?? null })),
      total,
      p,
    );
  };

  api.post('/employeeRecording/collectionList', ({ params, user }) => history(user().employeeId, params, 'collections'));
  api.post('/employeeRecording/readRecordList', ({ params, user }) => history(user().employeeId, params, 'read'));
  api.post('/employeeRecording/downloadPdfList', ({ params, user }) => history(user().employeeId, params, 'download'));

  // --- messages ---

  api.post('/employeeNewsletter/unreadNumber', ({ user }) => {
    return (db.prepare('SELECT count(*) AS n FROM messages WHERE employee_id = ? AND is_read = 0').get(user().employeeId) as { n: number }).n;
  });

  api.post('/employeeNewsletter/list', ({ user, params }) => {
    const id = user().employeeId;
    const q = parse(z.object({ isRead: optBool(), type: optInt() }), params);
    const p = paging(params);
    const where = ['m.employee_id = ?'];
    const args: (string | number)[] = [id];
    if (q.isRead !== undefined) {
      where.push('m.is_read = ?');
      args.push(q.isRead ? 1 : 0);
    }
    if (q.type !== undefined) {
      where.push('m.type = ?');
      args.push(q.type);
    }
    const w = where.join(' AND ');
    const total = (db.prepare(`SELECT count(*) AS n FROM messages m WHERE ${w}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(`SELECT m.id, m.title, m.content, m.is_read AS isRead, m.create_time AS createTime, m.type, m.manuscript_id AS paperId,
          ms.manuscript_no AS manuscriptNo FROM messages m LEFT JOIN manuscripts ms ON ms.id = m.manuscript_id
        WHERE ${w} ORDER BY m.create_time DESC, m.id DESC LIMIT ? OFFSET ?`)
      .all(...args, p.size, p.offset) as { isRead: number; type: keyof typeof MESSAGE_TYPES; paperId: number | null }[];
    return page(
      rows.map((r) => ({ ...r, isRead: r.isRead === 1, typeName: MESSAGE_TYPES[r.type] ?? '系统通知', hasAttachment: r.type === 3 && r.paperId !== null })),
      total,
      p,
    );
  });

  api.post('/employeeNewsletter/markRead', ({ user, params }) => {
    const auth = user();
    const q = parse(z.object({ id: optInt(), all: optBool() }), params);
    if (q.all) {
      db.prepare('UPDATE messages SET is_read = 1 WHERE employee_id = ?').run(auth.employeeId);
      return withMessage(null, '已全部标记为已读');
    }
    if (!q.id) throw bizError('缺少参数：id');
    const info = db.prepare('UPDATE messages SET is_read = 1 WHERE id = ? AND employee_id = ?').run(q.id, auth.employeeId);
    if (info.changes === 0) throw bizError('消息不存在', 404);
    return withMessage(null, '已标记为已读');
  });

  // The retraction response (撤稿回执) PDF attached to a type-3 message.
  api.any('/employeeNewsletter/downloadRetractionResponse', ({ params, res, user }) => {
    const auth = user();
    const q = parse(z.object({ id: optInt(), paperId: optInt() }), params);
    let paperId = q.paperId;
    if (q.id) {
      const m = db.prepare('SELECT type, manuscript_id FROM messages WHERE id = ? AND employee_id = ?').get(q.id, auth.employeeId) as
        | { type: number; manuscript_id: number | null }
        | undefined;
      if (!m) throw bizError('消息不存在', 404);
      if (m.type !== 3 || m.manuscript_id === null) throw bizError('该消息没有撤稿回执');
      paperId = m.manuscript_id;
    }
    if (!paperId) throw bizError('缺少参数：id');
    const owner = db.prepare('SELECT employee_id FROM manuscripts WHERE id = ?').get(paperId) as { employee_id: number } | undefined;
    if (!owner || owner.employee_id !== auth.employeeId) throw bizError('稿件不存在', 404);
    const f = latestFile(db, paperId, ['receipt']);
    if (!f) throw bizError('撤稿回执不存在', 404);
    db.prepare('UPDATE messages SET is_read = 1 WHERE employee_id = ? AND manuscript_id = ? AND type = 3').run(auth.employeeId, paperId);
    env.files.send(res, f.hash, f.fileName);
    return RESPONDED;
  });

  return api.router;
}
