import { intParam } from '~/lib/format';
import { sitemapPart } from '~/lib/sitemap';
import type { Route } from './+types/sitemap-part';
import { sitemapEntries, XML_HEADERS } from './sitemap.server';
import { PUBLIC_FILE } from '~/lib/route-policy';

const notFound = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** /sitemap/{n}.xml: part n of the sitemap index (404 while the site fits in /sitemap.xml alone). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const n = intParam(/^(\d+)\.xml$/.exec(params.file)?.[1] ?? null, 10_000);
  if (!n) return notFound();
  const xml = sitemapPart(context.runtime.publicOrigin, await sitemapEntries(request, context), n);
  if (!xml) return notFound();
  return new Response(xml, { headers: XML_HEADERS });
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC_FILE;
