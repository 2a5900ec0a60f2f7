// /manage/employee: the profile, avatar, password and mobile number of the signed-in person.
import { z } from 'zod';
import { consumeSmsCode, employeeById, mobileTaken, sendSmsCode, smsLogLine, type EmployeeRow } from '../../accounts.js';
import { nowTime } from '../../clock.js';
import type { SandboxEnv } from '../../env.js';
import { AVATAR_LIMIT } from '../../env.js';
import { IMAGE_TYPES, previewUrlOf } from '../../files.js';
import { bizError, createApi, optStr, parse, reqStr, withMessage } from '../../http.js';
import { isMultipart } from '../../multipart.js';
import { EMAIL_RE, MOBILE_RE, hashPassword, isValidPassword, maskMobile, newSalt, verifyPassword } from '../../security.js';
import { receiveUpload } from '../../uploads.js';
import { userJson } from '../login.js';
import { REAL_NAME_RE, identityOf } from './identity.js';

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

const PASSWORD_MSG = '请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写';

export function profileRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);
  const must = (id: number): EmployeeRow => {
    const e = employeeById(db, id);
    if (!e) throw bizError('用户不存在', 404);
    return e;
  };

  const profileJson = (e: EmployeeRow) => {
    const p = (db.prepare('SELECT * FROM employee_profiles WHERE employee_id = ?').get(e.id) ?? {}) as Partial<ProfileRow>;
    const identity = identityOf(db, e.id);
    const scholar = db.prepare('SELECT status FROM scholar_applications WHERE employee_id = ? ORDER BY id DESC LIMIT 1').get(e.id) as
      | { status: string }
      | undefined;
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
        realName: optStr().pipe(z.string().regex(REAL_NAME_RE, { error: '请输入正确的姓名' }).optional()),
        mailbox: optStr().pipe(z.string().regex(EMAIL_RE, { error: '请输入正确的邮箱地址' }).optional()),
        gender: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(2, { error: '性别不正确' }).optional()),
        title: optStr().pipe(z.string().max(30, { error: '职称不能超过30个字符' }).optional()),
        institution: optStr().pipe(z.string().max(100, { error: '单位不能超过100个字符' }).optional()),
        department: optStr().pipe(z.string().max(100, { error: '部门不能超过100个字符' }).optional()),
        education: optStr().pipe(z.string().max(30).optional()),
        researchFields: z.preprocess(
          (v) =>
            typeof v === 'string'
              ? v.trim()
                ? v
                    .split(/[;；,，、]+/)
                    .map((s) => s.trim())
                    .filter(Boolean)
                : undefined
              : v,
          z.array(z.string().max(30)).max(10, { error: '研究方向不超过10个' }).optional(),
        ),
        address: optStr().pipe(z.string().max(200, { error: '通讯地址不能超过200个字符' }).optional()),
        postcode: optStr().pipe(
          z
            .string()
            .regex(/^\d{6}$/, { error: '请输入6位邮政编码' })
            .optional(),
        ),
        orcid: optStr().pipe(
          z
            .string()
            .regex(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/, { error: 'ORCID格式不正确' })
            .optional(),
        ),
        bio: optStr().pipe(z.string().max(1000, { error: '个人简介不能超过1000个字符' }).optional()),
      }),
      params,
    );
    const identity = identityOf(db, e.id);
    if (q.realName && identity && q.realName !== identity.real_name) throw bizError('已实名认证，不能修改姓名', 400, 'realName');
    // `clear`: optional fields the user emptied (an empty value alone means "not sent" and keeps the old one).
    const rawClear = params.clear;
    const clear = new Set((Array.isArray(rawClear) ? rawClear : typeof rawClear === 'string' ? rawClear.split(',') : []).map((v) => String(v).trim()));
    const set = <T>(key: string, value: T | undefined) => (value !== undefined ? value : clear.has(key) ? null : undefined);
    const keep = (value: unknown) => (value === undefined ? 1 : 0);
    const fields = {
      mailbox: set('mailbox', q.mailbox),
      gender: set('gender', q.gender),
      title: set('title', q.title),
      institution: set('institution', q.institution),
      department: set('department', q.department),
      education: set('education', q.education),
      research_fields: set('researchFields', q.researchFields ? JSON.stringify(q.researchFields) : undefined),
      address: set('address', q.address),
      postcode: set('postcode', q.postcode),
      orcid: set('orcid', q.orcid),
      bio: set('bio', q.bio),
    };
    const profileColumns = ['gender', 'title', 'institution', 'department', 'education', 'research_fields', 'address', 'postcode', 'orcid', 'bio'] as const;
    db.transaction(() => {
      db.prepare('UPDATE employees SET real_name = coalesce(?, real_name), mailbox = CASE WHEN ? THEN mailbox ELSE ? END WHERE id = ?').run(
        q.realName ?? null,
        keep(fields.mailbox),
        fields.mailbox ?? null,
        e.id,
      );
      db.prepare('INSERT OR IGNORE INTO employee_profiles (employee_id) VALUES (?)').run(e.id);
      db.prepare(`UPDATE employee_profiles SET ${profileColumns.map((c) => `${c} = CASE WHEN ? THEN ${c} ELSE ? END`).join(', ')} WHERE employee_id = ?`).run(
        ...profileColumns.flatMap((c) => [keep(fields[c]), fields[c] ?? null]),
        e.id,
      );
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
      const row = (
        q.ossKey
          ? db.prepare('SELECT b.hash, b.ext, b.size FROM attachments a JOIN blobs b ON b.hash = a.hash WHERE a.oss_key = ?').get(q.ossKey)
          : db.prepare('SELECT hash, ext, size FROM blobs WHERE hash = ?').get((q.hash ?? fromUrl ?? '').toLowerCase())
      ) as { hash: string; ext: string; size: number } | undefined;
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

  return api.router;
}
