import { HydrationSlice } from '~/lib/hydration-slice';
import { Form } from 'react-router';
import { Link } from '~/lib/link';
import { getLastSevenWorkingDays, getTradeHotspot, getTradeNews } from '~/backend/endpoints/home.server';
import { journalList } from '~/backend/endpoints/journals.server';
import { selectedLiteratureShow } from '~/backend/endpoints/papers.server';
import { AuthorLinks } from '~/components/journal/ArticleItem';
import { OnlineFirstMark } from '~/components/journal/LabelBadges';
import { LabelBadges } from '~/components/journal/LabelBadges';
import { shell as copy } from '~/copy/shell';
import { home as t } from '~/copy/home';
import { issueLabel } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { SEARCH_FIELD_LABELS, SEARCH_FIELDS } from '~/lib/search-fields';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/home';
import classes from './home.module.css';
import { PUBLIC } from '~/lib/route-policy';
import { JsonLd } from '~/lib/json-ld';
import { websiteJsonLd } from '~/lib/structured-data/website';
import { optional } from '~/backend/optional.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const backend = backendFor(request, context);
  const [journals, selected, industryNews, cooperationNews, hotspots, activity] = await Promise.all([
    backend.call(journalList),
    backend.call(selectedLiteratureShow, { size: 6 }),
    backend.call(getTradeNews, { type: 2, current: 1, size: 6 }),
    backend.call(getTradeNews, { type: 1, current: 1, size: 6 }),
    backend.call(getTradeHotspot, { size: 8 }),
    // Platform activity is a nicety: the home page renders without it.
    optional(backend.call(getLastSevenWorkingDays), []),
  ]);
  // Only what the page shows goes to the browser: the loader data is serialised into
  // every render and parsed again by the hydrating client.
  return {
    journals: journals.map((journal) => ({
      id: journal.id,
      gch: journal.gch,
      name: journal.name,
      nameEn: journal.nameEn,
      issn: journal.issn,
      cn: journal.cn,
      sponsor: journal.sponsor,
      labels: journal.labels.slice(0, 4),
      acceptsContribution: journal.acceptsContribution,
      latestIssue: journal.latestIssue
        ? {
            id: journal.latestIssue.id,
            year: journal.latestIssue.year,
            issueNo: journal.latestIssue.issueNo,
          }
        : null,
    })),
    selected: selected.map((article) => ({
      id: article.id,
      title: article.title,
      authors: article.authors.map(({ name, expertId }) => ({
        name,
        expertId,
      })),
      abstract: teaser(article.abstract),
      columnName: article.columnName,
      journalName: article.journalName,
      year: article.year,
      issueNo: article.issueNo,
      downloads: article.downloads,
      onlineFirst: article.onlineFirst,
      onlineFirstDate: article.onlineFirstDate,
    })),
    industryNews: industryNews.records.map(headline),
    cooperationNews: cooperationNews.records.map(headline),
    hotspots: hotspots.map(({ id, title, tag }) => ({ id, title, tag })),
    activity,
    origin: context.runtime.publicOrigin,
    // Built here, on the server: the builder stays out of the page's script.
    website: websiteJsonLd(context.runtime.publicOrigin),
  };
}

/** The card shows three lines of the abstract: the first 200 characters are plenty. */
function teaser(text: string | null | undefined): string {
  if (!text) return '';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function headline({ id, title, publishDate }: { id: number; title: string; publishDate?: string | null }) {
  return { id, title, publishDate };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta({
    title: copy.site.slogan,
    description: copy.site.description,
    origin: data?.origin,
    path: '/',
  }),
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { journals, selected, industryNews, cooperationNews, hotspots, activity } = loaderData;
  const totals = activity.reduce(
    (sum, day) => ({
      submissions: sum.submissions + day.submissions,
      reviews: sum.reviews + day.reviews,
      publications: sum.publications + day.publications,
    }),
    { submissions: 0, reviews: 0, publications: 0 },
  );
  return (
    <main id="main" tabIndex={-1}>
      <JsonLd data={loaderData.website} />
      <HydrationSlice>
        <section className={classes.hero} aria-labelledby="hero-title">
          <div className={`page-container ${classes.heroInner}`}>
            <h1 id="hero-title" className={classes.heroTitle}>
              {t.heroTitle}
            </h1>
            <p className={classes.heroSubtitle}>{t.heroSubtitle}</p>
            <Form method="get" action="/search" className={classes.search} role="search" aria-label={t.search}>
              <select name="field" aria-label={t.searchField} defaultValue="all">
                {SEARCH_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {SEARCH_FIELD_LABELS[field]}
                  </option>
                ))}
              </select>
              <input type="search" name="q" placeholder={t.searchPlaceholder} aria-label={t.searchTerms} maxLength={100} required />
              <button type="submit">{t.searchButton}</button>
            </Form>
            <p className={classes.hot}>
              {t.hotSearches}
              {t.hotSearchTerms.map((term) => (
                <Link key={term} to={`/search?q=${encodeURIComponent(term)}`}>
                  {term}
                </Link>
              ))}
            </p>
          </div>
        </section>
      </HydrationSlice>

      <HydrationSlice>
        <section className={`page-container ${classes.section}`} aria-labelledby="journals-heading">
          <div className={classes.sectionHead}>
            <h2 id="journals-heading">{t.journals}</h2>
            <Link to="/journal">{t.allLiterature}</Link>
          </div>
          <ul className={classes.journals}>
            {journals.map((journal) => (
              <li key={journal.id} className={classes.journalCard}>
                <Link to={`/journal/${journal.id}`} className={classes.journalCover} aria-hidden="true" tabIndex={-1}>
                  <span>{journal.name}</span>
                  <small lang="en">{journal.nameEn}</small>
                </Link>
                <div className={classes.journalBody}>
                  <h3>
                    <Link to={`/journal/${journal.id}`}>《{journal.name}》</Link>
                  </h3>
                  <p className={classes.muted}>
                    ISSN {journal.issn} · CN {journal.cn}
                  </p>
                  <p className={classes.muted}>{t.sponsor(journal.sponsor)}</p>
                  <LabelBadges labels={journal.labels} />
                  <p className={classes.journalLinks}>
                    {journal.latestIssue ? (
                      <Link to={`/journal/${journal.id}?issueId=${journal.latestIssue.id}`}>
                        {t.latestIssue}
                        {issueLabel(journal.latestIssue.year, journal.latestIssue.issueNo)}
                      </Link>
                    ) : null}
                    {journal.acceptsContribution ? <Link to={`/upload?redirectGch=${encodeURIComponent(journal.gch)}`}>{t.submit}</Link> : null}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </HydrationSlice>

      <HydrationSlice>
        <section className={`page-container ${classes.section}`} aria-labelledby="selected-heading">
          <div className={classes.sectionHead}>
            <h2 id="selected-heading">{t.selected}</h2>
            <Link to="/journal?sort=views" aria-label={t.moreOf(t.selected)}>
              {t.more}
            </Link>
          </div>
          {selected.length === 0 ? <p className="empty-state">{copy.list.empty}</p> : null}
          <ul className={classes.selected}>
            {selected.map((article) => (
              <li key={article.id} className={classes.paper}>
                <p className={classes.paperColumn}>
                  {article.columnName}
                  {article.onlineFirst ? (
                    <>
                      {' '}
                      <OnlineFirstMark date={article.onlineFirstDate} />
                    </>
                  ) : null}
                </p>
                <h3>
                  <Link to={`/journal/detail?id=${article.id}`}>{article.title}</Link>
                </h3>
                <p className={classes.paperAuthors}>
                  <AuthorLinks authors={article.authors} />
                </p>
                <p className={classes.paperAbstract}>{article.abstract}</p>
                <p className={classes.muted}>
                  《{article.journalName}》{issueLabel(article.year, article.issueNo)} · {t.downloads(article.downloads)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      </HydrationSlice>

      <div className={`page-container ${classes.columns}`}>
        <NewsColumn id="industry-news" title={t.industryNews} href="/news?type=2" items={industryNews} />
        <section className={classes.box} aria-labelledby="hotspot-heading">
          <div className={classes.sectionHead}>
            <h2 id="hotspot-heading">{t.hotspots}</h2>
          </div>
          {hotspots.length === 0 ? <p className={classes.muted}>{copy.list.empty}</p> : null}
          <ol className={classes.hotspots}>
            {hotspots.map((spot, index) => (
              <li key={spot.id}>
                <span className={classes.rank} data-top={index < 3 || undefined}>
                  {index + 1}
                </span>
                <Link to={`/theme/detail?id=${spot.id}`}>{spot.title}</Link>
                {spot.tag ? <span className={classes.tag}>{spot.tag}</span> : null}
              </li>
            ))}
          </ol>
        </section>
        <NewsColumn id="cooperation-news" title={t.cooperationNews} href="/news" items={cooperationNews} />
      </div>

      {activity.length ? (
        <section className={`page-container ${classes.section}`} aria-labelledby="activity-heading">
          <div className={classes.sectionHead}>
            <h2 id="activity-heading">{t.activity}</h2>
          </div>
          <div className={classes.activity}>
            <dl className={classes.totals}>
              <div>
                <dt>{t.totals.submissions}</dt>
                <dd>{totals.submissions}</dd>
              </div>
              <div>
                <dt>{t.totals.reviews}</dt>
                <dd>{totals.reviews}</dd>
              </div>
              <div>
                <dt>{t.totals.publications}</dt>
                <dd>{totals.publications}</dd>
              </div>
            </dl>
            {/* On a phone the week is wider than the screen: the table scrolls on its own. */}
            <div className={classes.tableScroll} role="region" aria-label={t.activityCaption} tabIndex={0} data-scroll-x>
              <table className={classes.activityTable}>
                <caption className="visually-hidden">{t.activityCaption}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.date}</th>
                    {activity.map((day) => (
                      <th key={day.date} scope="col">
                        {day.date.slice(5)} {day.weekday}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {(['submissions', 'reviews', 'publications'] as const).map((key) => (
                    <tr key={key}>
                      <th scope="row">{t.perDay[key]}</th>
                      {activity.map((day) => (
                        <td key={day.date}>{day[key]}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </section>
      ) : null}
    </main>
  );
}

function NewsColumn({
  id,
  title,
  href,
  items,
}: {
  id: string;
  title: string;
  href: string;
  items: { id: number; title: string; publishDate?: string | null }[];
}) {
  return (
    <section className={classes.box} aria-labelledby={`${id}-heading`}>
      <div className={classes.sectionHead}>
        <h2 id={`${id}-heading`}>{title}</h2>
        <Link to={href} aria-label={t.moreOf(title)}>
          {t.more}
        </Link>
      </div>
      {items.length === 0 ? <p className={classes.muted}>{copy.list.empty}</p> : null}
      <ul className={classes.newsList}>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={`/news/${item.id}`}>{item.title}</Link>
            <time dateTime={item.publishDate ?? undefined}>{item.publishDate?.slice(5)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PUBLIC;
