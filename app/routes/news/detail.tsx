import { Link } from '~/lib/link';
import { newsDetail } from '~/backend/endpoints/news.server';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import page from '~/components/reading/page.module.css';
import { notFound, notFoundMeta, notFoundOnRefusal } from '~/components/reading/route';
import { copy } from '~/copy';
import { chineseDate, intParam } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { sanitizeRichText } from '~/lib/sanitize.server';
import { shareDescription } from '~/lib/share';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/detail';
import classes from './news.module.css';
import { newsListPath, newsType } from './paths';
import { PUBLIC } from '~/lib/route-policy';
import { JsonLd } from '~/lib/json-ld';
import { newsArticleJsonLd } from '~/lib/structured-data/news-article';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = intParam(params.volume ?? null);
  if (!id) notFound();
  const { content, ...news } = await backendFor(request, context).call(newsDetail, { id }).catch(notFoundOnRefusal);
  return { news, html: sanitizeRichText(content, { topHeading: 2 }), origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return notFoundMeta();
  const { news } = data;
  return pageMeta({
    title: news.title,
    description: shareDescription(news.summary || news.title),
    origin: data.origin,
    path: `/news/${news.id}`,
  });
};

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const { news, html } = loaderData;
  const t = copy.newsPages;
  const type = newsType(news.type);
  const facts = [
    [t.source, news.source],
    [t.author, news.author],
    [t.date, chineseDate(news.publishDate)],
    [t.views, String(news.views)],
  ] as const;

  return (
    <main id="main" tabIndex={-1} className={`page-container ${page.page}`}>
      <JsonLd data={newsArticleJsonLd({ ...news, typeName: t.tabs[type] }, `${loaderData.origin}/news/${news.id}`, loaderData.origin)} />
      <Breadcrumbs items={[{ label: t.title, to: '/news' }, { label: t.tabs[type], to: newsListPath(type) }, { label: news.title }]} />
      <article className={`${page.panel} ${classes.article}`} aria-labelledby="news-title">
        <header className={classes.header}>
          <Link className={classes.type} to={newsListPath(type)}>
            {t.tabs[type]}
          </Link>
          <h1 id="news-title" className={classes.heading}>
            {news.title}
          </h1>
          <dl className={classes.facts}>
            {facts.map(([label, value]) =>
              value ? (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ) : null,
            )}
          </dl>
        </header>
        <div className={page.richText} dangerouslySetInnerHTML={{ __html: html }} />
        <nav aria-label={t.neighbours}>
          <ul className={classes.neighbours}>
            <li>
              {t.prev}：
              {news.prev ? (
                <Link to={`/news/${news.prev.id}`} rel="prev">
                  {news.prev.title}
                </Link>
              ) : (
                t.none
              )}
            </li>
            <li>
              {t.next}：
              {news.next ? (
                <Link to={`/news/${news.next.id}`} rel="next">
                  {news.next.title}
                </Link>
              ) : (
                t.none
              )}
            </li>
          </ul>
        </nav>
      </article>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
