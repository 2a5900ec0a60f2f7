import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect } from 'react';
import { redirect, useNavigation } from 'react-router';
import { getProfile } from '~/backend/endpoints/personal.server';
import { authorAccountCancellation, mobileNoChange, passwordChange, userUnbindWxChat } from '~/backend/endpoints/account.server';
import { requestCode } from '~/backend/endpoints/auth.server';
import { CancelConfirm, CancelIntro, MobileForm, PasswordForm, WechatForm } from '~/components/account/SecurityForms';
import { account as copy } from '~/copy/account';
import { INTENT_FIELD } from '~/schemas/auth';
import {
  FORM_FIELD,
  cancellationRefusalFields,
  cancellationSchema,
  mobileChangeRefusalFields,
  mobileSchemaFor,
  passwordChangeRefusalFields,
  passwordChangeSchema,
  securityForm,
} from '~/schemas/account';
import { flashCookie } from '~/lib/flash.server';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import type { SessionData } from '~/session/cookie.server';
import { backendFor, destroySession } from '~/session/session.server';
import { redirectWithToast, refusal, refusalOf } from '~/lib/action-result.server';
import { passwordAttemptAllowed, reply, wechatBindCookie } from './account.server';
import type { Route } from './+types/security';
import { refusalErrors } from '~/schemas/refusal';
import { requestSmsCode, spendCodeGuess } from '~/lib/sms.server';
import { auth as authCopy } from '~/copy/auth';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  pageMeta({ title: loaderData?.step === 'cancel' ? copy.security.cancel.confirmTitle : copy.security.title, noindex: true });

const PAGE = '/personal/account/security';

/** /personal/account/security: password, mobile, WeChat and cancellation; `?step=cancel` is the confirmation step. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const profile = await backendFor(request, context).call(getProfile);
  const step = new URL(request.url).searchParams.get('step') === 'cancel' ? ('cancel' as const) : null;
  return { step, username: profile.username, mobile: profile.mobileNo, wechatBound: profile.wechatBound };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = requireAuthor(request, context);
  const formData = await readForm(request);
  switch (securityForm(formData)) {
    case 'password':
      return changePassword(request, context, session, formData);
    case 'mobile':
      return changeMobile(request, context, session, formData);
    case 'wechat':
      return formData.get(INTENT_FIELD) === 'unbind' ? unbindWechat(request, context) : bindWechat(request, context, session);
    case 'cancel':
      return cancelAccount(request, context, session, formData);
    default:
      return redirectWithToast(context, PAGE, copy.errors.failed, 'error');
  }
}

type Context = Route.ActionArgs['context'];

async function changePassword(request: Request, context: Context, session: SessionData, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  if (submission.status !== 'success') return reply('password', submission);
  const attempt = await passwordAttemptAllowed(context, session.user.id);
  if (!attempt.allowed) return reply('password', submission, { status: 429, formErrors: [attempt.message] });
  try {
    await backendFor(request, context).call(passwordChange, submission.value);
  } catch (error) {
    return reply('password', submission, refusalErrors(refusalOf(error), passwordChangeRefusalFields));
  }
  // The backend ends the other sessions; this one stays valid.
  context.logger.info({ event: 'password_changed' }, 'account password changed');
  return redirectWithToast(context, PAGE, copy.security.password.done);
}

async function changeMobile(request: Request, context: Context, session: SessionData, formData: FormData) {
  const sending = formData.get(INTENT_FIELD) === 'sendSms';
  const submission = parseWithZod(formData, { schema: mobileSchemaFor(formData.get(INTENT_FIELD)) });
  if (submission.status !== 'success') return reply('mobile', submission);
  if (sending) {
    const { password, mobileNo } = submission.value as { password: string; mobileNo: string };
    const attempt = await passwordAttemptAllowed(context, session.user.id);
    if (!attempt.allowed) return reply('mobile', submission, { status: 429, formErrors: [attempt.message] });
    const outcome = await requestSmsCode(request, context, 'mobileChange', mobileNo, { password, accountId: session.user.id });
    if (outcome.sent) return reply('mobile', submission, { status: 200, notice: copy.security.mobile.sent(outcome.mobile), smsCooldown: outcome.resendIn });
    if (outcome.limited) return reply('mobile', submission, { status: 429, formErrors: [outcome.message], smsCooldown: outcome.wait });
    return reply('mobile', submission, refusalErrors(refusalOf(outcome.refusal), mobileChangeRefusalFields));
  }

  const { mobileNo, code } = submission.value as { mobileNo: string; code: string };
  const guess = await spendCodeGuess(context, mobileNo);
  if (!guess.allowed) return reply('mobile', submission, { status: 429, fieldErrors: { code: [authCopy.messages.codeGuessesSpent] } });
  try {
    await backendFor(request, context).call(mobileNoChange, { mobileNo, code });
  } catch (error) {
    return reply('mobile', submission, refusalErrors(refusalOf(error), mobileChangeRefusalFields));
  }
  context.logger.info({ event: 'mobile_changed' }, 'account mobile changed');
  return redirectWithToast(context, PAGE, copy.security.mobile.done);
}

/** Like the WeChat login (requestCode, then WeChat's consent page), but the callback binds. */
async function bindWechat(request: Request, context: Context, session: SessionData) {
  const redirectUri = new URL('/personal/account/wechat', context.runtime.publicOrigin).href;
  let started;
  try {
    started = await backendFor(request, context).call(requestCode, { type: 1, projectType: 2, redirectUri });
  } catch (error) {
    return redirectWithToast(context, PAGE, refusal(error), 'error');
  }
  const state = started.state ?? new URL(started.url).searchParams.get('state');
  return redirect(started.url, { headers: { 'Set-Cookie': wechatBindCookie(context, state, session.user.id) } });
}

async function unbindWechat(request: Request, context: Context) {
  try {
    await backendFor(request, context).call(userUnbindWxChat);
  } catch (error) {
    return redirectWithToast(context, PAGE, refusal(error), 'error');
  }
  return redirectWithToast(context, PAGE, copy.security.wechat.unbindDone);
}

/** Cancellation ends every session: the cookie goes, and the visitor lands on / with the message. */
async function cancelAccount(request: Request, context: Context, session: SessionData, formData: FormData) {
  const submission = parseWithZod(formData, { schema: cancellationSchema });
  if (submission.status !== 'success') return reply('cancel', submission);
  const attempt = await passwordAttemptAllowed(context, session.user.id);
  if (!attempt.allowed) return reply('cancel', submission, { status: 429, formErrors: [attempt.message] });
  const { password, reason } = submission.value;
  try {
    await backendFor(request, context).call(authorAccountCancellation, { password, reason });
  } catch (error) {
    return reply('cancel', submission, refusalErrors(refusalOf(error), cancellationRefusalFields));
  }
  context.logger.info({ event: 'account_cancelled' }, 'account cancelled');
  const headers = new Headers();
  headers.append('Set-Cookie', destroySession(context));
  headers.append('Set-Cookie', flashCookie(context, copy.security.cancel.done, 'success'));
  return redirect('/', { headers });
}

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const wechatBusy = navigation.state !== 'idle' && navigation.formData?.get(FORM_FIELD) === 'wechat';
  // The confirmation step takes the focus when it opens (with JavaScript, the page does not reload).
  useEffect(() => {
    if (loaderData.step === 'cancel') document.getElementById('cancel-confirm-title')?.focus();
  }, [loaderData.step]);

  if (loaderData.step === 'cancel') return <CancelConfirm username={loaderData.username} actionData={actionData} />;
  return (
    <>
      <PasswordForm actionData={actionData} />
      <MobileForm mobile={loaderData.mobile} actionData={actionData} />
      <WechatForm bound={loaderData.wechatBound} busy={wechatBusy} />
      <CancelIntro />
    </>
  );
}
