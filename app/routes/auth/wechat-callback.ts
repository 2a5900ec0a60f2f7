import { redirect } from 'react-router';
import { userConfirmationCallback } from '~/backend/endpoints/auth.server';
import { auth as authCopy } from '~/copy/auth';
import { flashCookie } from '~/lib/flash.server';
import { loginModeHref, signedInTarget, type LoginContext } from '~/session/login-url';
import { backendFor } from '~/session/session.server';
import { NotAuthorError, clearWechatCookie, readWechatCookie, refused, sessionFromLogin, signedIn, wechatCookie, withCookies } from '~/session/sign-in.server';
import { backendMessage } from './forms.server';
import type { Route } from './+types/wechat-callback';
import { PRIVATE } from '~/lib/route-policy';

/**
 * Where WeChat sends the browser back (`redirectUri` of requestCode) with `code` and
 * `state`. A bound WeChat user is signed in; an unbound one goes to the bindMobile popup,
 * the openid kept in a sealed cookie. The state must be the one this browser started.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const code = params.get('code');
  const state = params.get('state');
  const pending = readWechatCookie(request, context);
  const home: LoginContext = { redirect: null, gch: null, from: '/' };
  const back = (loginContext: LoginContext, message: string) =>
    redirect(loginModeHref('wxLogin', loginContext), withCookies([flashCookie(context, message, 'error'), clearWechatCookie(context)]));

  if (!code || !state || pending?.step !== 'authorize' || (pending.state !== null && pending.state !== state)) {
    return back(pending?.context ?? home, authCopy.wechat.expired);
  }
  let result;
  try {
    result = await backendFor(request, context, { token: null }).call(userConfirmationCallback, { code, state });
  } catch (error) {
    return back(pending.context, backendMessage(error));
  }
  if (!result.bound) {
    return redirect(
      loginModeHref('bindMobile', pending.context),
      withCookies([wechatCookie(context, { step: 'bind', openid: result.openid, context: pending.context })]),
    );
  }
  try {
    const session = await sessionFromLogin(request, context, result);
    return signedIn(context, session, signedInTarget(pending.context), [clearWechatCookie(context)]);
  } catch (error) {
    if (error instanceof NotAuthorError)
      return refused(context, loginModeHref('userLogin', pending.context), authCopy.messages.notAuthor, [clearWechatCookie(context)]);
    throw error;
  }
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
