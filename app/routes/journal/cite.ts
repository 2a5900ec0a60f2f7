import { data } from 'react-router';
import { literatureBaseDetails } from '~/backend/endpoints/papers.server';
import { CITATION_FORMATS, type CitationFormat } from '~/lib/citation';
import { intParam } from '~/lib/format';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/cite';
import { citableArticle } from './article.server';
import { PUBLIC_UNINDEXED, reading } from '~/lib/route-policy';
import { notFoundOnRefusal } from '~/components/reading/route';

/** Citation export download: RIS, BibTeX, EndNote or NoteExpress. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = intParam(url.searchParams.get('id'));
  const format = url.searchParams.get('format') as CitationFormat;
  if (!id || !Object.hasOwn(CITATION_FORMATS, format)) throw data(null, { status: 404 });
  const article = await backendFor(request, context).call(literatureBaseDetails, { id }).catch(notFoundOnRefusal);
  const spec = CITATION_FORMATS[format];
  const citable = await citableArticle(article, context.runtime.publicOrigin);
  const body = format === 'bibtex' ? spec.render(citable, `article${id}`) : spec.render(citable);
  const fileName = `article-${id}.${spec.extension}`;
  return new Response(body, {
    headers: {
      'Content-Type': `${spec.contentType}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'public, max-age=3600',
      // A file of the article page's metadata: the page is what search engines should show.
      'X-Robots-Tag': 'noindex',
    },
  });
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC_UNINDEXED, 'id', 'format');
