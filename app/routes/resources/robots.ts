import { PUBLIC_FILE } from '~/lib/route-policy';
import type { Route } from './+types/robots';

export const handle = PUBLIC_FILE;

/**
 * Areas that are private, per user, or endless stay out (what the routes' policies say,
 * app/lib/route-policy.ts); the article PDFs under the proxied `/api/` are let in.
 */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.runtime.publicOrigin;
  const { allow, disallow } = context.runtime.robots();
  const body = [
    'User-agent: *',
    'Allow: /',
    ...allow.map((path) => `Allow: ${path}`),
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    // Where harvesters (BASE, CORE, OpenAIRE) collect the articles' metadata, as journals announce it.
    `# OAI-PMH 2.0: ${origin}/oai`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
