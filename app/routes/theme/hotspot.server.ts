import type { AppLoadContext } from 'react-router';
import { hotspotDetail } from '~/backend/endpoints/hotspots.server';
import { notFound, notFoundOnRefusal } from '~/components/reading/route';
import { intParam } from '~/lib/format';
import { sanitizeRichText } from '~/lib/sanitize.server';
import { backendFor } from '~/session/session.server';
import { listedArticle } from '~/components/journal/listed-article';

/**
 * The record both theme pages show: the hotspot of `?id=`, its content sanitised, and
 * what the share controls need. Unknown or malformed ids answer 404.
 */
export async function loadHotspot(request: Request, context: AppLoadContext, pathname: '/theme/detail' | '/theme/detail-new') {
  const url = new URL(request.url);
  const id = intParam(url.searchParams.get('id'));
  if (!id) notFound();
  const backend = backendFor(request, context);
  const { content, ...hotspot } = await backend.call(hotspotDetail, { id }).catch(notFoundOnRefusal);
  const path = `${pathname}?id=${hotspot.id}`;
  return {
    backend,
    hotspot: { ...hotspot, papers: hotspot.papers.map(listedArticle) },
    html: sanitizeRichText(content),
    path,
    origin: context.runtime.publicOrigin,
    share: { url: `${context.runtime.publicOrigin}${path}`, title: hotspot.title, description: hotspot.summary ?? '' },
  };
}
