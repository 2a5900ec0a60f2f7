import { freshCaptchaKey } from './forms.server';
import type { Route } from './+types/captcha-key';
import { PRIVATE } from '~/lib/route-policy';

/** A new captcha key (getRandomUUID), for the 换一张 click when JavaScript runs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uuid = await freshCaptchaKey(request, context);
  return Response.json({ uuid }, { status: uuid ? 200 : 502, headers: { 'Cache-Control': 'no-store' } });
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
