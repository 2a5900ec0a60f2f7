import type { AppLoadContext } from 'react-router';
import type { FaceStart } from '~/backend/endpoints/verification.server';
import { readCookie, sealValue, serializeCookie, unsealValue } from '~/session/cookie.server';

/**
 * The face recognition under way: its ticket and the provider's page, kept in a sealed
 * httpOnly cookie for as long as the ticket lives. The ticket never goes into a portal URL
 * (logs, history, Referer) nor into the page's data: the page and the status poll read
 * it here, for the user who started it.
 */

/** Named like the session (journalData-*) so the anonymous page cache never serves its holder. */
export const FACE_COOKIE = 'journalData-face';

interface FaceTicket {
  kind: 'face';
  userId: string;
  ticket: string;
  url: string;
}

/** `Set-Cookie` keeping the face recognition `start` of user `userId` for its lifetime. */
export function faceTicketCookie(context: AppLoadContext, userId: string, start: FaceStart): string {
  const maxAge = Math.min(Math.max(start.expiresIn, 60), 3600);
  const value: FaceTicket = { kind: 'face', userId, ticket: start.ticket, url: start.url };
  const sealed = sealValue(value, context.runtime.sessionSecrets, 'face', maxAge);
  return serializeCookie(FACE_COOKIE, sealed, maxAge, { secure: context.runtime.secureCookies });
}

/** `Set-Cookie` that forgets the face recognition under way. */
export function clearFaceTicketCookie(context: AppLoadContext): string {
  return serializeCookie(FACE_COOKIE, '', 0, { secure: context.runtime.secureCookies });
}

/** The ticket and page of the face recognition `userId` started, or null. */
export function readFaceTicket(request: Request, context: AppLoadContext, userId: string): { ticket: string; url: string } | null {
  const raw = readCookie(request.headers.get('Cookie'), FACE_COOKIE);
  if (!raw) return null;
  const value = unsealValue<FaceTicket>(raw, context.runtime.sessionSecrets, 'face');
  if (!value || value.kind !== 'face' || value.userId !== userId || typeof value.ticket !== 'string' || typeof value.url !== 'string') return null;
  // Only a web page may be linked to.
  if (!/^https?:\/\/[^/]/i.test(value.url)) return null;
  return { ticket: value.ticket, url: value.url };
}
