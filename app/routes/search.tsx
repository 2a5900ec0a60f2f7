import { useEffect, useRef } from 'react';
import { data, Form, redirect, useLocation } from 'react-router';
import { Link } from '~/lib/link';
import { BackendEnvelopeError } from '~/backend/errors';
import { dataJurisprudenceSearch } from '~/backend/endpoints/papers.server';
import { journalDetails, journalList } from '~/backend/endpoints/journals.server';
import { optional } from '~/backend/optional.server';
import { SEARCH_FIELD_LABELS, SEARCH_FIELDS } from '~/lib/search-fields';
import {
  canonicalSearch,
  describeSearch,
  EXTRA_ROWS,
  filledRows,
  advancedCount,
  MAX_QUERY_LENGTH,
  readAdvancedSearch,
  SEARCH_OPERATOR_LABELS,
  SEARCH_OPERATORS,
  SEARCH_PARAMS,
} from '~/lib/advanced-search';
import { ArticleItem } from '~/components/journal/ArticleItem';
import { listedPage } from '~/components/journal/listed-article';
import { Pager } from '~/components/widgets/Pager';
import { copy } from '~/copy';
import { pageParam } from '~/lib/format';
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
  // A plain form sends its empty rows too: one URL per search, to reload and share.
  const canonical = canonicalSearch(params);
  if (canonical) throw redirect(`/search${canonical.size ? `?${canonical}` : ''}`);
  const search = readAdvancedSearch(params);
  const [lead, ...further] = filledRows(search);
  const sort: SortKey = SORTS.some((s) => s.key === params.get('sort')) ? (params.get('sort') as SortKey) : 'relevance';
  const current = pageParam(params.get('page'));
  const backend = backendFor(request, context);
  // The form's journal and column lists: a missing list leaves its choice out, not the search.
  const [journals, journal] = await Promise.all([
    optional(backend.call(journalList), []),
    search.journalId ? optional(backend.call(journalDetails, { id: search.journalId }), null) : null,
  ]);
  const base = {
    search,
    advanced: advancedCount(search),
    description: describeSearch(filledRows(search)),
    sort,
    journals: journals.map((j) => ({ id: j.id, name: j.name })),
    columns: journal?.columns.map((c) => ({ id: c.id, name: c.name })) ?? [],
    origin: context.runtime.publicOrigin,
  };

  if (!lead) return { ...base, result: null, error: null };
  const tooLong = [lead, ...further].find((row) => Array.from(row.query).length > MAX_QUERY_LENGTH);
  if (tooLong) {
    const cut = { ...search, rows: search.rows.map((row) => ({ ...row, query: Array.from(row.query).slice(0, MAX_QUERY_LENGTH).join('') })) };
    return data({ ...base, search: cut, result: null, error: `检索词不能超过${MAX_QUERY_LENGTH}个字符` }, { status: 400 });
  }
  try {
    const result = await backend.call(dataJurisprudenceSearch, {
      query: lead.query,
      field: lead.field,
      conditions: further,
      sort,
      journalId: search.journalId,
      columnId: search.columnId,
      yearFrom: search.yearFrom,
      yearTo: search.yearTo,
      current,
      size: PAGE_SIZE,
    });
    return { ...base, result: listedPage(result), error: null };
  } catch (error) {
    if (error instanceof BackendEnvelopeError)
      return data({ ...base, result: null, error: error.backendMessage || '检索条件有误，请修改后重试' }, { status: 400 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  pageMeta({
    title: loaderData?.description ? `${loaderData.description}的检索结果` : '文献检索',
    description: '检索数据法学期刊文献：按主题、篇名、关键词、摘要、作者、机构、基金组合检索，可限定年份、期刊和栏目。',
    origin: loaderData?.origin,
    path: '/search',
    noindex: Boolean(loaderData?.description),
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { search, advanced, description, sort, journals, columns, result, error } = loaderData;
  const { rows, yearFrom, yearTo, journalId, columnId } = search;
  const [first] = rows;
  const location = useLocation();
  const terms = searchTerms(
    filledRows(search)
      .filter((row) => row.op !== 'not')
      .map((row) => row.query)
      .join(' '),
  );
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
  // A year from the 年份 group is the range of that one year.
  const singleYear = yearFrom !== undefined && yearFrom === yearTo ? yearFrom : undefined;
  const resultsHeading = useResultsFocus(location.search);

  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <section className={classes.searchBar} aria-label="文献检索">
        <Form method="get" action="/search" className={classes.form} role="search">
          <div className={classes.row}>
            <select name="field" defaultValue={first?.field} aria-label="检索字段">
              <FieldOptions />
            </select>
            <input
              type="search"
              name="q"
              defaultValue={first?.query}
              placeholder="输入主题、篇名、作者、机构、关键词或基金"
              aria-label="检索词"
              maxLength={MAX_QUERY_LENGTH}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'search-error' : undefined}
            />
            <button type="submit">检索</button>
          </div>
          {/* Folded over results, so they fill the first screen of a phone; the heading says the search. */}
          <details className={classes.advanced} open={advanced > 0 && !result}>
            <summary>
              高级检索
              {advanced > 0 ? <span className={classes.advancedCount}>（已设 {advanced} 项条件）</span> : null}
            </summary>
            <p className={classes.hint}>每行一个条件，按从上到下的顺序组合：“与”须同时满足，“或”满足其一即可，“非”排除该行命中的文献。</p>
            {EXTRA_ROWS.map((n, index) => {
              const row = rows[index + 1];
              return (
                // Named by aria-label: a legend would take a cell of the row's grid.
                <fieldset key={n} className={classes.condition} aria-label={`第${n}行检索条件`}>
                  <select name={`op${n}`} defaultValue={row?.op} aria-label={`第${n}行与上文的关系`}>
                    {SEARCH_OPERATORS.map((op) => (
                      <option key={op} value={op}>
                        {SEARCH_OPERATOR_LABELS[op]}
                      </option>
                    ))}
                  </select>
                  <select name={`field${n}`} defaultValue={row?.field} aria-label={`第${n}行检索字段`}>
                    <FieldOptions />
                  </select>
                  <input type="search" name={`q${n}`} defaultValue={row?.query} aria-label={`第${n}行检索词`} maxLength={MAX_QUERY_LENGTH} />
                </fieldset>
              );
            })}
            <div className={classes.limits}>
              <fieldset className={classes.years}>
                <legend>发表年份</legend>
                <input type="number" name="yearFrom" inputMode="numeric" min={1900} max={2100} defaultValue={yearFrom} aria-label="起始年份" />
                <span aria-hidden="true">至</span>
                <input type="number" name="yearTo" inputMode="numeric" min={1900} max={2100} defaultValue={yearTo} aria-label="截止年份" />
              </fieldset>
              <label>
                期刊
                <select name="journalId" defaultValue={journalId ?? ''}>
                  <option value="">全部期刊</option>
                  {journals.map((j) => (
                    <option key={j.id} value={j.id}>
                      {j.name}
                    </option>
                  ))}
                </select>
              </label>
              {columns.length > 0 ? (
                <label>
                  栏目
                  <select name="columnId" defaultValue={columnId ?? ''}>
                    <option value="">全部栏目</option>
                    {columns.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </div>
            <button type="submit" className={classes.advancedSubmit}>
              按条件检索
            </button>
          </details>
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
        <>
          <div className={classes.toolbar}>
            <h1 id="results-heading" ref={resultsHeading} tabIndex={-1}>
              {description}共找到 {result.total} 条结果
            </h1>
            <SortLinks options={SORTS} current={sort} defaultKey="relevance" href={(key) => href({ sort: key })} />
          </div>
          <p className="visually-hidden" role="status">
            共找到 {result.total} 条结果
          </p>
          <div className={classes.layout}>
            <aside className={classes.panel} aria-label="分组筛选">
              <FilterDrawer label="分组筛选" active={[journalId, singleYear, columnId].filter(Boolean).length}>
                <Facet
                  title="期刊"
                  items={result.facets.journals.map((f) => ({ key: f.id ?? 0, label: f.name ?? '', count: f.count }))}
                  current={journalId}
                  href={(v) => href({ journalId: v, columnId: undefined })}
                />
                <Facet
                  title="年份"
                  items={result.facets.years.map((f) => ({ key: f.year ?? 0, label: `${f.year}年`, count: f.count }))}
                  current={singleYear}
                  href={(v) => href({ yearFrom: v, yearTo: v })}
                />
                <Facet title="栏目" items={columnFacetItems(result.facets.columns)} current={columnId} href={(v) => href({ columnId: v })} />
              </FilterDrawer>
            </aside>
            <section className={classes.panel} aria-labelledby="results-heading">
              {result.records.length === 0 ? (
                <div className={classes.noResults}>
                  <p>未找到与{description}相关的文献。</p>
                  <p>建议：检查用字是否正确，减少检索词或检索条件，或改用“全部字段”检索。</p>
                </div>
              ) : (
                result.records.map((article) => (
                  <ArticleItem key={article.id} article={article} highlight={mark} headingLevel="h2" origin={loaderData.origin} />
                ))
              )}
              <Pager current={result.current} total={result.total} size={result.size} label="检索结果分页" />
            </section>
          </div>
        </>
      ) : !error ? (
        <p className="empty-state">请输入检索词开始检索。{copy.site.slogan}</p>
      ) : null}
    </main>
  );
}

function FieldOptions() {
  return SEARCH_FIELDS.map((f) => (
    <option key={f} value={f}>
      {SEARCH_FIELD_LABELS[f]}
    </option>
  ));
}

/**
 * After a new search or filter in the page (not the first load), focus moves to the results
 * heading, so a keyboard or screen-reader user lands on the new count instead of the link
 * they left.
 */
function useResultsFocus(search: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(search);
  useEffect(() => {
    if (shown.current === search) return;
    shown.current = search;
    heading.current?.focus({ preventScroll: false });
  }, [search]);
  return heading;
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
export const handle = reading(PUBLIC_SEARCH, ...SEARCH_PARAMS);
