import { data, Form, useLocation } from 'react-router';
import { Link } from '~/lib/link';
import { BackendEnvelopeError } from '~/backend/errors';
import { dataJurisprudenceSearch } from '~/backend/endpoints/papers.server';
import { SEARCH_FIELD_LABELS, SEARCH_FIELDS, type SearchField } from '~/lib/search-fields';
import { ArticleItem } from '~/components/journal/ArticleItem';
import { withoutControlCharacters } from '~/components/reading/route';
import { Pager } from '~/components/widgets/Pager';
import { copy } from '~/copy';
import { intParam, pageParam } from '~/lib/format';
import { highlight, searchTerms } from '~/lib/highlight';
import { pageMeta } from '~/lib/meta';
import { FilterDrawer } from '~/components/widgets/FilterDrawer';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/search';
import classes from './search.module.css';
import { SortLinks } from '~/components/journal/SortLinks';
import { PUBLIC_SEARCH, reading } from '~/lib/route-policy';
import { columnFacetItems } from '~/lib/facets';

const PAGE_SIZE = 10;
export const MAX_QUERY_LENGTH = 100;
const SORTS = [
  { key: 'relevance', label: '相关度' },
  { key: 'publishDate', label: '发表时间' },
  { key: 'views', label: '浏览量' },
  { key: 'downloads', label: '下载量' },
] as const;
type SortKey = (typeof SORTS)[number]['key'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  // Control characters (a NUL from a hand-made URL) are spaces: the backend's search fails on them.
  const query = withoutControlCharacters(params.get('q') ?? '').trim();
  const field: SearchField = (SEARCH_FIELDS as readonly string[]).includes(params.get('field') ?? '') ? (params.get('field') as SearchField) : 'all';
  const sort: SortKey = SORTS.some((s) => s.key === params.get('sort')) ? (params.get('sort') as SortKey) : 'relevance';
  const journalId = intParam(params.get('journalId'));
  const year = intParam(params.get('year'), 3000);
  const columnId = intParam(params.get('columnId'));
  const current = pageParam(params.get('page'));
  const base = {
    query,
    field,
    sort,
    journalId,
    year,
    columnId,
    origin: context.runtime.publicOrigin,
  };

  if (!query) return { ...base, result: null, error: null };
  if (Array.from(query).length > MAX_QUERY_LENGTH) {
    return data(
      {
        ...base,
        query: query.slice(0, MAX_QUERY_LENGTH),
        result: null,
        error: `检索词不能超过${MAX_QUERY_LENGTH}个字符`,
      },
      { status: 400 },
    );
  }
  try {
    const result = await backendFor(request, context).call(dataJurisprudenceSearch, {
      query,
      field,
      sort,
      journalId,
      year,
      columnId,
      current,
      size: PAGE_SIZE,
    });
    return { ...base, result, error: null };
  } catch (error) {
    if (error instanceof BackendEnvelopeError)
      return data(
        {
          ...base,
          result: null,
          error: error.backendMessage || '检索条件有误，请修改后重试',
        },
        { status: 400 },
      );
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  pageMeta({
    title: loaderData?.query ? `“${loaderData.query}”的检索结果` : '文献检索',
    description: '检索数据法学期刊文献：按篇名、作者、机构、关键词、基金检索。',
    origin: loaderData?.origin,
    path: '/search',
    noindex: Boolean(loaderData?.query),
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, field, sort, journalId, year, columnId, result, error } = loaderData;
  const location = useLocation();
  const terms = searchTerms(query);
  const mark = (text: string) => highlight(text, terms);
  const href = (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(location.search);
    params.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) params.delete(key);
      else params.set(key, String(value));
    }
    return `/search?${params.toString()}`;
  };

  return (
    <main id="main" className={`page-container ${classes.page}`}>
      <section className={classes.searchBar} aria-label="文献检索">
        <Form method="get" action="/search" className={classes.form} role="search">
          <select name="field" defaultValue={field} aria-label="检索字段">
            {SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {SEARCH_FIELD_LABELS[f]}
              </option>
            ))}
          </select>
          <input
            type="search"
            name="q"
            defaultValue={query}
            placeholder="输入篇名、作者、机构、关键词或基金"
            aria-label="检索词"
            maxLength={MAX_QUERY_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'search-error' : undefined}
          />
          <button type="submit">检索</button>
        </Form>
        {error ? (
          <p id="search-error" className={classes.error} role="alert">
            {error}
          </p>
        ) : (
          <p className={classes.hint}>多个检索词以空格分隔，需同时命中；中文检索支持任意位置匹配。</p>
        )}
      </section>

      {result ? (
        <div className={classes.layout}>
          <aside className={classes.panel} aria-label="分组筛选">
            <FilterDrawer label="分组筛选" active={[journalId, year, columnId].filter(Boolean).length}>
              <Facet
                title="期刊"
                items={result.facets.journals.map((f) => ({
                  key: f.id ?? 0,
                  label: f.name ?? '',
                  count: f.count,
                }))}
                current={journalId}
                href={(v) => href({ journalId: v })}
              />
              <Facet
                title="年份"
                items={result.facets.years.map((f) => ({
                  key: f.year ?? 0,
                  label: `${f.year}年`,
                  count: f.count,
                }))}
                current={year}
                href={(v) => href({ year: v })}
              />
              <Facet title="栏目" items={columnFacetItems(result.facets.columns)} current={columnId} href={(v) => href({ columnId: v })} />
            </FilterDrawer>
          </aside>
          <section className={classes.panel} aria-labelledby="results-heading">
            <div className={classes.toolbar}>
              <h1 id="results-heading">
                “{query}”共找到 {result.total} 条结果
              </h1>
              <SortLinks options={SORTS} current={sort} defaultKey="relevance" href={(key) => href({ sort: key })} />
            </div>
            {result.records.length === 0 ? (
              <div className={classes.noResults}>
                <p>未找到与“{query}”相关的文献。</p>
                <p>建议：检查用字是否正确，减少检索词，或改用“全部字段”检索。</p>
              </div>
            ) : (
              result.records.map((article) => <ArticleItem key={article.id} article={article} highlight={mark} headingLevel="h2" origin={loaderData.origin} />)
            )}
            <Pager current={result.current} total={result.total} size={result.size} label="检索结果分页" />
          </section>
        </div>
      ) : !error ? (
        <p className="empty-state">请输入检索词开始检索。{copy.site.slogan}</p>
      ) : null}
    </main>
  );
}

function Facet({
  title,
  items,
  current,
  href,
}: {
  title: string;
  items: { key: number; label: string; count: number }[];
  current: number | undefined;
  href: (value: number | undefined) => string;
}) {
  if (items.length === 0) return null;
  return (
    <>
      <h2 className={classes.facetTitle}>{title}</h2>
      <ul className={classes.facet}>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={href(current === item.key ? undefined : item.key)} aria-current={current === item.key}>
              {item.label} <span>{item.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC_SEARCH, 'q', 'field', 'sort', 'journalId', 'year', 'columnId', 'page');
