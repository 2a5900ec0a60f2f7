import { describe, expect, it } from 'vitest';
import {
  SESSION_MAX_AGE_SECONDS,
  readCookie,
  sealSession,
  sealValue,
  serializeCookie,
  serializeClearedSessionCookie,
  serializeSessionCookie,
  unsealSession,
  unsealValue,
  type SessionData,
} from './cookie.server';

const secretA = 'secret-a-'.padEnd(40, 'a');
const secretB = 'secret-b-'.padEnd(40, 'b');
const session: SessionData = {
  token: 'backend-token-0123456789abcdef',
  user: { id: '7', username: 'demo_author', headImgUrl: null, type: 1 },
  role: { id: '4001', type: 4 },
  employeeType: 1,
};

describe('session cookie', () => {
  it('round-trips the session', () => {
    expect(unsealSession(sealSession(session, [secretA]), [secretA])).toEqual(session);
  });

  it('does not contain the token in any readable form', () => {
    const sealed = sealSession(session, [secretA]);
    const decodings = [sealed, Buffer.from(sealed.slice(3), 'base64url').toString('latin1'), Buffer.from(sealed.slice(3), 'base64').toString('utf8')];
    for (const text of decodings) {
      expect(text).not.toContain(session.token);
      expect(text).not.toContain('demo_author');
    }
    expect(sealed).not.toContain(Buffer.from(session.token).toString('base64url').slice(0, 12));
  });

  it('refuses a tampered cookie and one sealed with an unknown secret', () => {
    const sealed = sealSession(session, [secretA]);
    // One bit flipped in the nonce, in the sealed body and in the tag: each must break the seal.
    const raw = Buffer.from(sealed.slice('v1.'.length), 'base64url');
    for (const index of [0, 20, raw.length - 1]) {
      const tampered = Buffer.from(raw);
      tampered[index] ^= 0x01;
      expect(unsealSession(`v1.${tampered.toString('base64url')}`, [secretA])).toBeNull();
    }
    expect(unsealSession(sealed, [secretB])).toBeNull();
    expect(unsealSession('garbage', [secretA])).toBeNull();
    expect(unsealSession('v1.', [secretA])).toBeNull();
  });

  it('keeps old cookies valid after a secret rotation', () => {
    const sealedWithOld = sealSession(session, [secretA]);
    expect(unsealSession(sealedWithOld, [secretB, secretA])).toEqual(session);
  });

  it('expires after seven days', () => {
    const now = Date.UTC(2026, 0, 1);
    const sealed = sealSession(session, [secretA], now);
    expect(unsealSession(sealed, [secretA], now + (SESSION_MAX_AGE_SECONDS - 1) * 1000)).not.toBeNull();
    expect(unsealSession(sealed, [secretA], now + SESSION_MAX_AGE_SECONDS * 1000)).toBeNull();
  });

  it('serialises httpOnly, SameSite=Lax, 7-day, path / and Secure when asked', () => {
    const header = serializeSessionCookie('v1.x', { secure: true });
    expect(header).toMatch(/^journalData-token=v1\.x; /);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).toContain('Max-Age=604800');
    expect(header).toContain('Secure');
    expect(serializeSessionCookie('v1.x', { secure: false })).not.toContain('Secure');
    expect(serializeClearedSessionCookie({ secure: false })).toContain('Max-Age=0');
  });

  it('reads one cookie out of a header', () => {
    expect(readCookie('a=1; journalData-token=v1.abc; b=2', 'journalData-token')).toBe('v1.abc');
    expect(readCookie('a=1', 'journalData-token')).toBeNull();
    expect(readCookie(null, 'x')).toBeNull();
  });
});

describe('sealed values of other cookies (flash, WeChat, honeypot)', () => {
  it('round-trip under their own purpose and expire', () => {
    const now = Date.UTC(2026, 0, 1);
    const sealed = sealValue({ openid: 'o-1' }, [secretA], 'wechat', 600, now);
    expect(unsealValue(sealed, [secretA], 'wechat', now + 599_000)).toEqual({ openid: 'o-1' });
    expect(unsealValue(sealed, [secretA], 'wechat', now + 600_000)).toBeNull();
  });

  it('cannot be replayed under another purpose: a flash value is no session', () => {
    const flash = sealValue({ ...session }, [secretA], 'flash', 60);
    expect(unsealSession(flash, [secretA])).toBeNull();
    expect(unsealValue(sealSession(session, [secretA]), [secretA], 'flash')).toBeNull();
  });

  it('serialises a cookie, and removes one with Max-Age 0', () => {
    expect(serializeCookie('journalData-flash', 'v1.x', 60, { secure: false })).toBe('journalData-flash=v1.x; Path=/; Max-Age=60; HttpOnly; SameSite=Lax');
    expect(serializeCookie('journalData-flash', '', 0, { secure: true })).toBe(
      'journalData-flash=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax; Secure',
    );
  });
});
