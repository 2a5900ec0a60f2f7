// Accounts, sessions and one-time codes (captcha, SMS) shared by the login and WeChat routes.
import type { DB } from './db.js';
import { ApiError, bizError } from './http.js';
import { AUTHOR_ROLE_ID } from './seed/generate.js';
import { CAPTCHA_TTL_MS, SMS_RESEND_MS, SMS_TTL_MS, TOKEN_TTL_MS, hashPassword, maskMobile, newSalt, newSmsCode, newToken, sha256 } from './security.js';

export interface EmployeeRow {
  id: number;
  username: string;
  mobile: string;
  mailbox: string | null;
  real_name: string | null;
  password_hash: string;
  salt: string;
  head_img_url: string | null;
  type: number;
  openid: string | null;
  created_at: string;
}

export interface RoleRow {
  id: number;
  type: number;
  name: string;
}

export function employeeById(db: DB, id: number): EmployeeRow | undefined {
  return db.prepare('SELECT * FROM employees WHERE id = ?').get(id) as EmployeeRow | undefined;
}

export function rolesOf(db: DB, employeeId: number): RoleRow[] {
  return db
    .prepare('SELECT r.id, r.type, r.name FROM roles r JOIN employee_roles er ON er.role_id = r.id WHERE er.employee_id = ? ORDER BY r.type DESC')
    .all(employeeId) as RoleRow[];
}

/** New session; the author role is the active one when the user has it. */
export function createSession(db: DB, employeeId: number): string {
  const roles = rolesOf(db, employeeId);
  const role = roles.find((r) => r.type === 4) ?? roles[0];
  const token = newToken();
  const now = Date.now();
  db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now);
  db.prepare('INSERT INTO sessions (token_hash, employee_id, role_id, created_at, expires_at) VALUES (?,?,?,?,?)').run(
    sha256(token),
    employeeId,
    role?.id ?? null,
    now,
    now + TOKEN_TTL_MS,
  );
  return token;
}

/** The login response (docs/product.md#entities): token, employee, employeeRole list, employeeType. */
export function loginEntity(db: DB, employeeId: number, token: string) {
  const e = employeeById(db, employeeId);
  if (!e) throw bizError('用户不存在', 404);
  return {
    token,
    employee: { id: e.id, username: e.username, headImgUrl: e.head_img_url, type: e.type },
    employeeRole: rolesOf(db, e.id).map((r) => ({ id: r.id, type: r.type, name: r.name })),
    employeeType: e.type,
  };
}

export function issueSession(db: DB, employeeId: number) {
  return loginEntity(db, employeeId, createSession(db, employeeId));
}

// --- captcha ---

export function storeCaptcha(db: DB, uuid: string, text: string): void {
  const now = Date.now();
  db.prepare('DELETE FROM captchas WHERE expires_at <= ?').run(now);
  db.prepare('INSERT OR REPLACE INTO captchas (uuid, text, expires_at) VALUES (?,?,?)').run(uuid, text, now + CAPTCHA_TTL_MS);
}

/** Checks and consumes a captcha (one try per image). Case-insensitive. */
export function checkCaptcha(db: DB, uuid: string | undefined, text: string | undefined): boolean {
  if (!uuid || !text) return false;
  const row = db.prepare('SELECT text, expires_at FROM captchas WHERE uuid = ?').get(uuid) as { text: string; expires_at: number } | undefined;
  if (!row) return false;
  db.prepare('DELETE FROM captchas WHERE uuid = ?').run(uuid);
  return row.expires_at > Date.now() && row.text.toLowerCase() === text.trim().toLowerCase();
}

// --- SMS ---

/** One code per mobile per 60 s, unless the last one was already used (then the wait is over). Returns the code "sent". */
export function sendSmsCode(db: DB, mobile: string): string {
  const now = Date.now();
  const last = db.prepare('SELECT sent_at FROM sms_codes WHERE mobile = ? AND used = 0 ORDER BY sent_at DESC, id DESC LIMIT 1').get(mobile) as
    | { sent_at: number }
    | undefined;
  if (last && now - last.sent_at < SMS_RESEND_MS) {
    const wait = Math.ceil((SMS_RESEND_MS - (now - last.sent_at)) / 1000);
    throw new ApiError(429, `验证码发送过于频繁，请${wait}秒后再试`);
  }
  const code = newSmsCode();
  db.prepare('INSERT INTO sms_codes (mobile, code, sent_at, expires_at) VALUES (?,?,?,?)').run(mobile, code, now, now + SMS_TTL_MS);
  return code;
}

/**
 * The sandbox sends no text messages: the developer reads the code in the log instead
 * (the sandbox only ever runs as the embedded demo backend, never with a real one).
 */
export function smsLogLine(mobile: string, code: string): string {
  return `sandbox SMS to ${maskMobile(mobile)}: code ${code}`;
}

/** Consumes the latest unused, unexpired SMS code of a mobile, or throws a refusal about `field` (the code's parameter). */
export function consumeSmsCode(db: DB, mobile: string, code: string, field = 'code'): void {
  const row = db
    .prepare('SELECT id, code FROM sms_codes WHERE mobile = ? AND used = 0 AND expires_at > ? ORDER BY sent_at DESC, id DESC LIMIT 1')
    .get(mobile, Date.now()) as { id: number; code: string } | undefined;
  if (!row || row.code !== code.trim()) throw bizError('短信验证码错误或已失效', 400, field);
  db.prepare('UPDATE sms_codes SET used = 1 WHERE id = ?').run(row.id);
}

// --- employees ---

export async function createEmployee(
  db: DB,
  input: { username: string; mobile: string; mailbox?: string | undefined; password: string; openid?: string | undefined },
): Promise<number> {
  const salt = newSalt();
  const hash = await hashPassword(input.password, salt);
  const created = new Date().toISOString().replace('T', ' ').slice(0, 19);
  return db.transaction(() => {
    const info = db
      .prepare(
        `INSERT INTO employees (username, mobile, mailbox, password_hash, salt, type, openid, created_at)
        VALUES (?,?,?,?,?,1,?,?)`,
      )
      .run(input.username, input.mobile, input.mailbox ?? null, hash, salt, input.openid ?? null, created);
    const id = Number(info.lastInsertRowid);
    db.prepare('INSERT INTO employee_roles (employee_id, role_id) VALUES (?,?)').run(id, AUTHOR_ROLE_ID);
    return id;
  })();
}

export function usernameTaken(db: DB, username: string): boolean {
  return db.prepare('SELECT 1 FROM employees WHERE username = ? COLLATE NOCASE').get(username) !== undefined;
}

export function mobileTaken(db: DB, mobile: string): boolean {
  return db.prepare('SELECT 1 FROM employees WHERE mobile = ?').get(mobile) !== undefined;
}
