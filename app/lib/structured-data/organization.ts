import { copy } from '~/copy';
import { SHARE_LOGO_PATH } from '../meta';

/**
 * What the schema.org JSON-LD builders share (one builder per type in this folder; the
 * article's is in app/lib/scholar.ts). Each builder is given the facts its page shows and the
 * portal's public origin; optional facts are left out when unknown rather than written empty.
 * One file per type, so a page's script carries only the builders it uses.
 */

export const CONTEXT = 'https://schema.org';

/** The organisation that runs the portal: the publisher named on the home page. */
export function portalOrganization(origin: string) {
  return { '@type': 'Organization', name: copy.site.host, url: `${origin}/`, logo: `${origin}${SHARE_LOGO_PATH}` };
}
