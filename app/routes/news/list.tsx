import { Form } from 'react-router';
import { Link } from '~/lib/link';
import { newsList, type NewsType } from '~/backend/endpoints/news.server';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import page from '~/components/reading/page.module.css';
import { queryText } from '~/components/reading/route';
import { ListLoader, useLoadMore } from '~/components/widgets/ListLoader';
import { copy } from '~/copy';
import { pageParam } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/list';
import { newsListPath, newsType, withQuery } from './paths';
import classes from './news.module.css';
import { PUBLIC, reading } from '~/lib/route-policy';

const PAGE_SIZE = 10;
/** The tabs, in order (NEWS_TYPES of the backend declarations, which the browser bundle cannot import). */
const TABS = [1, 2] as const satisfies readonly NewsType[];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = newsType(url.searchParams.get('type'));
  const q = queryText(url.searchParams.get('q'));
  const current = pageParam(url.searchParams.get('page'));
  const news = await backendFor(request, context).call(newsList, { type, keyword: q || undefined, current, size: PAGE_SIZE });
  return { type, q, news, origin: context.runtime.publicOrigin };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const t = copy.newsPages;
  const type = data?.type ?? 1;
  const current = data?.news.current ?? 1;
  const path = newsListPath(type);
  return pageMeta({
    title: data?.q ? t.searchTitle(data.q) : `${t.tabs[type]}${current > 1 ? `（第${current}页）` : ''} · ${t.title}`,
    description: t.description[type],
    origin: data?.origin,
    path: current > 1 ? withQuery(path, { page: current }) : path,
    noindex: Boolean(data?.q),
  });
};

type LoaderData = Route.ComponentProps['loaderData'];
const pickNews = (data: LoaderData) => data.news;

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { type, q, news } = loaderData;
  const t = copy.newsPages;
  const { records, status, nextHref, loadMore } = useLoadMore(news, pickNews);

  return (
    <main id="main" tabIndex={-1} className={`page-container ${page.page}`}>
      <Breadcrumbs items={[{ label: t.title, to: '/news' }, { label: t.tabs[type] }]} />
      <section className={page.panel} aria-labelledby="news-heading">
        <h1 id="news-heading" className="visually-hidden">
          {t.tabs[type]}
        </h1>
        <div className={page.toolbar}>
          <nav aria-label={t.tabsLabel}>
            <ul className={classes.tabs}>
              {TABS.map((key) => (
                <li key={key}>
                  <Link to={newsListPath(key)} aria-current={key === type ? 'page' : undefined}>
                    {t.tabs[key]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Form method="get" action="/news" className={page.searchForm} role="search" aria-label={t.searchLabel}>
            {type === 2 ? <input type="hidden" name="type" value="2" /> : null}
            <input type="search" name="q" defaultValue={q} key={q} placeholder={t.searchPlaceholder} aria-label={t.searchLabel} maxLength={50} />
            <button type="submit">{copy.reading.search}</button>
          </Form>
        </div>

        {news.current > 1 ? (
          <p className={classes.pageNote}>
            {t.pageNote(news.current)} <Link to={withQuery(newsListPath(type), { q: q || undefined })}>{t.firstPage}</Link>
          </p>
        ) : null}

        {records.length ? (
          <ul className={classes.list}>
            {records.map((item) => (
              <li key={item.id} className={classes.item}>
                {item.publishDate ? (
                  <time className={classes.date} dateTime={item.publishDate}>
                    <span className={classes.day}>{item.publishDate.slice(8, 10)}</span>
                    <span>{item.publishDate.slice(0, 7)}</span>
                  </time>
                ) : null}
                <div className={classes.body}>
                  <h2 className={classes.title}>
                    <Link to={`/news/${item.id}`}>{item.title}</Link>
                  </h2>
                  {item.summary ? <p className={classes.summary}>{item.summary}</p> : null}
                  <p className={classes.meta}>
                    {item.source ? (
                      <span>
                        {t.source}：{item.source}
                      </span>
                    ) : null}
                    <span>{t.viewsCount(item.views)}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        <ListLoader status={status} isEmpty={records.length === 0} nextHref={nextHref} onLoadMore={loadMore} />
      </section>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC, 'type', 'q', 'page');
