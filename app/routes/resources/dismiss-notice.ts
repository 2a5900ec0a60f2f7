import { redirect } from 'react-router';
import { reminderCookie } from '~/lib/reminder';
import type { Route } from './+types/dismiss-notice';
import { PRIVATE } from '~/lib/route-policy';

/** Closing the reminder box without JavaScript: set the cookie and go back. */
export function action({ request, context }: Route.ActionArgs) {
  const referer = request.headers.get('Referer');
  let back = '/';
  if (referer) {
    const url = new URL(referer);
    if (url.origin === new URL(request.url).origin) back = url.pathname + url.search;
  }
  return redirect(back, { headers: { 'Set-Cookie': reminderCookie(context.runtime.secureCookies) } });
}

export function loader() {
  return redirect('/');
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
