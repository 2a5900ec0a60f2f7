import type { Route } from './+types/qrcode';
import { PUBLIC_FILE, reading } from '~/lib/route-policy';
import { tokenValue } from '~/styles/token-values';

/** QR code of a page of this site, as SVG: used by the WeChat share dialog. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const text = url.searchParams.get('text') ?? '';
  // Only pages of this site: the portal is no public QR-code service.
  let target: URL;
  try {
    target = new URL(text, context.runtime.publicOrigin);
  } catch {
    return new Response('bad request', { status: 400 });
  }
  if (target.origin !== context.runtime.publicOrigin || text.length > 1000) return new Response('bad request', { status: 400 });
  // Loaded on the first QR code asked for: most pages never need it, and start-up stays short.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(target.href, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: tokenValue('--color-surface-inverse'), light: tokenValue('--color-surface') },
  });
  return new Response(svg, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' },
  });
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC_FILE, 'text');
