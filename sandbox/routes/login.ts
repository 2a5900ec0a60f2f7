// /api/loginApi/*: account login, registration, password reset, captcha and SMS codes.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  checkCaptcha,
  consumeSmsCode,
  createEmployee,
  employeeById,
  issueSession,
  mobileTaken,
  rolesOf,
  sendSmsCode,
  smsLogLine,
  storeCaptcha,
  usernameTaken,
  type EmployeeRow,
} from '../accounts.js';
import { captchaSvg } from '../captcha.js';
import type { DB } from '../db.js';
import { ApiError, RESPONDED, bizError, createApi, optStr, parse, reqId, reqStr, withMessage, type Logger } from '../http.js';
import {
  EMAIL_RE,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  MOBILE_RE,
  USERNAME_RE,
  hashPassword,
  isValidPassword,
  maskMobile,
  newCaptchaText,
  newSalt,
  verifyPassword,
} from '../security.js';

// Validation messages (docs/product.md#validation).
const mobile = reqStr('请输入手机号').pipe(z.string().regex(MOBILE_RE, { error: '请输入完整、正确的手机号' }));
const password = reqStr('请输入密码').pipe(z.string().refine(isValidPassword, { error: '请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写' }));
const userName = reqStr('请输入用户名').pipe(z.string().regex(USERNAME_RE, { error: '请输入正确的用户名!' }));
const smsCode = reqStr('请输入验证码');
const confirmPassword = reqStr('确认密码不能为空');
const samePasswords: [(v: { password: string; confirmPassword: string }) => boolean, { error: string; path: string[] }] = [
  (v) => v.password === v.confirmPassword,
  { error: '两次输入密码不一致!', path: ['confirmPassword'] },
];

const registerSchema = z
  .object({
    mobileNo: mobile,
    verificationCode: smsCode,
    userName,
    mailbox: optStr().pipe(z.string().regex(EMAIL_RE, { error: '请输入正确的邮箱地址' }).optional()),
    password,
    confirmPassword,
  })
  .refine(...samePasswords);
const forgotSchema = z
  .object({ mobileNo: mobile, verificationCode: smsCode, userName: reqStr('请输入用户名'), password, confirmPassword })
  .refine(...samePasswords);

const AUTHOR_MENUS = [
  { id: 1, name: '首页', path: '/', icon: 'home', children: [] },
  { id: 2, name: '在线投稿', path: '/upload', icon: 'upload', children: [] },
  {
    id: 3,
    name: '个人中心',
    path: '/personal',
    icon: 'user',
    children: [
      { id: 31, name: '我的稿件', path: '/personal/index', icon: null, children: [] },
      { id: 32, name: '账户信息', path: '/personal/account', icon: null, children: [] },
      { id: 33, name: '阅读与下载记录', path: '/personal/histroy', icon: null, children: [] },
      { id: 34, name: '消息中心', path: '/personal/message', icon: null, children: [] },
    ],
  },
];
const READER_MENUS = [AUTHOR_MENUS[0]];

export function userJson(db: DB, e: EmployeeRow) {
  return {
    id: e.id,
    username: e.username,
    headImgUrl: e.head_img_url,
    type: e.type,
    realName: e.real_name,
    mobileNo: maskMobile(e.mobile),
    mailbox: e.mailbox,
    wechatBound: e.openid !== null,
    employeeRole: rolesOf(db, e.id).map((r) => ({ id: r.id, type: r.type, name: r.name })),
    employeeType: e.type,
  };
}

export function loginRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  const failures = {
    count: (u: string) => (db.prepare('SELECT count FROM login_failures WHERE username = ?').get(u) as { count: number } | undefined)?.count ?? 0,
    add: (u: string) =>
      db
        .prepare(
          `INSERT INTO login_failures (username, count, updated_at) VALUES (?, 1, ?)
          ON CONFLICT(username) DO UPDATE SET count = count + 1, updated_at = excluded.updated_at`,
        )
        .run(u, Date.now()),
    clear: (u: string) => db.prepare('DELETE FROM login_failures WHERE username = ?').run(u),
  };

  // After 3 failures for a username every attempt needs a correct image captcha (code 505).
  api.post('/login', async ({ params }) => {
    const q = parse(z.object({ username: reqStr('请输入用户名'), password: reqStr('请输入密码'), captcha: optStr(), uuid: optStr() }), params);
    const key = q.username.toLowerCase();
    if (failures.count(key) >= LOGIN_FAILURES_BEFORE_CAPTCHA) {
      if (!q.captcha) throw new ApiError(505, '请输入图形验证码', 200, 'captcha');
      if (!checkCaptcha(db, q.uuid, q.captcha)) throw new ApiError(505, '图形验证码错误或已过期', 200, 'captcha');
    }
    // Username or mobile number.
    const user = db.prepare('SELECT * FROM employees WHERE username = ? COLLATE NOCASE OR mobile = ?').get(q.username, q.username) as EmployeeRow | undefined;
    const good = user ? await verifyPassword(q.password, user.salt, user.password_hash) : false;
    if (!user || !good) {
      failures.add(key);
      log.info({ event: 'login_failed' }, 'sandbox login failed');
      const refusal = bizError('用户名或密码错误', 400, 'password');
      // The same account, whichever name (username or mobile) it was addressed by.
      if (user) refusal.account = user.username;
      throw refusal;
    }
    failures.clear(key);
    return withMessage(issueSession(db, user.id), '登录成功');
  });

  api.post('/register', async ({ params }) => {
    const q = parse(registerSchema, params);
    if (usernameTaken(db, q.userName)) throw bizError('用户名已存在');
    if (mobileTaken(db, q.mobileNo)) throw bizError('该手机号已注册，请直接登录');
    consumeSmsCode(db, q.mobileNo, q.verificationCode, 'verificationCode');
    const id = await createEmployee(db, { username: q.userName, mobile: q.mobileNo, mailbox: q.mailbox, password: q.password });
    return withMessage({ id, username: q.userName }, '注册成功！');
  });

  api.post('/forgotPassword', async ({ params }) => {
    const q = parse(forgotSchema, params);
    const user = db.prepare('SELECT * FROM employees WHERE username = ? COLLATE NOCASE AND mobile = ?').get(q.userName, q.mobileNo) as EmployeeRow | undefined;
    if (!user) throw bizError('用户名与手机号不匹配');
    consumeSmsCode(db, q.mobileNo, q.verificationCode, 'verificationCode');
    const salt = newSalt();
    const hash = await hashPassword(q.password, salt);
    db.transaction(() => {
      db.prepare('UPDATE employees SET password_hash = ?, salt = ? WHERE id = ?').run(hash, salt, user.id);
      db.prepare('DELETE FROM sessions WHERE employee_id = ?').run(user.id);
      db.prepare('DELETE FROM login_failures WHERE username = ?').run(user.username.toLowerCase());
    })();
    return withMessage(null, '密码修改成功！');
  });

  // SMS code: needs a valid mobile and the image captcha; one per mobile per 60 s.
  api.post('/sendCode', ({ params }) => {
    const q = parse(z.object({ mobile: z.preprocess((v) => v ?? params.mobileNo, mobile), code: reqStr('请输入图形验证码'), uuid: optStr() }), params);
    if (!checkCaptcha(db, q.uuid, q.code)) throw bizError('图形验证码错误或已过期', 400, 'code');
    const code = sendSmsCode(db, q.mobile);
    log.info({ event: 'sms_sent', mobile: maskMobile(q.mobile) }, smsLogLine(q.mobile, code));
    return withMessage({ mobile: maskMobile(q.mobile), expiresIn: 300, resendIn: 60 }, '验证码已发送');
  });

  // Account lookup (findAccountInfo, docs/product.md#entities): the account of a mobile, proven by its SMS code.
  api.post('/findAccount', ({ params }) => {
    const q = parse(z.object({ mobileNo: mobile, verificationCode: smsCode }), params);
    consumeSmsCode(db, q.mobileNo, q.verificationCode, 'verificationCode');
    const user = db.prepare('SELECT * FROM employees WHERE mobile = ?').get(q.mobileNo) as EmployeeRow | undefined;
    if (!user) throw bizError('该手机号尚未注册账号');
    return {
      accountName: user.username,
      phoneNumber: maskMobile(user.mobile),
      cardNo: null,
      fullName: user.real_name ? `${user.real_name.slice(0, 1)}${'*'.repeat(Math.max(1, user.real_name.length - 1))}` : null,
    };
  });

  api.post('/getUser', (ctx) => {
    const e = employeeById(db, ctx.user().employeeId);
    if (!e) throw bizError('用户不存在', 404);
    return userJson(db, e);
  });

  // Selects the active role of the session (id = a role id; a user id selects the author role).
  api.post('/menus', ({ params, user }) => {
    const auth = user();
    const { id } = parse(z.object({ id: reqId() }), params);
    const roles = rolesOf(db, auth.employeeId);
    const role = roles.find((r) => r.id === id) ?? (id === auth.employeeId ? (roles.find((r) => r.type === 4) ?? roles[0]) : undefined);
    if (!role) throw bizError('无权访问该角色');
    db.prepare('UPDATE sessions SET role_id = ? WHERE token_hash = ?').run(role.id, auth.tokenHash);
    return { token: auth.token, role: { id: role.id, type: role.type, name: role.name }, menus: role.type === 4 ? AUTHOR_MENUS : READER_MENUS };
  });

  // true = the username is free and well-formed.
  api.post('/queryUsername', ({ params }) => {
    const { username } = parse(z.object({ username: reqStr('请输入用户名') }), params);
    if (!USERNAME_RE.test(username)) return withMessage(false, '请输入正确的用户名!');
    const free = !usernameTaken(db, username);
    return withMessage(free, free ? '用户名可用' : '用户名已存在');
  });

  // Image-host configuration (docs/product.md#entities): where uploaded images and files are served from.
  api.post('/getOssKey', ({ req }) => {
    const base = (req.app.locals.publicUrl as string | undefined) ?? '';
    return [
      { imagesHost: `${base}/api/attachmentApi/fileBrowsing?hash=`, imagePrefix: ['avatar/', 'cover/', 'news/'] },
      { imagesHost: `${base}/api/file/file/download?hash=`, imagePrefix: ['paper/'] },
    ];
  });

  api.get('/getRandomUUID', () => randomUUID());

  api.get('/sendVerificationCode', ({ params, res }) => {
    const { uuid } = parse(z.object({ uuid: reqStr('缺少参数：uuid').pipe(z.string().max(64)) }), params);
    const text = newCaptchaText();
    storeCaptcha(db, uuid, text);
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(captchaSvg(text));
    return RESPONDED;
  });

  return api.router;
}
