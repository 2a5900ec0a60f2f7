import { parseWithZod } from '@conform-to/zod/v4';
import { data, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import { BackendEnvelopeError } from '~/backend/errors';
import { getRandomUUID } from '~/backend/endpoints/auth.server';
import type { SignInActionData } from '~/components/login/types';
import { auth as authCopy } from '~/copy/auth';
import { formIntent, sendSmsSchema } from '~/schemas/auth';
import { requestSmsCode, smsCooldown, spendCodeGuess } from '~/lib/sms.server';
import type { RateRule } from '~/lib/rate-limit.server';
import { backendFor } from '~/session/session.server';
import { refusalErrors, type RefusalFields } from '~/schemas/refusal';

/**
 * What every sign-in form's action shares: the reply that never sends a secret back,
 * the captcha key, the SMS button and the rate limits.
 */

/** Spec: passwords and codes never come back in a re-rendered form. */
export const HIDDEN_FIELDS = ['password', 'confirmPassword', 'verificationCode', 'code', 'captcha'];

/** Abuse limits of sign-in (shared by every portal process when REDIS_URL is set; see app/lib/rate-limit.server.ts); the SMS ones are in app/lib/sms.server.ts. */
export const RATE_RULES = {
  loginPerIp: { limit: 10, windowMs: 60_000 },
  loginFailuresPerAccount: { limit: 10, windowMs: 10 * 60_000 },
  lookupPerIp: { limit: 60, windowMs: 60_000 },
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

/**
 * The 获取验证码 button of any sign-in form: a valid mobile and image captcha
 * (docs/product.md#validation), then the rules every SMS passes (app/lib/sms.server.ts).
 */
export async function sendSmsCode(request: Request, context: AppLoadContext, form: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: sendSmsSchema });
  if (submission.status !== 'success') {
    return answer(form, submission, { uuid: formUuid(formData), smsCooldown: await smsCooldown(context, submission.payload.mobileNo) });
  }
  const { mobileNo, captcha, uuid } = submission.value;
  const outcome = await requestSmsCode(request, context, form, mobileNo, { captcha, uuid });
  if (outcome.sent) {
    return answer(
      form,
      submission,
      { uuid: await freshCaptchaKey(request, context), smsCooldown: outcome.resendIn, notice: authCopy.messages.smsSent },
      { status: 200 },
    );
  }
  if (outcome.limited && !outcome.proofSpent) {
    return answer(form, submission, { uuid, smsCooldown: outcome.wait }, { status: 429, formErrors: [outcome.message] });
  }
  // The backend checked (and spent) the captcha: show a new one.
  const next = await freshCaptchaKey(request, context);
  if (outcome.limited) return answer(form, submission, { uuid: next, smsCooldown: outcome.wait }, { status: 429, formErrors: [outcome.message] });
  // sendCode's `code` is the image captcha's text.
  return answer(form, submission, { uuid: next }, { status: 400, ...refusedAt(outcome.refusal, { code: 'captcha' }) });
}

/** The no-JavaScript 换一张 button: the same form back, with a new captcha. */
export async function refreshCaptcha(
  request: Request,
  context: AppLoadContext,
  form: string,
  formData: FormData,
  extra: Omit<SignInActionData, 'form' | 'result'> = {},
) {
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
    if (!guess.allowed)
      return { done: answer(form, submission, extra, { status: 429, fieldErrors: { [codeField]: [authCopy.messages.codeGuessesSpent] } }) } as const;
  }
  return { value: submission.value as z.output<S>, submission, extra } as const;
}

/** A backend refusal (success: false) as the form's error, or rethrown when it is anything else. */
export function backendMessage(error: unknown): string {
  if (error instanceof BackendEnvelopeError) return error.backendMessage || '操作失败，请稍后再试';
  throw error;
}
