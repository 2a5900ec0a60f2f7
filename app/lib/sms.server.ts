import type { AppLoadContext } from 'react-router';
import { verificationPasswordAndSendCode } from '~/backend/endpoints/account.server';
import { sendCode } from '~/backend/endpoints/auth.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { auth as authCopy } from '~/copy/auth';
import { MOBILE_PATTERN } from '~/schemas/auth';
import type { RateRule } from '~/lib/rate-limit.server';
import { backendFor } from '~/session/session.server';

/**
 * The one place that asks the backend to send an SMS code, whichever form asks (register,
 * password reset, SMS sign-in, account lookup, the account page's new mobile), and the one
 * place that counts the tries of a code. Every send passes the same rules, in the same
 * counters (shared by every portal process through Redis when it is set):
 *
 * - a proof checked by the backend: the image code, or for a signed-in author the account
 *   password (which the backend takes in place of the image code for a new mobile);
 * - per address: 20 sends an hour; per signed-in account: 5 an hour;
 * - per number: one a minute, 10 a day.
 *
 * A code gets 5 tries; a number gets 50 tries a day whatever codes it was sent. Nothing
 * resets the daily count: a new code only opens its own 5.
 */
export const SMS_RULES = {
  perIp: { limit: 20, windowMs: 60 * 60_000 },
  perAccount: { limit: 5, windowMs: 60 * 60_000 },
  perMobile: { limit: 1, windowMs: 60_000 },
  perMobileDaily: { limit: 10, windowMs: 24 * 60 * 60_000 },
  /** Tries of one code: past this the code is dead until a new one is sent. */
  guessesPerCode: { limit: 5, windowMs: 30 * 60_000 },
  /** Tries at a number in a day, across all its codes: never reset. */
  guessesPerMobileDaily: { limit: 50, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, RateRule>;

const mobileKey = (mobile: string) => `sms:mobile:${mobile}`;
const mobileDayKey = (mobile: string) => `sms:mobile-day:${mobile}`;
const codeGuessKey = (mobile: string) => `sms-guess:mobile:${mobile}`;
const dayGuessKey = (mobile: string) => `sms-guess:mobile-day:${mobile}`;

/** What proves a person asks: the image code (anonymous forms) or the account password (signed in). */
export type SmsProof = { captcha: string; uuid: string } | { password: string; accountId: string };

export type SmsOutcome =
  | { sent: true; mobile: string; resendIn: number }
  /**
   * A portal limit, or the backend's own 429 (`proofSpent`: the backend checked, and used
   * up, the image code): `wait` seconds before the number can get a code, when known.
   */
  | { sent: false; limited: true; message: string; wait?: number; proofSpent: boolean }
  /** The backend refused (wrong image code or password, number taken...): the form shows its refusal. */
  | { sent: false; limited: false; refusal: BackendEnvelopeError };

/**
 * Sends one SMS code to `mobile` if every rule allows it. `form` names the asking form in
 * the log. The number is normalised (trimmed) before any counter sees it.
 */
export async function requestSmsCode(request: Request, context: AppLoadContext, form: string, rawMobile: string, proof: SmsProof): Promise<SmsOutcome> {
  const mobile = rawMobile.trim();
  const { rateLimiter } = context.runtime;

  const perIp = await rateLimiter.hit(`sms:ip:${context.clientNetwork}`, SMS_RULES.perIp);
  if (!perIp.allowed) return { sent: false, limited: true, message: authCopy.messages.smsIpLimit(perIp.retryAfterSeconds), proofSpent: false };
  if ('accountId' in proof) {
    const perAccount = await rateLimiter.hit(`sms:account:${proof.accountId}`, SMS_RULES.perAccount);
    if (!perAccount.allowed) return { sent: false, limited: true, message: authCopy.messages.smsIpLimit(perAccount.retryAfterSeconds), proofSpent: false };
  }
  const perMinute = await rateLimiter.peek(mobileKey(mobile), SMS_RULES.perMobile);
  if (!perMinute.allowed) {
    return {
      sent: false,
      limited: true,
      message: authCopy.messages.smsTooOften(perMinute.retryAfterSeconds),
      wait: perMinute.retryAfterSeconds,
      proofSpent: false,
    };
  }
  const perDay = await rateLimiter.peek(mobileDayKey(mobile), SMS_RULES.perMobileDaily);
  if (!perDay.allowed) return { sent: false, limited: true, message: authCopy.messages.smsDailyLimit, proofSpent: false };

  let masked = mobile;
  try {
    if ('accountId' in proof) {
      const sent = await backendFor(request, context).call(verificationPasswordAndSendCode, { password: proof.password, mobileNo: mobile });
      masked = sent.mobile;
    } else {
      await backendFor(request, context, { token: null }).call(sendCode, { mobile, code: proof.captcha, uuid: proof.uuid });
    }
  } catch (error) {
    if (!(error instanceof BackendEnvelopeError)) throw error;
    if (error.code === 429) {
      const wait = Number(/(\d+)\s*秒/.exec(error.backendMessage)?.[1] ?? 60);
      return { sent: false, limited: true, message: error.backendMessage || authCopy.messages.smsTooOften(wait), wait, proofSpent: true };
    }
    return { sent: false, limited: false, refusal: error };
  }
  await rateLimiter.hit(mobileKey(mobile), SMS_RULES.perMobile);
  await rateLimiter.hit(mobileDayKey(mobile), SMS_RULES.perMobileDaily);
  // The new code's own tries; the number's daily tries go on counting.
  await rateLimiter.reset(codeGuessKey(mobile));
  context.logger.info({ event: 'sms_requested', form }, 'SMS code requested');
  return { sent: true, mobile: masked, resendIn: Math.ceil(SMS_RULES.perMobile.windowMs / 1000) };
}

/**
 * Counts one try of the code sent to `mobile`, before the backend sees it (so concurrent
 * tries cannot overrun the count): 5 a code, 50 a number a day. Past either, every try is
 * refused, the right code included.
 */
export async function spendCodeGuess(context: AppLoadContext, rawMobile: string) {
  const mobile = rawMobile.trim();
  const { rateLimiter } = context.runtime;
  const perCode = await rateLimiter.hit(codeGuessKey(mobile), SMS_RULES.guessesPerCode);
  if (!perCode.allowed) return perCode;
  return rateLimiter.hit(dayGuessKey(mobile), SMS_RULES.guessesPerMobileDaily);
}

/** Seconds before another code may go to `mobile` (rendered by the server without JavaScript). */
export async function smsCooldown(context: AppLoadContext, mobile: unknown): Promise<number> {
  if (typeof mobile !== 'string' || !MOBILE_PATTERN.test(mobile.trim())) return 0;
  return context.runtime.rateLimiter.cooldownSeconds(mobileKey(mobile.trim()), SMS_RULES.perMobile);
}
