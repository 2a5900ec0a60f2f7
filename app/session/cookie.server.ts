import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The session cookie `journalData-token`: the journal backend's token and the few facts
 * the UI needs, sealed with AES-256-GCM. Nothing inside is readable or forgeable without
 * SESSION_SECRET; rotating secrets keeps old cookies valid (decrypt tries every key,
 * encrypt uses the first).
 */

export const SESSION_COOKIE = 'journalData-token';
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export interface SessionUser {
  id: string;
  username: string;
  headImgUrl: string | null;
  type: number | null;
}

export interface SessionData {
  token: string;
  user: SessionUser;
  role: { id: string; type: number } | null;
  employeeType: number | null;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * What a sealed value is for. Each purpose has its own key, so a value sealed for one
 * cookie (a flash message) can never be replayed as another (the session).
 */
export type SealPurpose = 'session' | 'flash' | 'wechat' | 'honeypot' | 'face' | 'temporary-login';

const keyCache = new Map<string, Buffer>();
function keyFor(secret: string, purpose: SealPurpose): Buffer {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    // The session keeps the derivation it always had, so existing cookies stay valid.
    const info = purpose === 'session' ? 'session-cookie-v1' : `${purpose}-cookie-v1`;
    key = Buffer.from(hkdfSync('sha256', secret, 'journalData-token', info, 32));
    keyCache.set(cacheKey, key);
  }
  return key;
}

/** Seals `data` with AES-256-GCM for `maxAgeSeconds`; readable only with the secret. */
export function sealValue(data: object, secrets: readonly string[], purpose: SealPurpose, maxAgeSeconds: number, now = Date.now()): string {
  const payload = { ...data, exp: Math.floor(now / 1000) + maxAgeSeconds };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secrets[0], purpose), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The sealed value, or null when it was tampered with, sealed for another purpose or expired. */
export function unsealValue<T extends object>(value: string, secrets: readonly string[], purpose: SealPurpose, now = Date.now()): T | null {
  if (!value.startsWith(`${VERSION}.`)) return null;
  const raw = Buffer.from(value.slice(VERSION.length + 1), 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
      decipher.setAuthTag(tag);
      const json = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      const payload = JSON.parse(json) as { exp?: unknown };
      if (!payload || typeof payload !== 'object' || typeof payload.exp !== 'number') return null;
      if (payload.exp * 1000 <= now) return null;
      const { exp: _exp, ...data } = payload;
      return data as T;
    } catch {
      // Wrong key or tampered value: try the next secret.
    }
  }
  return null;
}

export function sealSession(data: SessionData, secrets: readonly string[], now = Date.now()): string {
  return sealValue(data, secrets, 'session', SESSION_MAX_AGE_SECONDS, now);
}

export function unsealSession(value: string, secrets: readonly string[], now = Date.now()): SessionData | null {
  const data = unsealValue<SessionData>(value, secrets, 'session', now);
  return data && typeof data.token === 'string' ? data : null;
}

/** Reads one cookie from a Cookie header without decoding the others. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

export interface CookieOptions {
  secure: boolean;
}

/** A `Set-Cookie` value: httpOnly, SameSite=Lax, path `/`; `maxAgeSeconds` 0 removes it. */
export function serializeCookie(name: string, value: string, maxAgeSeconds: number, options: CookieOptions): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${maxAgeSeconds}`,
    ...(maxAgeSeconds === 0 ? ['Expires=Thu, 01 Jan 1970 00:00:00 GMT'] : []),
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function serializeSessionCookie(sealed: string, options: CookieOptions): string {
  return serializeCookie(SESSION_COOKIE, sealed, SESSION_MAX_AGE_SECONDS, options);
}

export function serializeClearedSessionCookie(options: CookieOptions): string {
  return serializeCookie(SESSION_COOKIE, '', 0, options);
}
