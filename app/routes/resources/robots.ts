import { PUBLIC } from '~/lib/route-policy';
import type { Route } from './+types/robots';

export const handle = PUBLIC;

/** Areas that are private, per user, or endless: what the routes' policies say (app/lib/route-policy.ts). */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.runtime.publicOrigin;
  const disallowed = context.runtime.robotsDisallowed();
  const body = ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
