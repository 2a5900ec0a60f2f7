import { parseWithZod } from '@conform-to/zod/v4';
import { redirect, type AppLoadContext } from 'react-router';
import type { BackendEnvelopeError } from '~/backend/errors';
import { forgotPassword, login, queryUsername, register, requestCode, userBindWxChat } from '~/backend/endpoints/auth.server';
import type { LoginPanelData } from '~/components/login/types';
import { auth as authCopy } from '~/copy/auth';
import { bindMobileSchema, formIntent, loginSchema, messages, registerSchema, resetSchema, wechatLoginSchema } from '~/schemas/auth';
import { flashCookie } from '~/lib/flash.server';
import { isAuthorSession } from '~/session/guard.server';
import { honeypotInputProps, passesHoneypot } from '~/session/honeypot.server';
import { loginModeHref, pageContext, parseLoginMode, signedInTarget, type LoginContext, type LoginMode } from '~/session/login-url';
import { backendFor, destroySession, getSession } from '~/session/session.server';
import { NotAuthorError, clearWechatCookie, readWechatCookie, sessionFromLogin, signedIn, wechatCookie, withCookies } from '~/session/sign-in.server';
import { RATE_RULES, answer, backendMessage, formUuid, freshCaptchaKey, refreshCaptcha, refusedAt, smsFormStep } from './forms.server';
import { readForm } from '~/lib/form-data.server';

/** Modes whose form sends an SMS code (and so shows an image captcha). */
const SMS_MODES: readonly LoginMode[] = ['userRegister', 'losePWD', 'bindMobile'];
/** Modes that create or change an account carry a honeypot. */
const HONEYPOT_MODES: readonly LoginMode[] = ['userRegister', 'losePWD'];

/** What a sign-in panel in `mode` needs from the server (the popup's and the /login page's loaders). */
export async function loadLoginPanel(request: Request, context: AppLoadContext, mode: LoginMode): Promise<LoginPanelData> {
  const wechat = mode === 'bindMobile' ? readWechatCookie(request, context) : null;
  return {
    mode,
    uuid: SMS_MODES.includes(mode) ? await freshCaptchaKey(request, context) : null,
    honeypot: HONEYPOT_MODES.includes(mode) ? honeypotInputProps(context) : null,
    wechatBindReady: wechat?.step === 'bind',
  };
}

/** The popup of the default layout: open when `?login=MODE` is in the URL and nobody is signed in. */
export async function loadLoginPopup(request: Request, context: AppLoadContext): Promise<LoginPanelData | null> {
  const mode = parseLoginMode(new URL(request.url).searchParams.get('login'));
  if (!mode || isAuthorSession(getSession(request, context))) return null;
  return loadLoginPanel(request, context, mode);
}

/**
 * The action behind every sign-in form: /login?login=MODE (with the popup's redirect,
 * gch and from). Failures answer 400 (429 when rate-limited, 403 for a non-author) with
 * the form's errors; successes redirect, with JavaScript or without.
 */
export async function signInAction(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const mode = parseLoginMode(url.searchParams.get('login')) ?? 'userLogin';
  const loginContext = pageContext(url.searchParams);
  const formData = await readForm(request);
  switch (mode) {
    case 'userLogin':
      return passwordLogin(request, context, loginContext, formData);
    case 'userRegister':
      return registerAccount(request, context, loginContext, formData);
    case 'losePWD':
      return resetPassword(request, context, loginContext, formData);
    case 'wxLogin':
      return startWechatLogin(request, context, loginContext, formData);
    case 'bindMobile':
      return bindWechat(request, context, loginContext, formData);
  }
}

const accountKey = (name: string) => `login:account:${name}`;

/**
 * The account (username) each name given at sign-in belongs to, as the backend said when
 * it refused one: a mobile number and its username then share one count. Bounded; each
 * process learns on its own (the first try under a new name in a process counts once more).
 */
const knownAccounts = new Map<string, string>();
const KNOWN_ACCOUNTS_LIMIT = 10_000;
function rememberAccount(name: string, account: string) {
  if (knownAccounts.size >= KNOWN_ACCOUNTS_LIMIT) knownAccounts.delete(knownAccounts.keys().next().value!);
  knownAccounts.set(name, account);
}

/** Signing in (docs/product.md#sign-in). */
async function passwordLogin(request: Request, context: AppLoadContext, loginContext: LoginContext, formData: FormData) {
  const form = 'userLogin';
  if (formIntent(formData) === 'refreshCaptcha') return refreshCaptcha(request, context, form, formData, { captchaRequired: true });
  const submission = parseWithZod(formData, { schema: loginSchema });
  const shownUuid = formUuid(formData);
  if (submission.status !== 'success') return answer(form, submission, { uuid: shownUuid, captchaRequired: Boolean(shownUuid) });
  const { username, password, captcha, uuid } = submission.value;

  // Every attempt counts, per address and per account, before the backend sees it: counted
  // atomically, so concurrent attempts cannot overrun the limit. A success clears the
  // account's count (it proved the password), so only failures add up. An account is one
  // count whether addressed by its username or its mobile: the name it was given, and the
  // account the backend said that name belongs to (learned from a refusal).
  const given = username.trim().toLowerCase();
  const names = [...new Set([given, knownAccounts.get(given) ?? given])];
  const { rateLimiter } = context.runtime;
  const decisions = [await rateLimiter.hit(`login:ip:${context.clientNetwork}`, RATE_RULES.loginPerIp)];
  for (const name of names) decisions.push(await rateLimiter.hit(accountKey(name), RATE_RULES.loginFailuresPerAccount));
  for (const decision of decisions) {
    if (!decision.allowed) {
      return answer(
        form,
        submission,
        { uuid: shownUuid, captchaRequired: Boolean(shownUuid) },
        {
          status: 429,
          formErrors: [authCopy.messages.tooManyLogins(decision.retryAfterSeconds)],
        },
      );
    }
  }

  let entity;
  try {
    entity = await backendFor(request, context, { token: null }).call(login, { username, password, captcha, uuid });
  } catch (error) {
    const message = backendMessage(error);
    const account = (error as BackendEnvelopeError).account?.trim().toLowerCase();
    if (account && !names.includes(account)) {
      // The first time this name is seen for that account: count the attempt there too, and remember.
      rememberAccount(given, account);
      await rateLimiter.hit(accountKey(account), RATE_RULES.loginFailuresPerAccount);
    }
    // Code 505: the image captcha is needed (or was wrong). Any failure with a captcha shown spends it: show a new one.
    const captchaRequired = (error as BackendEnvelopeError).code === 505 || Boolean(uuid);
    const next = captchaRequired ? await freshCaptchaKey(request, context) : null;
    const errors = (error as BackendEnvelopeError).code === 505 ? { fieldErrors: { captcha: [message] } } : { formErrors: [message] };
    return answer(form, submission, { uuid: next, captchaRequired }, errors);
  }

  for (const name of [...names, entity.employee.username.toLowerCase()]) await rateLimiter.reset(accountKey(name));
  try {
    const session = await sessionFromLogin(request, context, entity);
    return signedIn(context, session, signedInTarget(loginContext));
  } catch (error) {
    if (!(error instanceof NotAuthorError)) throw error;
    // Other roles get their session reset (docs/product.md#sign-in).
    return answer(
      form,
      submission,
      { captchaRequired: false },
      { status: 403, formErrors: [authCopy.messages.notAuthor], headers: withCookies([destroySession(context)]).headers },
    );
  }
}

/** Register, then 注册成功！ and the login mode (docs/product.md#flows). */
async function registerAccount(request: Request, context: AppLoadContext, loginContext: LoginContext, formData: FormData) {
  const form = 'userRegister';
  if (!passesHoneypot(formData, context)) return spam(form, formData);
  const step = await smsFormStep(request, context, form, formData, registerSchema);
  if ('done' in step) return step.done;
  const { submission, extra } = step;
  const { agreement: _agreement, ...account } = step.value;

  const backend = backendFor(request, context, { token: null });
  try {
    // The username is checked again on submit (the 1.5 s check in the browser is a courtesy).
    if (!(await backend.call(queryUsername, { username: account.userName }))) {
      return answer(form, submission, extra, { fieldErrors: { userName: [messages.userNameTaken] } });
    }
    await backend.call(register, account);
  } catch (error) {
    return answer(form, submission, extra, refusedAt(error, { verificationCode: 'verificationCode' }));
  }
  return redirect(loginModeHref('userLogin', loginContext), withCookies([flashCookie(context, authCopy.messages.registerSuccess, 'success')]));
}

/** Password reset, then 密码修改成功！ and the login mode (docs/product.md#flows). */
async function resetPassword(request: Request, context: AppLoadContext, loginContext: LoginContext, formData: FormData) {
  const form = 'losePWD';
  if (!passesHoneypot(formData, context)) return spam(form, formData);
  const step = await smsFormStep(request, context, form, formData, resetSchema);
  if ('done' in step) return step.done;
  try {
    await backendFor(request, context, { token: null }).call(forgotPassword, step.value);
  } catch (error) {
    return answer(form, step.submission, step.extra, refusedAt(error, { verificationCode: 'verificationCode' }));
  }
  return redirect(loginModeHref('userLogin', loginContext), withCookies([flashCookie(context, authCopy.messages.resetSuccess, 'success')]));
}

/** WeChat login — requestCode (type 1, projectType 2), then the browser goes to its url (docs/product.md#flows). */
async function startWechatLogin(request: Request, context: AppLoadContext, loginContext: LoginContext, formData: FormData) {
  const form = 'wxLogin';
  const submission = parseWithZod(formData, { schema: wechatLoginSchema });
  if (submission.status !== 'success') return answer(form, submission);
  const redirectUri = new URL('/login/wechat', context.runtime.publicOrigin).href;
  let started;
  try {
    started = await backendFor(request, context, { token: null }).call(requestCode, { type: 1, projectType: 2, redirectUri });
  } catch (error) {
    return answer(form, submission, {}, { formErrors: [backendMessage(error)] });
  }
  const state = started.state ?? new URL(started.url).searchParams.get('state');
  return redirect(started.url, withCookies([wechatCookie(context, { step: 'authorize', state, context: loginContext })]));
}

/** The WeChat user without an account binds a mobile (userBindWxChat with type 0), and is signed in. */
async function bindWechat(request: Request, context: AppLoadContext, loginContext: LoginContext, formData: FormData) {
  const form = 'bindMobile';
  const pending = readWechatCookie(request, context);
  if (pending?.step !== 'bind') {
    const submission = parseWithZod(formData, { schema: bindMobileSchema });
    return answer(form, submission, { uuid: formUuid(formData) }, { formErrors: [authCopy.wechat.expired] });
  }
  const step = await smsFormStep(request, context, form, formData, bindMobileSchema);
  if ('done' in step) return step.done;
  try {
    const entity = await backendFor(request, context, { token: null }).call(userBindWxChat, { ...step.value, openid: pending.openid, type: 0 });
    const session = await sessionFromLogin(request, context, entity);
    return signedIn(context, session, signedInTarget(loginContext), [clearWechatCookie(context)]);
  } catch (error) {
    if (error instanceof NotAuthorError) return answer(form, step.submission, step.extra, { status: 403, formErrors: [authCopy.messages.notAuthor] });
    return answer(form, step.submission, step.extra, refusedAt(error, { code: 'code' }));
  }
}

function spam(form: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: registerSchema });
  return answer(form, submission, { uuid: formUuid(formData) }, { formErrors: [authCopy.messages.spam] });
}
