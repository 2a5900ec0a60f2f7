// Passwords, tokens, one-time codes. Nothing here is ever logged.
import { createHash, randomBytes, randomInt, scrypt as scryptCb, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: string, len: number) => Promise<Buffer>;
const KEY_LEN = 64;

export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;
export const SMS_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_MS = 60 * 1000;
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;

export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** Synchronous variant, for the seed only (deterministic salt given by the caller). */
export function hashPasswordSync(password: string, salt: string): string {
  return scryptSync(password, salt, KEY_LEN).toString('hex');
}

export async function hashPassword(password: string, salt: string): Promise<string> {
  return (await scrypt(password, salt, KEY_LEN)).toString('hex');
}

export async function verifyPassword(password: string, salt: string, expectedHex: string): Promise<boolean> {
  const actual = await scrypt(password, salt, KEY_LEN);
  const expected = Buffer.from(expectedHex, 'hex');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

// No 0/O, 1/I/l: the captcha must be readable.
const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
export function newCaptchaText(): string {
  let s = '';
  for (let i = 0; i < 4; i++) s += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return s;
}

export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const USERNAME_RE = /^[A-Za-z0-9_\u4e00-\u9fa5]{2,32}$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 6-20 characters with at least two kinds among digits, letters and symbols. */
export function isValidPassword(pw: string): boolean {
  if (pw.length < 6 || pw.length > 20 || /\s/.test(pw)) return false;
  const kinds = [/\d/, /[A-Za-z]/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length;
  return kinds >= 2;
}

export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
