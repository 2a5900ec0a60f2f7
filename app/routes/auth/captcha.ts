import { CAPTCHA_IMAGE_PATH } from '~/backend/endpoints/auth.server';
import { auth as authCopy } from '~/copy/auth';
import { backendFor } from '~/session/session.server';
import { RATE_RULES } from './forms.server';
import type { Route } from './+types/captcha';
import { PRIVATE } from '~/lib/route-policy';
import { tokenValue } from '~/styles/token-values';

const IMAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  // An SVG from the backend is shown as an image only: nothing in it may run.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/** Shown in place of the captcha when the backend cannot draw one (docs/product.md#errors: 请求错误！). */
function failureImage(status: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="${tokenValue('--color-danger-tint')}"/><text x="60" y="25" text-anchor="middle" font-size="14" fill="${tokenValue('--color-danger')}">${authCopy.captcha.loadFailed}</text></svg>`;
  return new Response(svg, { status, headers: { ...IMAGE_HEADERS, 'Content-Type': 'image/svg+xml; charset=utf-8' } });
}

/**
 * The image captcha of key `uuid`, fetched by the server from the backend
 * (sendVerificationCode) and streamed to the browser.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const uuid = new URL(request.url).searchParams.get('uuid') ?? '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(uuid)) return failureImage(400);
  if (!(await context.runtime.rateLimiter.hit(`captcha:ip:${context.clientNetwork}`, RATE_RULES.lookupPerIp)).allowed) return failureImage(429);
  let upstream: Response;
  try {
    upstream = await backendFor(request, context, { token: null }).raw(CAPTCHA_IMAGE_PATH, { uuid }, 'image/*');
  } catch (error) {
    if (error instanceof Response) throw error;
    return failureImage(502);
  }
  const type = upstream.headers.get('Content-Type') ?? '';
  if (!upstream.ok || !type.startsWith('image/') || !upstream.body) {
    upstream.body?.cancel().catch(() => {});
    context.logger.warn({ status: upstream.status, type }, 'captcha image refused by the backend');
    return failureImage(502);
  }
  return new Response(upstream.body, { headers: { ...IMAGE_HEADERS, 'Content-Type': type } });
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
