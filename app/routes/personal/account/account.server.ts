import type { SubmissionResult } from '@conform-to/react';
import type { AccountActionData } from '~/components/account/types';
import { data, type AppLoadContext } from 'react-router';
import { account as copy } from '~/copy/account';
import { AVATAR_MAX_BYTES, IMAGE_MAGIC_BYTES, avatarError } from '~/schemas/account';
import { discardBody, multipartBoundary, readLeadingFields } from '~/lib/multipart-head.server';
import type { RateRule } from '~/lib/rate-limit.server';
import { readCookie, sealValue, serializeCookie, unsealValue } from '~/session/cookie.server';

/** What the account-settings actions share. */

/** Passwords and SMS codes never come back in a re-rendered form. */
export const HIDDEN_FIELDS = ['oldPassword', 'password', 'confirmPassword', 'code'];

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
}

/** A form's answer: its errors and the values typed (never the secrets), 400 unless told. */
export function reply(
  form: string,
  submission: Replyable,
  init: { status?: number; formErrors?: string[]; fieldErrors?: Record<string, string[]>; smsCooldown?: number; notice?: string } = {},
) {
  const { status = 400, formErrors, fieldErrors, smsCooldown, notice } = init;
  const result = submission.reply({ hideFields: HIDDEN_FIELDS, ...(formErrors || fieldErrors ? { formErrors, fieldErrors } : {}) });
  return data<AccountActionData>({ form, result, smsCooldown, notice }, { status });
}

/**
 * Checks of the account password (password change, SMS for a new mobile, cancellation):
 * at most 10 per account in 10 minutes, so the forms cannot be used to guess it.
 */
const SECRET_RULE: RateRule = { limit: 10, windowMs: 10 * 60_000 };

export async function passwordAttemptAllowed(context: AppLoadContext, userId: string): Promise<{ allowed: true } | { allowed: false; message: string }> {
  const decision = await context.runtime.rateLimiter.hit(`account:password:${userId}`, SECRET_RULE);
  return decision.allowed ? { allowed: true } : { allowed: false, message: copy.errors.tooManyAttempts(decision.retryAfterSeconds) };
}

// --- avatar: the head of the streamed upload ---

/** Room for the multipart framing (boundaries, part headers) around a 2 MB image. */
const MULTIPART_OVERHEAD = 16 * 1024;

type Peeked = { ok: true; request: Request } | { ok: false; status: number; message: string };

/**
 * The avatar upload, checked before a byte goes to the backend: multipart, not over 2 MB
 * (by its length), and an image by its first bytes (magic numbers, never the name or the
 * declared type). Only the head of the body is read; the rest streams on to the backend
 * in the request returned. A refused upload is still read to its end (and dropped): a
 * browser whose upload is cut off shows a network error instead of the answer. The shell
 * bounds it (MAX_UPLOAD_MB).
 */
export async function peekAvatar(request: Request): Promise<Peeked> {
  if (!multipartBoundary(request.headers.get('Content-Type')) || !request.body) {
    return { ok: false, status: 400, message: copy.profile.avatar.notMultipart };
  }
  const length = Number(request.headers.get('Content-Length') ?? NaN);
  if (Number.isFinite(length) && length > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD) {
    await discardBody(request.body);
    return { ok: false, status: 413, message: copy.profile.avatar.tooLarge };
  }
  const lead = await readLeadingFields(request, { fileHeadBytes: IMAGE_MAGIC_BYTES, drainMalformed: true });
  const refuse = async (message: string): Promise<Peeked> => {
    await lead?.discard();
    return { ok: false, status: 400, message };
  };
  if (!lead?.file || (lead.fileHead.length === 0 && !lead.file.name)) return refuse(copy.profile.avatar.required);
  const { file, fileHead } = lead;
  const problem = avatarError({ head: fileHead, name: file.name || undefined, size: fileHead.length === 0 ? 0 : undefined });
  if (problem) return refuse(problem);
  const forwarded = new Request(request.url, {
    method: 'POST',
    headers: request.headers,
    body: lead.body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  return { ok: true, request: forwarded };
}

// --- WeChat binding in progress ---

/** journalData-*: never served from the anonymous page cache. */
const WECHAT_BIND_COOKIE = 'journalData-wechat-bind';
/** The backend keeps a WeChat state 10 minutes. */
const WECHAT_BIND_SECONDS = 10 * 60;

interface WechatBindPending {
  step: 'accountBind';
  state: string | null;
  userId: string;
}

/** The `state` of the authorisation this browser started, for the signed-in user: the callback must match both. */
export function wechatBindCookie(context: AppLoadContext, state: string | null, userId: string): string {
  const pending: WechatBindPending = { step: 'accountBind', state, userId };
  return serializeCookie(WECHAT_BIND_COOKIE, sealValue(pending, context.runtime.sessionSecrets, 'wechat', WECHAT_BIND_SECONDS), WECHAT_BIND_SECONDS, {
    secure: context.runtime.secureCookies,
  });
}

export function readWechatBindCookie(request: Request, context: AppLoadContext): WechatBindPending | null {
  const value = readCookie(request.headers.get('Cookie'), WECHAT_BIND_COOKIE);
  const pending = value ? unsealValue<WechatBindPending>(value, context.runtime.sessionSecrets, 'wechat') : null;
  return pending?.step === 'accountBind' ? pending : null;
}

export function clearWechatBindCookie(context: AppLoadContext): string {
  return serializeCookie(WECHAT_BIND_COOKIE, '', 0, { secure: context.runtime.secureCookies });
}
