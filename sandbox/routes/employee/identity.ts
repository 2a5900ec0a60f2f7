// /manage/employee: identity verification (实名认证) and the simulated face recognition.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { nowMs, nowTime } from '../../clock.js';
import type { DB } from '../../db.js';
import type { SandboxEnv } from '../../env.js';
import { bizError, createApi, parse, reqStr, withMessage } from '../../http.js';
import { digestId, encryptId, maskIdNumber, maskName, validateIdNumber } from '../../idcard.js';

/** How long a face-recognition ticket stays open. */
export const FACE_TTL_MS = 10 * 60 * 1000;

interface IdentityRow {
  employee_id: number;
  real_name: string;
  id_masked: string;
  gender: number;
  birth_date: string;
  verified_at: string;
  face_verified_at: string | null;
}

/** A real name: 2-30 Chinese characters (with ·). */
export const REAL_NAME_RE = /^[\u4e00-\u9fa5·]{2,30}$/;

export function identityOf(db: DB, employeeId: number) {
  return db.prepare('SELECT * FROM identities WHERE employee_id = ?').get(employeeId) as IdentityRow | undefined;
}

export function identityRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

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
    const r = identityOf(db, user().employeeId);
    return r ? identityJson(r) : null;
  });

  api.post('/queryIdentityInformation', ({ user }) => {
    const r = identityOf(db, user().employeeId);
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
        realName: reqStr('请输入真实姓名').pipe(z.string().regex(REAL_NAME_RE, { error: '请输入正确的姓名' })),
        idNumber: z.preprocess((v) => v ?? params.idCard ?? params.cardNo, reqStr('请输入身份证号码')),
      }),
      params,
    );
    if (identityOf(db, auth.employeeId)) throw bizError('您已完成实名认证');
    const t = nowTime(db);
    const checked = validateIdNumber(q.idNumber, t.slice(0, 10));
    if (!checked.ok) throw bizError(checked.message, 400, 'idNumber');
    const digest = digestId(db, checked.normalized);
    if (db.prepare('SELECT 1 FROM identities WHERE id_digest = ?').get(digest)) throw bizError('该身份证号码已被其他账号认证', 400, 'idNumber');
    db.transaction(() => {
      db.prepare(
        `INSERT INTO identities (employee_id, real_name, id_cipher, id_digest, id_masked, gender, birth_date, verified_at)
        VALUES (?,?,?,?,?,?,?,?)`,
      ).run(
        auth.employeeId,
        q.realName,
        encryptId(db, checked.normalized),
        digest,
        maskIdNumber(checked.normalized),
        checked.info.gender,
        checked.info.birthDate,
        t,
      );
      db.prepare('UPDATE employees SET real_name = ? WHERE id = ?').run(q.realName, auth.employeeId);
    })();
    log.info({ event: 'identity_verified', employeeId: auth.employeeId }, 'sandbox identity verified');
    return withMessage(identityJson(identityOf(db, auth.employeeId) as IdentityRow), '实名认证成功');
  });

  api.post('/employeeFaceRecognition/faceRecognition', ({ req, user }) => {
    const auth = user();
    if (!identityOf(db, auth.employeeId)) throw bizError('请先完成实名认证');
    const ticket = randomBytes(16).toString('hex');
    const now = nowMs(db);
    db.prepare('DELETE FROM face_tickets WHERE expires_at < ?').run(now - FACE_TTL_MS);
    db.prepare(`INSERT INTO face_tickets (ticket, employee_id, status, created_at, expires_at) VALUES (?,?, 'pending', ?, ?)`).run(
      ticket,
      auth.employeeId,
      now,
      now + FACE_TTL_MS,
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

  return api.router;
}
