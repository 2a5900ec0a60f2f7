import { useLocation } from 'react-router';
import { Link } from '~/lib/link';
import { journalDetails, journalList } from '~/backend/endpoints/journals.server';
import { literatureBase } from '~/backend/endpoints/papers.server';
import { listedPage } from '~/components/journal/listed-article';
import { ArticleItem } from '~/components/journal/ArticleItem';
import { LabelBadges } from '~/components/journal/LabelBadges';
import { Pager } from '~/components/widgets/Pager';
import { copy } from '~/copy';
import { intParam, issueLabel, pageParam } from '~/lib/format';
import { canonicalPath, pageMeta } from '~/lib/meta';
import { FilterDrawer } from '~/components/widgets/FilterDrawer';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/literature';
import classes from './literature.module.css';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import { SortLinks } from '~/components/journal/SortLinks';
import { PUBLIC, reading } from '~/lib/route-policy';
import { optional } from '~/backend/optional.server';

const PAGE_SIZE = 10;
const SORTS = [
  { key: 'publishDate', label: '最新发表' },
  { key: 'views', label: '浏览最多' },
  { key: 'downloads', label: '下载最多' },
] as const;
type SortKey = (typeof SORTS)[number]['key'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const journalId = intParam(params.get('journalId'));
  const year = intParam(params.get('year'), 3000);
  const issueId = intParam(params.get('issueId'));
  const columnId = intParam(params.get('columnId'));
  const sort: SortKey = SORTS.some((s) => s.key === params.get('sort')) ? (params.get('sort') as SortKey) : 'publishDate';
  const current = pageParam(params.get('page'));
  const backend = backendFor(request, context);
  const [journals, journal, articles] = await Promise.all([
    backend.call(journalList),
    journalId ? optional(backend.call(journalDetails, { id: journalId }), null) : Promise.resolve(null),
    backend.call(literatureBase, {
      journalId,
      year,
      issueId,
      columnId,
      sort,
      current,
      size: PAGE_SIZE,
    }),
  ]);
  return {
    journals: journals.map(({ id, name, labels }) => ({ id, name, labels })),
    // The chosen journal's filters: its years, their issues and its columns.
    journal: journal && {
      name: journal.name,
      columns: journal.columns.map(({ id, name }) => ({ id, name })),
      issuesByYear: journal.issuesByYear.map(({ year, issues }) => ({ year, issues: issues.map(({ id, issueNo }) => ({ id, issueNo })) })),
    },
    articles: listedPage(articles),
    filters: { journalId, year, issueId, columnId, sort },
    canonicalPath: canonicalPath('/journal', {
      journalId,
      year,
      issueId,
      columnId,
      sort: sort === 'publishDate' ? null : sort,
      page: current > 1 ? current : null,
    }),
    origin: context.runtime.publicOrigin,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: data?.journal ? `${data.journal.name} · 文献成果` : '文献成果',
    description: '数据法学领域期刊文献成果：按期刊、年份、期次和栏目浏览，按发表时间、浏览量和下载量排序。',
    origin: data?.origin,
    path: data?.canonicalPath,
  });

export default function Literature({ loaderData }: Route.ComponentProps) {
  const { journals, journal, articles, filters } = loaderData;
  const location = useLocation();
  const href = (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(location.search);
    params.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) params.delete(key);
      else params.set(key, String(value));
    }
    const query = params.toString();
    return query ? `/journal?${query}` : '/journal';
  };
  const years = journal ? journal.issuesByYear.map((group) => group.year) : [];
  const issuesOfYear = journal?.issuesByYear.find((group) => group.year === filters.year)?.issues ?? [];
  const filtered = filters.journalId || filters.year || filters.issueId || filters.columnId;

  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <Breadcrumbs items={[{ label: copy.nav.literature }]} />
      <div className={classes.layout}>
        <aside className={classes.panel} aria-label="筛选">
          <FilterDrawer label="筛选" active={[filters.journalId, filters.year, filters.issueId, filters.columnId].filter(Boolean).length}>
            <h2 className={classes.sideTitle}>期刊</h2>
            <ul className={classes.facet}>
              <li>
                <Link
                  to={href({
                    journalId: undefined,
                    year: undefined,
                    issueId: undefined,
                    columnId: undefined,
                  })}
                  aria-current={!filters.journalId}
                >
                  全部期刊
                </Link>
              </li>
              {journals.map((j) => (
                <li key={j.id}>
                  <Link
                    to={href({
                      journalId: j.id,
                      year: undefined,
                      issueId: undefined,
                      columnId: undefined,
                    })}
                    aria-current={filters.journalId === j.id}
                  >
                    《{j.name}》
                  </Link>
                  <div className={classes.badges}>
                    <LabelBadges labels={j.labels} />
                  </div>
                </li>
              ))}
            </ul>
            {journal ? (
              <>
                <h2 className={classes.sideTitle}>年份</h2>
                <ul className={classes.years}>
                  {years.map((y) => (
                    <li key={y}>
                      <Link
                        to={href({
                          year: filters.year === y ? undefined : y,
                          issueId: undefined,
                        })}
                        aria-current={filters.year === y}
                      >
                        {y}
                      </Link>
                    </li>
                  ))}
                </ul>
                {issuesOfYear.length ? (
                  <>
                    <h2 className={classes.sideTitle}>期次</h2>
                    <ul className={classes.years}>
                      {issuesOfYear.map((issue) => (
                        <li key={issue.id}>
                          <Link
                            to={href({
                              issueId: filters.issueId === issue.id ? undefined : issue.id,
                            })}
                            aria-current={filters.issueId === issue.id}
                          >
                            第{issue.issueNo}期
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                <h2 className={classes.sideTitle}>栏目</h2>
                <ul className={classes.facet}>
                  {journal.columns.map((column) => (
                    <li key={column.id}>
                      <Link
                        to={href({
                          columnId: filters.columnId === column.id ? undefined : column.id,
                        })}
                        aria-current={filters.columnId === column.id}
                      >
                        {column.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </FilterDrawer>
        </aside>
        <section className={classes.panel} aria-labelledby="results-heading">
          <div className={classes.toolbar}>
            <h1 id="results-heading" className={classes.heading}>
              {journal ? `《${journal.name}》` : copy.nav.literature}
              {filters.year ? ` ${filters.year}年` : ''}
              {filters.issueId ? ` ${issueLabel(filters.year ?? 0, issuesOfYear.find((i) => i.id === filters.issueId)?.issueNo).replace(/^\d+年/, '')}` : ''}
              <span className={classes.count}>共 {articles.total} 篇</span>
            </h1>
            <SortLinks options={SORTS} current={filters.sort} defaultKey="publishDate" href={(key) => href({ sort: key })} />
          </div>
          {filtered ? (
            <p>
              <Link className={classes.clear} to="/journal">
                清除筛选条件
              </Link>
            </p>
          ) : null}
          {articles.records.length === 0 ? (
            <p className="empty-state">{copy.list.empty}</p>
          ) : (
            articles.records.map((article) => <ArticleItem key={article.id} article={article} headingLevel="h2" origin={loaderData.origin} />)
          )}
          <Pager current={articles.current} total={articles.total} size={articles.size} label="文献分页" />
        </section>
      </div>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC, 'journalId', 'year', 'issueId', 'columnId', 'sort', 'page');
