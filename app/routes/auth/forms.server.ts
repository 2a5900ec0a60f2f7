import { parseWithZod } from '@conform-to/zod/v4';
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { BackendEnvelopeError } from '~/backend/errors';
import { getRandomUUID, sendCode } from '~/backend/endpoints/auth.server';
import type { SignInActionData } from '~/components/login/types';
import { auth as authCopy } from '~/copy/auth';
import { MOBILE_PATTERN, formIntent, sendSmsSchema } from '~/schemas/auth';
import type { RateRule } from '~/lib/rate-limit.server';
import { backendFor } from '~/session/session.server';
import { refusalErrors, type RefusalFields } from '~/schemas/refusal';

/**
 * What every sign-in form's action shares: the reply that never sends a secret back,
 * the captcha key, the SMS button and the rate limits.
 */

/** Spec: passwords and codes never come back in a re-rendered form. */
export const HIDDEN_FIELDS = ['password', 'confirmPassword', 'verificationCode', 'code', 'captcha'];

/** Abuse limits (shared by every portal process when REDIS_URL is set; see app/lib/rate-limit.server.ts). */
export const RATE_RULES = {
  loginPerIp: { limit: 10, windowMs: 60_000 },
  loginFailuresPerAccount: { limit: 10, windowMs: 10 * 60_000 },
  smsPerMobile: { limit: 1, windowMs: 60_000 },
  smsPerMobileDaily: { limit: 10, windowMs: 24 * 60 * 60_000 },
  smsPerIp: { limit: 20, windowMs: 60 * 60_000 },
  lookupPerIp: { limit: 60, windowMs: 60_000 },
  /** Tries of one SMS code (a new code starts a new count): past this the code is dead. */
  smsCodeGuesses: { limit: 5, windowMs: 30 * 60_000 },
} satisfies Record<string, RateRule>;

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SignInActionData['result'];
}

interface AnswerInit {
  status?: number;
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  headers?: HeadersInit;
}

/** A form's answer: its errors and values (never the hidden fields) plus the extras. */
export function answer(form: string, submission: Replyable, extra: Omit<SignInActionData, 'form' | 'result'> = {}, init: AnswerInit = {}) {
  const errors = init.formErrors || init.fieldErrors ? { formErrors: init.formErrors, fieldErrors: init.fieldErrors } : {};
  const result = submission.reply({ hideFields: HIDDEN_FIELDS, ...errors });
  const headers = new Headers(init.headers);
  if (init.status === 429) headers.set('Cache-Control', 'no-store');
  return data<SignInActionData>({ form, result, ...extra }, { status: init.status ?? 400, headers });
}

/** The captcha key the form carried, if it looks like one. */
export function formUuid(formData: FormData): string | null {
  const value = formData.get('uuid');
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}

/** A new captcha key from the backend (getRandomUUID); null when it cannot give one (the image then says 请求错误！). */
export async function freshCaptchaKey(request: Request, context: AppLoadContext): Promise<string | null> {
  try {
    return await backendFor(request, context, { token: null }).call(getRandomUUID);
  } catch (error) {
    if (error instanceof Response) throw error;
    return null;
  }
}

const smsKey = (mobile: string) => `sms:mobile:${mobile}`;
const smsDayKey = (mobile: string) => `sms:mobile-day:${mobile}`;
const guessKey = (mobile: string) => `sms-guess:mobile:${mobile}`;

/**
 * Counts one try of the SMS code sent to `mobile`, before the backend sees it (so
 * concurrent tries cannot overrun the count). After `smsCodeGuesses` tries the code is
 * dead: the portal refuses every further try, the right code included, until a new code
 * is sent to that number. With at most 10 codes a day, a number gets at most 50 tries.
 */
export async function spendCodeGuess(context: AppLoadContext, mobile: string) {
  return context.runtime.rateLimiter.hit(guessKey(mobile.trim()), RATE_RULES.smsCodeGuesses);
}

/** A new code was sent to `mobile`: its tries start from zero. */
export async function newCodeSent(context: AppLoadContext, mobile: string) {
  await context.runtime.rateLimiter.reset(guessKey(mobile.trim()));
}

/** Seconds before another SMS code may go to `mobile` (rendered by the server without JavaScript). */
export async function smsCooldown(context: AppLoadContext, mobile: unknown): Promise<number> {
  if (typeof mobile !== 'string' || !MOBILE_PATTERN.test(mobile.trim())) return 0;
  return context.runtime.rateLimiter.cooldownSeconds(smsKey(mobile.trim()), RATE_RULES.smsPerMobile);
}

/**
 * The 获取验证码 button of any form: a valid mobile and image captcha (docs/product.md#validation), then
 * at most one code per mobile per 60 s and 10 a day, 20 requests per address an hour.
 */
export async function sendSmsCode(request: Request, context: AppLoadContext, form: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: sendSmsSchema });
  if (submission.status !== 'success') {
    return answer(form, submission, { uuid: formUuid(formData), smsCooldown: await smsCooldown(context, submission.payload.mobileNo) });
  }
  const { mobileNo, captcha, uuid } = submission.value;
  const { rateLimiter } = context.runtime;

  const perIp = await rateLimiter.hit(`sms:ip:${context.clientNetwork}`, RATE_RULES.smsPerIp);
  if (!perIp.allowed) return answer(form, submission, { uuid }, { status: 429, formErrors: [authCopy.messages.smsIpLimit(perIp.retryAfterSeconds)] });
  const perMinute = await rateLimiter.peek(smsKey(mobileNo), RATE_RULES.smsPerMobile);
  if (!perMinute.allowed) {
    return answer(
      form,
      submission,
      { uuid, smsCooldown: perMinute.retryAfterSeconds },
      { status: 429, formErrors: [authCopy.messages.smsTooOften(perMinute.retryAfterSeconds)] },
    );
  }
  const perDay = await rateLimiter.peek(smsDayKey(mobileNo), RATE_RULES.smsPerMobileDaily);
  if (!perDay.allowed) return answer(form, submission, { uuid }, { status: 429, formErrors: [authCopy.messages.smsDailyLimit] });

  try {
    await backendFor(request, context, { token: null }).call(sendCode, { mobile: mobileNo, code: captcha, uuid });
  } catch (error) {
    if (!(error instanceof BackendEnvelopeError)) throw error;
    // The backend checked (and spent) the captcha: show a new one.
    const next = await freshCaptchaKey(request, context);
    const message = error.backendMessage || authCopy.messages.smsTooOften(60);
    if (error.code === 429) return answer(form, submission, { uuid: next, smsCooldown: 60 }, { status: 429, formErrors: [message] });
    // sendCode's `code` is the image captcha's text.
    const errors = refusedAt(error, { code: 'captcha' });
    return answer(form, submission, { uuid: next }, { status: 400, ...errors });
  }
  await rateLimiter.hit(smsKey(mobileNo), RATE_RULES.smsPerMobile);
  await rateLimiter.hit(smsDayKey(mobileNo), RATE_RULES.smsPerMobileDaily);
  await newCodeSent(context, mobileNo);
  context.logger.info({ event: 'sms_requested', form }, 'SMS code requested');
  return answer(
    form,
    submission,
    { uuid: await freshCaptchaKey(request, context), smsCooldown: Math.ceil(RATE_RULES.smsPerMobile.windowMs / 1000), notice: authCopy.messages.smsSent },
    { status: 200 },
  );
}

/** The no-JavaScript 换一张 button: the same form back, with a new captcha. */
export async function refreshCaptcha(request: Request, context: AppLoadContext, form: string, formData: FormData, extra: Omit<SignInActionData, 'form' | 'result'> = {}) {
  const submission = parseWithZod(formData, { schema: z.object({}) });
  return answer(
    form,
    submission,
    { ...extra, uuid: await freshCaptchaKey(request, context), smsCooldown: await smsCooldown(context, submission.payload.mobileNo) },
    { status: 200 },
  );
}

/**
 * A refusal of a form's backend call, at the field the backend names (its request
 * parameter, mapped to the form's field), else above the form; anything but a refusal is
 * thrown on.
 */
export function refusedAt(error: unknown, fields: RefusalFields<string>) {
  const field = error instanceof BackendEnvelopeError ? error.field : undefined;
  return refusalErrors({ message: backendMessage(error), field }, fields);
}

/**
 * What every form with an SMS code does first: its 获取验证码 and 换一张 buttons, then its
 * own schema. Either the answer is ready (`done`), or the valid values come back with the
 * submission and the extras every later answer carries (captcha key, SMS wait).
 */
export async function smsFormStep<S extends z.ZodType>(request: Request, context: AppLoadContext, form: string, formData: FormData, schema: S) {
  const intent = formIntent(formData);
  if (intent === 'sendSms') return { done: await sendSmsCode(request, context, form, formData) } as const;
  if (intent === 'refreshCaptcha') return { done: await refreshCaptcha(request, context, form, formData) } as const;
  const submission = parseWithZod(formData, { schema });
  const extra = { uuid: formUuid(formData), smsCooldown: await smsCooldown(context, submission.payload.mobileNo) };
  if (submission.status !== 'success') return { done: answer(form, submission, extra) } as const;
  const value = submission.value as Record<string, unknown>;
  if (typeof value.mobileNo === 'string') {
    const codeField = 'verificationCode' in value ? 'verificationCode' : 'code';
    const guess = await spendCodeGuess(context, value.mobileNo);
    if (!guess.allowed) return { done: answer(form, submission, extra, { status: 429, fieldErrors: { [codeField]: [authCopy.messages.codeGuessesSpent] } }) } as const;
  }
  return { value: submission.value as z.output<S>, submission, extra } as const;
}

/** A backend refusal (success: false) as the form's error, or rethrown when it is anything else. */
export function backendMessage(error: unknown): string {
  if (error instanceof BackendEnvelopeError) return error.backendMessage || '操作失败，请稍后再试';
  throw error;
}
