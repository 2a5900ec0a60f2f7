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

interface SealedPayload extends SessionData {
  /** Expiry, seconds since epoch: a replayed cookie older than 7 days is refused. */
  exp: number;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyCache = new Map<string, Buffer>();
function keyFor(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'journalData-token', 'session-cookie-v1', 32));
    keyCache.set(secret, key);
  }
  return key;
}

export function sealSession(data: SessionData, secrets: readonly string[], now = Date.now()): string {
  const payload: SealedPayload = { ...data, exp: Math.floor(now / 1000) + SESSION_MAX_AGE_SECONDS };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secrets[0]), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

export function unsealSession(value: string, secrets: readonly string[], now = Date.now()): SessionData | null {
  if (!value.startsWith(`${VERSION}.`)) return null;
  const raw = Buffer.from(value.slice(VERSION.length + 1), 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), iv);
      decipher.setAuthTag(tag);
      const json = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      const payload = JSON.parse(json) as SealedPayload;
      if (typeof payload.token !== 'string' || typeof payload.exp !== 'number') return null;
      if (payload.exp * 1000 <= now) return null;
      const { exp: _exp, ...data } = payload;
      return data;
    } catch {
      // Wrong key or tampered value: try the next secret.
    }
  }
  return null;
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

export function serializeSessionCookie(sealed: string, options: CookieOptions): string {
  return [
    `${SESSION_COOKIE}=${sealed}`,
    'Path=/',
    `Max-Age=${SESSION_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function serializeClearedSessionCookie(options: CookieOptions): string {
  return [
    `${SESSION_COOKIE}=`,
    'Path=/',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
