import { randomUUID } from 'node:crypto';
import type { AppLoadContext } from 'react-router';
import { readCookie, sealValue, serializeCookie, unsealValue } from '~/session/cookie.server';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS, type Flash, type FlashTone } from './flash';

/** Named like the session (journalData-*) so the anonymous page cache never serves a visitor who has one. */
export const FLASH_COOKIE = 'journalData-flash';
/** A flash message is meant for the very next page: it is dropped after a minute. */
const FLASH_MAX_AGE_SECONDS = 60;

/** `Set-Cookie` value carrying `message` to the next page the browser loads. */
export function flashCookie(context: AppLoadContext, message: string, tone: FlashTone = 'info', durationMs?: number): string {
  const flash: Flash = {
    id: randomUUID(),
    message,
    tone,
    durationMs: durationMs ?? (tone === 'error' ? TOAST_ERROR_MS : TOAST_SUCCESS_MS),
  };
  const sealed = sealValue(flash, context.runtime.sessionSecrets, 'flash', FLASH_MAX_AGE_SECONDS);
  return serializeCookie(FLASH_COOKIE, sealed, FLASH_MAX_AGE_SECONDS, { secure: context.runtime.secureCookies });
}

/** The pending flash message, with the `Set-Cookie` value that clears it (null when none). */
export function takeFlash(request: Request, context: AppLoadContext): { flash: Flash | null; clear: string | null } {
  const value = readCookie(request.headers.get('Cookie'), FLASH_COOKIE);
  if (!value) return { flash: null, clear: null };
  const flash = unsealValue<Flash>(value, context.runtime.sessionSecrets, 'flash');
  const clear = serializeCookie(FLASH_COOKIE, '', 0, { secure: context.runtime.secureCookies });
  return { flash: flash && typeof flash.message === 'string' ? flash : null, clear };
}
