import { notFoundMeta } from '~/components/reading/route';
import { copy } from '~/copy';
import { pageMeta } from '~/lib/meta';
import { shareDescription } from '~/lib/share';

interface HotspotPageData {
  hotspot: { title: string; summary?: string | null };
  origin: string;
  path: string;
}

/** The title, description and address of a hotspot's page, in either layout; the 404 page's when there is none. */
export function hotspotMeta(data: HotspotPageData | undefined) {
  if (!data) return notFoundMeta();
  return pageMeta({
    title: `${data.hotspot.title} · ${copy.hotspotPages.title}`,
    description: shareDescription(data.hotspot.summary || data.hotspot.title),
    origin: data.origin,
    path: data.path,
  });
}
