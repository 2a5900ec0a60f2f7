import { literatureBase } from '~/backend/endpoints/papers.server';
import { copy } from '~/copy';
import { buildRss } from '~/lib/rss';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/rss-articles';
import { FEED_HEADERS, FEED_SIZE, FEED_TTL_MINUTES } from './rss.server';
import { PUBLIC_FILE } from '~/lib/route-policy';

/** /rss/articles.xml: the latest articles of every journal. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.runtime.publicOrigin;
  const page = await backendFor(request, context).call(literatureBase, { sort: 'publishDate', current: 1, size: FEED_SIZE });
  const xml = buildRss({
    title: copy.feeds.articlesTitle,
    description: copy.feeds.articlesDescription,
    link: `${origin}/journal`,
    selfUrl: `${origin}/rss/articles.xml`,
    ttl: FEED_TTL_MINUTES,
    items: page.records.map((article) => ({
      title: article.title,
      link: `${origin}/journal/detail?id=${article.id}`,
      description: article.abstract,
      pubDate: article.publishDate,
      category: article.journalName,
      creators: article.authors.map((author) => author.name),
    })),
  });
  return new Response(xml, { headers: FEED_HEADERS });
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC_FILE;
