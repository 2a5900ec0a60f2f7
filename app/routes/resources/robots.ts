import type { Route } from './+types/robots';

/** Areas that are private, per user, or endless (search result pages). */
const DISALLOW = ['/personal', '/upload', '/updatePaperInfo', '/api/', '/manage/', '/search?'];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = ['User-agent: *', 'Allow: /', ...DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
