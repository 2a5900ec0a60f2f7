import { NEWS_TYPES, newsList } from '~/backend/endpoints/news.server';
import { copy } from '~/copy';
import { buildRss } from '~/lib/rss';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/rss-news';
import { FEED_HEADERS, FEED_SIZE, FEED_TTL_MINUTES } from './rss.server';
import { PUBLIC_FILE } from '~/lib/route-policy';

/** /rss/news.xml: the latest news of both types (合作单位动态 and 行业资讯), newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.runtime.publicOrigin;
  const backend = backendFor(request, context);
  const lists = await Promise.all(NEWS_TYPES.map((type) => backend.call(newsList, { type, current: 1, size: FEED_SIZE })));
  const latest = lists
    .flatMap((page) => page.records)
    .sort((a, b) => (b.publishDate ?? '').localeCompare(a.publishDate ?? '') || b.id - a.id)
    .slice(0, FEED_SIZE);
  const xml = buildRss({
    title: copy.feeds.newsTitle,
    description: copy.feeds.newsDescription,
    link: `${origin}/news`,
    selfUrl: `${origin}/rss/news.xml`,
    ttl: FEED_TTL_MINUTES,
    items: latest.map((item) => ({
      title: item.title,
      link: `${origin}/news/${item.id}`,
      description: item.summary,
      pubDate: item.publishDate,
      category: item.typeName,
    })),
  });
  return new Response(xml, { headers: FEED_HEADERS });
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC_FILE;
