import { data, redirect } from 'react-router';
import { isSameOriginRequest } from '~/lib/same-origin';
import { z } from 'zod';
import { defineEndpoint } from '~/backend/client.server';
import { backendFor, destroySession, getSession } from '~/session/session.server';
import type { Route } from './+types/logout';
import { PRIVATE } from '~/lib/route-policy';

const logoutEndpoint = defineEndpoint('POST', '/logout', z.unknown());

/** Logout calls the backend, clears the session and opens the login popup on / (docs/product.md#session). */
export async function action({ request, context }: Route.ActionArgs) {
  // Another site's form must not sign a visitor out.
  if (!isSameOriginRequest(request)) throw data(null, { status: 403 });
  if (getSession(request, context)) {
    try {
      await backendFor(request, context).call(logoutEndpoint);
    } catch (error) {
      // The session is cleared whatever the backend says.
      if (error instanceof Response) context.logger.warn({ status: error.status }, 'backend logout failed');
    }
  }
  return redirect('/?login=userLogin', { headers: { 'Set-Cookie': destroySession(context) } });
}

export function loader() {
  return redirect('/');
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
