import { sitemapRoot } from '~/lib/sitemap';
import type { Route } from './+types/sitemap';
import { sitemapEntries, XML_HEADERS } from './sitemap.server';
import { PUBLIC_FILE } from '~/lib/route-policy';

/** /sitemap.xml: every public page, or an index of /sitemap/{n}.xml once over the protocol's limit. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const entries = await sitemapEntries(request, context);
  return new Response(sitemapRoot(context.runtime.publicOrigin, entries), { headers: XML_HEADERS });
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC_FILE;
