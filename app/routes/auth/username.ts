import { queryUsername } from '~/backend/endpoints/auth.server';
import { BackendEnvelopeError } from '~/backend/errors';
import { USERNAME_PATTERN } from '~/schemas/auth';
import { backendFor } from '~/session/session.server';
import { RATE_RULES } from './forms.server';
import type { Route } from './+types/username';
import { PRIVATE } from '~/lib/route-policy';

/** The register form asks whether a username is free, 1.5 s after typing stops (docs/product.md#session). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const username = (new URL(request.url).searchParams.get('username') ?? '').trim();
  const headers = { 'Cache-Control': 'no-store' };
  if (!USERNAME_PATTERN.test(username)) return Response.json({ available: false }, { headers });
  if (!(await context.runtime.rateLimiter.hit(`lookup:ip:${context.clientNetwork}`, RATE_RULES.lookupPerIp)).allowed) {
    return Response.json({ available: null }, { status: 429, headers });
  }
  try {
    return Response.json({ available: await backendFor(request, context, { token: null }).call(queryUsername, { username }) }, { headers });
  } catch (error) {
    if (error instanceof BackendEnvelopeError) return Response.json({ available: false }, { headers });
    if (error instanceof Response) throw error;
    return Response.json({ available: null }, { status: 502, headers });
  }
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
