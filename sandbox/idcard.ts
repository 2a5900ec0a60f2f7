// Resident ID numbers (GB 11643-1999): 18 characters, the last a check digit over the
// first 17 (ISO 7064 MOD 11-2). Numbers are kept encrypted and only ever shown masked.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { DB } from './db.js';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
/** First two digits: province-level codes of GB/T 2260. */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83,
]);

export function checkDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK[sum % 11] as string;
}

export interface IdInfo {
  birthDate: string;
  /** 1 male, 2 female (17th digit odd / even). */
  gender: 1 | 2;
}

/** Returns the Chinese reason the number is invalid, or the facts it encodes. */
export function validateIdNumber(raw: string, today: string): { ok: true; info: IdInfo; normalized: string } | { ok: false; message: string } {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return { ok: false, message: '请输入18位居民身份证号码' };
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return { ok: false, message: '身份证号码地区码不正确' };
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  const birthDate = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || birthDate > today) {
    return { ok: false, message: '身份证号码出生日期不正确' };
  }
  if (checkDigit(id.slice(0, 17)) !== id[17]) return { ok: false, message: '身份证号码校验位不正确，请核对后重新输入' };
  return { ok: true, normalized: id, info: { birthDate, gender: Number(id[16]) % 2 === 1 ? 1 : 2 } };
}

/** 110101********1234 */
export function maskIdNumber(id: string): string {
  return `${id.slice(0, 6)}********${id.slice(-4)}`;
}

/** 张*明, 李* */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** The per-database key for ID numbers (random, created on first use). */
function idKey(db: DB): Buffer {
  const row = db.prepare(`SELECT value FROM sandbox_meta WHERE key = 'id_key'`).get() as { value: string } | undefined;
  if (row) return Buffer.from(row.value, 'hex');
  const key = randomBytes(32);
  db.prepare(`INSERT INTO sandbox_meta (key, value) VALUES ('id_key', ?)`).run(key.toString('hex'));
  return key;
}

export function encryptId(db: DB, id: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', idKey(db), iv);
  const enc = Buffer.concat([c.update(id, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), enc].map((b) => b.toString('base64')).join('.');
}

export function decryptId(db: DB, cipher: string): string {
  const [iv, tag, enc] = cipher.split('.').map((s) => Buffer.from(s, 'base64')) as [Buffer, Buffer, Buffer];
  const d = createDecipheriv('aes-256-gcm', idKey(db), iv);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(enc), d.final()]).toString('utf8');
}

/** Keyed digest, to find the same number on another account without decrypting. */
export function digestId(db: DB, id: string): string {
  return createHmac('sha256', idKey(db)).update(id).digest('hex');
}
