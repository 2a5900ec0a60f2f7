import type { SubmissionResult } from '@conform-to/react';
import type { AccountActionData } from '~/components/account/types';
import { data, type AppLoadContext } from 'react-router';
import { account as copy } from '~/copy/account';
import { AVATAR_MAX_BYTES, IMAGE_MAGIC_BYTES, avatarError } from '~/forms/account';
import type { RateRule } from '~/lib/rate-limit.server';
import { readCookie, sealValue, serializeCookie, unsealValue } from '~/session/cookie.server';

/** What the account-settings actions share (issue 6). */

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

export async function passwordAttemptAllowed(
  context: AppLoadContext,
  userId: string,
): Promise<{ allowed: true } | { allowed: false; message: string }> {
  const decision = await context.runtime.rateLimiter.hit(`account:password:${userId}`, SECRET_RULE);
  return decision.allowed ? { allowed: true } : { allowed: false, message: copy.errors.tooManyAttempts(decision.retryAfterSeconds) };
}

// --- avatar: the head of the streamed upload ---

/** Room for the multipart framing (boundaries, part headers) around a 2 MB image. */
const MULTIPART_OVERHEAD = 16 * 1024;
/** The file part's headers and first bytes must arrive within this much of the body. */
const PEEK_LIMIT = 64 * 1024;

type Peeked = { ok: true; request: Request } | { ok: false; status: number; message: string };

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Where the `file` part starts in the first bytes of a multipart body: its name and its
 * first bytes (up to IMAGE_MAGIC_BYTES; fewer when the file is shorter), or null while
 * more of the body is needed. Byte positions are found on a latin1 view (one char per byte).
 */
export function fileHead(buffer: Uint8Array, boundary: string, complete: boolean): { name: string; head: Uint8Array } | null {
  const view = new TextDecoder('latin1').decode(buffer);
  const part = view.search(/content-disposition:[^\r\n]*name="file"/i);
  if (part === -1) return null;
  const headersEnd = view.indexOf('\r\n\r\n', part);
  if (headersEnd === -1) return null;
  const headers = new TextDecoder().decode(buffer.subarray(part, headersEnd));
  const name = /filename="([^"]*)"/i.exec(headers)?.[1] ?? '';
  const start = headersEnd + 4;
  const delimiter = `\r\n--${boundary}`;
  const end = view.indexOf(delimiter, start);
  if (end !== -1 && end - start < IMAGE_MAGIC_BYTES) return { name, head: buffer.slice(start, end) };
  // Enough bytes that a delimiter starting among the first ones would have been seen whole.
  if (buffer.length - start >= IMAGE_MAGIC_BYTES + delimiter.length) return { name, head: buffer.slice(start, start + IMAGE_MAGIC_BYTES) };
  return complete ? { name, head: buffer.slice(start) } : null;
}

/**
 * The avatar upload, checked before a byte goes to the backend: multipart, not over 2 MB
 * (by its length), and an image by its first bytes (magic numbers, never the name or the
 * declared type). Only the head of the body is read; the rest streams on to the backend
 * in the request returned.
 */
export async function peekAvatar(request: Request): Promise<Peeked> {
  const contentType = request.headers.get('Content-Type') ?? '';
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!/^multipart\/form-data/i.test(contentType) || !boundary || !request.body) {
    return { ok: false, status: 400, message: copy.profile.avatar.notMultipart };
  }
  const length = Number(request.headers.get('Content-Length') ?? NaN);
  const reader = request.body.getReader();
  // A refused upload is still read to its end (and dropped): a browser whose upload is cut
  // off shows a network error instead of the answer. The shell bounds it (MAX_UPLOAD_MB).
  const refuse = async (status: number, message: string): Promise<Peeked> => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // The client went away: nothing to answer.
    }
    return { ok: false, status, message };
  };
  if (Number.isFinite(length) && length > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD) return refuse(413, copy.profile.avatar.tooLarge);
  const chunks: Uint8Array[] = [];
  let read = 0;
  let found: { name: string; head: Uint8Array } | null = null;
  let done = false;
  while (!found && !done && read < PEEK_LIMIT) {
    const next = await reader.read();
    done = next.done;
    if (next.value) {
      chunks.push(next.value);
      read += next.value.length;
    }
    found = fileHead(concat(chunks), boundary[1] ?? boundary[2]!, done);
  }
  if (!found) return refuse(400, copy.profile.avatar.required);
  if (found.head.length === 0 && !found.name) return refuse(400, copy.profile.avatar.required);
  const problem = avatarError({ head: found.head, name: found.name || undefined, size: found.head.length === 0 ? 0 : undefined });
  if (problem) return refuse(400, problem);

  const buffered = chunks;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of buffered) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const forwarded = new Request(request.url, { method: 'POST', headers: request.headers, body, signal: request.signal, duplex: 'half' } as RequestInit & { duplex: 'half' });
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
