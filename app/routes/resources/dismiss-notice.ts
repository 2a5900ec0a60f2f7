import { data, redirect } from 'react-router';
import { isSameOriginRequest, sameOriginReferer } from '~/lib/same-origin';
import { reminderCookie } from '~/lib/reminder';
import type { Route } from './+types/dismiss-notice';
import { PRIVATE } from '~/lib/route-policy';

/** Closing the reminder box without JavaScript: set the cookie and go back to the page it was closed on. */
export function action({ request, context }: Route.ActionArgs) {
  if (!isSameOriginRequest(request)) throw data(null, { status: 403 });
  return redirect(sameOriginReferer(request) ?? '/', { headers: { 'Set-Cookie': reminderCookie(context.runtime.secureCookies) } });
}

export function loader() {
  return redirect('/');
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
