import { Link } from '~/lib/link';
import { authorAchievements, type Achievement } from '~/backend/endpoints/manuscripts.server';
import { Pager } from '~/components/widgets/Pager';
import { manuscripts as copy } from '~/copy/manuscripts';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/achievements';
import { manuscriptPath } from '~/components/manuscripts/paths';
import classes from '~/components/manuscripts/manuscripts.module.css';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.achievements.title, noindex: true });

const PAGE_SIZE = 10;

/**
 * /personal/manuscripts/achievements?page=: 我的成果, the author's published manuscripts
 * (getAuthorAchievementsPaperList), each linked to the article it became; numbered pages.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const pageParam = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const current = Number.isInteger(pageParam) && pageParam > 0 && pageParam < 10_000 ? pageParam : 1;
  const list = await backendFor(request, context).call(authorAchievements, { current, size: PAGE_SIZE });
  return { current, total: list.total, records: list.records.map(achievement) };
}

/** What an achievement's line shows: the manuscript and the article it became, without the article's abstract. */
function achievement(m: Achievement) {
  const article = m.article;
  return {
    id: m.id,
    articleId: m.articleId ?? article?.id ?? null,
    title: article?.title || m.title,
    manuscriptTitle: m.title,
    published: [
      article ? copy.achievements.article(article.journalName, article.year, article.issueNo) : m.journalName,
      article?.firstPage ? copy.achievements.pages(article.firstPage, article.lastPage) : null,
      article?.publishDate ?? null,
      article?.doi ? `DOI: ${article.doi}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
    filing: [m.manuscriptNo, m.columnName, m.authorsText].filter(Boolean).join(' · '),
    status: m.status,
    statusName: m.statusName,
  };
}

export default function Achievements({ loaderData }: Route.ComponentProps) {
  const { current, total, records } = loaderData;
  const t = copy.achievements;
  return (
    <main id="main" tabIndex={-1} className={classes.panel}>
      <p>
        <Link to="/personal/manuscripts">{copy.detail.back}</Link>
      </p>
      <div className={classes.header}>
        <h1>{t.title}</h1>
      </div>
      <p className={classes.meta}>
        {t.intro}
        {t.total(total)}
      </p>
      {records.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className={classes.items} aria-label={t.title}>
          {records.map((m) => {
            const { articleId, title } = m;
            return (
              <li key={m.id} className={classes.item} data-manuscript={m.id}>
                <div>
                  <h2>{articleId ? <Link to={`/journal/detail?id=${articleId}`}>{title}</Link> : title}</h2>
                  <p className={classes.meta}>{m.published}</p>
                  <p className={classes.meta}>{m.filing}</p>
                </div>
                <div className={classes.side}>
                  <span className={classes.status} data-status={m.status}>
                    {m.statusName}
                  </span>
                  {articleId ? (
                    <Link to={`/journal/detail?id=${articleId}`} aria-label={`${t.read}：${title}`}>
                      {t.read}
                    </Link>
                  ) : null}
                  <Link to={manuscriptPath(m.id)} aria-label={`${t.manuscript}：${m.manuscriptTitle}`}>
                    {t.manuscript}
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager current={current} total={total} size={PAGE_SIZE} label={t.pager} />
    </main>
  );
}
