import { redirect } from 'react-router';
import { bindWechatToAccount } from '~/backend/endpoints/account.server';
import { logout, userConfirmationCallback } from '~/backend/endpoints/auth.server';
import { account as copy } from '~/copy/account';
import { flashCookie } from '~/lib/flash.server';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import { refusal } from '~/lib/action-result.server';
import { clearWechatBindCookie, readWechatBindCookie } from './account.server';
import type { Route } from './+types/wechat-bind';
import { PRIVATE } from '~/lib/route-policy';

const PAGE = '/personal/account/security';

/**
 * /personal/account/wechat: where WeChat sends the browser back after consent, when the
 * signed-in author binds a WeChat account (`redirectUri` of requestCode). The state must be
 * the one this browser started for this user; the callback's openid is then bound to the
 * account. A WeChat account that already belongs to an account is refused.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = requireAuthor(request, context);
  const params = new URL(request.url).searchParams;
  const code = params.get('code');
  const state = params.get('state');
  const pending = readWechatBindCookie(request, context);
  const back = (message: string, tone: 'success' | 'error') => {
    const headers = new Headers();
    headers.append('Set-Cookie', flashCookie(context, message, tone));
    headers.append('Set-Cookie', clearWechatBindCookie(context));
    return redirect(PAGE, { headers });
  };

  if (!code || !state || !pending || pending.userId !== session.user.id || (pending.state !== null && pending.state !== state)) {
    return back(copy.security.wechat.expired, 'error');
  }
  let result;
  try {
    result = await backendFor(request, context, { token: null }).call(userConfirmationCallback, { code, state });
  } catch (error) {
    return back(refusal(error), 'error');
  }
  if (result.bound) {
    // The callback signed that WeChat's account in: end that session at once.
    try {
      await backendFor(request, context, { token: result.token }).call(logout);
    } catch (error) {
      if (!(error instanceof Response)) context.logger.warn({ err: error }, 'ending the session of a bound WeChat failed');
    }
    return back(result.employee.id === session.user.id ? copy.security.wechat.sameAccount : copy.security.wechat.otherAccount, 'error');
  }
  try {
    await backendFor(request, context).call(bindWechatToAccount, { openid: result.openid });
  } catch (error) {
    return back(refusal(error), 'error');
  }
  context.logger.info({ event: 'wechat_bound' }, 'WeChat bound to the account');
  return back(copy.security.wechat.bindDone, 'success');
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
