import { data } from 'react-router';
import { Link } from '~/lib/link';
import { journalDetails } from '~/backend/endpoints/journals.server';
import { literatureBase } from '~/backend/endpoints/papers.server';
import { tocArticle, type TocArticle } from '~/components/journal/listed-article';
import { TocEntry } from '~/components/journal/TocEntry';
import { Pager } from '~/components/widgets/Pager';
import { optional } from '~/backend/optional.server';
import { LabelBadges } from '~/components/journal/LabelBadges';
import { copy } from '~/copy';
import { chineseDate, intParam, issueLabel } from '~/lib/format';
import { pageMeta } from '~/lib/meta';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/journal';
import classes from './journal.module.css';
import { Breadcrumbs } from '~/components/reading/Breadcrumbs';
import { Fact } from '~/components/reading/Fact';
import { PUBLIC, reading } from '~/lib/route-policy';
import { notFoundOnRefusal } from '~/components/reading/route';
import { JsonLd } from '~/lib/json-ld';
import { periodicalJsonLd, publicationIssueJsonLd } from '~/lib/structured-data/periodical';

/** A whole issue's table of contents fits in one call. */
const TOC_SIZE = 100;
const ONLINE_FIRST = 'online-first';
const ONLINE_FIRST_SIZE = 20;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = intParam(params.id ?? null);
  if (!id) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const backend = backendFor(request, context);
  const journal = await backend.call(journalDetails, { id }).catch(notFoundOnRefusal);
  const allIssues = journal.issuesByYear.flatMap((group) => group.issues);
  const requested = intParam(url.searchParams.get('issueId'));
  const issue = allIssues.find((i) => i.id === requested) ?? allIssues[0] ?? null;
  if (requested && issue?.id !== requested) throw data(null, { status: 404 });
  // The online-first list (网络首发) in place of an issue's contents; its size labels the tab either way.
  const listing = url.searchParams.get('list') === ONLINE_FIRST ? ONLINE_FIRST : null;
  const page = intParam(url.searchParams.get('page'), 10_000) ?? 1;
  const [toc, onlineFirst] = await Promise.all([
    issue && !listing ? backend.call(literatureBase, { journalId: journal.id, issueId: issue.id, size: TOC_SIZE, current: 1 }) : null,
    optional(
      backend.call(literatureBase, { journalId: journal.id, onlineFirst: true, size: listing ? ONLINE_FIRST_SIZE : 1, current: listing ? page : 1 }),
      null,
    ),
  ]);
  return {
    journal,
    issue,
    toc: toc?.records.map(tocArticle) ?? [],
    onlineFirst: onlineFirst ? { records: listing ? onlineFirst.records.map(tocArticle) : [], total: onlineFirst.total, current: page } : null,
    listing,
    origin: context.runtime.publicOrigin,
    canonicalPath: canonicalPath(journal.id, issue?.id === allIssues[0]?.id ? null : issue, listing ? page : null),
  };
}

/**
 * One address per page: the latest issue is the journal's own page (`/journal/N`, also when
 * asked for by its issueId), older issues keep their issueId, and the online-first list its page.
 */
function canonicalPath(journalId: number, olderIssue: { id: number } | null, onlineFirstPage: number | null): string {
  if (onlineFirstPage) return `/journal/${journalId}?list=${ONLINE_FIRST}${onlineFirstPage > 1 ? `&page=${onlineFirstPage}` : ''}`;
  return olderIssue ? `/journal/${journalId}?issueId=${olderIssue.id}` : `/journal/${journalId}`;
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? pageMeta({
        title: `${loaderData.journal.name}${loaderData.issue ? ` ${issueLabel(loaderData.issue.year, loaderData.issue.issueNo)}` : ''}`,
        description: `《${loaderData.journal.name}》（ISSN ${loaderData.journal.issn ?? ''}，CN ${loaderData.journal.cn ?? ''}）期刊介绍、各期目次与文献。`,
        origin: loaderData.origin,
        path: loaderData.canonicalPath,
        image: loaderData.journal.cover,
        imageAlt: `《${loaderData.journal.name}》封面`,
      })
    : [];

/** Table of contents in page order, grouped by column as printed. */
function groupByColumn(articles: TocArticle[]) {
  const sorted = [...articles].sort((a, b) => (a.firstPage ?? 0) - (b.firstPage ?? 0));
  const groups: { name: string; articles: TocArticle[] }[] = [];
  for (const article of sorted) {
    const name = article.columnName ?? '其他';
    let group = groups.find((g) => g.name === name);
    if (!group) groups.push((group = { name, articles: [] }));
    group.articles.push(article);
  }
  return groups;
}

export default function JournalPage({ loaderData }: Route.ComponentProps) {
  const { journal, issue, toc, onlineFirst, listing } = loaderData;
  const issueHref = issue ? `/journal/${journal.id}?issueId=${issue.id}` : `/journal/${journal.id}`;
  const paragraphs = (journal.introduction ?? '').split(/\n+/).filter(Boolean);
  return (
    <main id="main" tabIndex={-1} className={`page-container ${classes.page}`}>
      <JsonLd data={periodicalJsonLd(journal, loaderData.origin)} />
      {issue && !listing ? (
        <JsonLd data={publicationIssueJsonLd(journal, issue, `${loaderData.origin}${loaderData.canonicalPath}`, toc, loaderData.origin)} />
      ) : null}
      <Breadcrumbs items={[{ label: copy.nav.literature, to: '/journal' }, { label: journal.name }]} />
      <section className={classes.profile} aria-labelledby="journal-name">
        <div className={classes.cover} aria-hidden="true">
          <div>
            <div className={classes.coverName}>{journal.name}</div>
            <div className={classes.coverEn} lang="en">
              {journal.nameEn}
            </div>
          </div>
          {journal.latestIssue ? <div className={classes.coverIssue}>{issueLabel(journal.latestIssue.year, journal.latestIssue.issueNo)}</div> : null}
        </div>
        <div>
          <h1 id="journal-name" className={classes.name}>
            《{journal.name}》
          </h1>
          {journal.nameEn ? (
            <p className={classes.nameEn} lang="en">
              {journal.nameEn}
            </p>
          ) : null}
          <LabelBadges labels={journal.labels} />
          <dl className={classes.facts}>
            <Fact label="主办单位">{journal.sponsor}</Fact>
            <Fact label="出版单位">{journal.publisher}</Fact>
            <Fact label="主编">{journal.editorInChief}</Fact>
            <Fact label="出版周期">{journal.frequency}</Fact>
            <Fact label="ISSN">{journal.issn}</Fact>
            <Fact label="CN">{journal.cn}</Fact>
            <Fact label="创刊时间">{journal.foundedYear ? `${journal.foundedYear}年` : null}</Fact>
            <Fact label="编辑部邮箱">{journal.contact?.email}</Fact>
          </dl>
        </div>
        <div className={classes.side}>
          {journal.stats ? (
            <>
              <div className={classes.stat}>
                <span className={classes.statValue}>{journal.stats.articleCount}</span>
                <span className={classes.statLabel}>发文量</span>
              </div>
              <div className={classes.stat}>
                <span className={classes.statValue}>{journal.stats.totalDownloads}</span>
                <span className={classes.statLabel}>总下载量</span>
              </div>
            </>
          ) : null}
          {journal.acceptsContribution ? (
            <Link className={classes.submit} to={`/upload?redirectGch=${encodeURIComponent(journal.gch)}`}>
              在线投稿
            </Link>
          ) : (
            <p className={classes.closed}>本刊暂不接受在线投稿</p>
          )}
        </div>
      </section>

      <div className={classes.body}>
        <aside className={classes.panel} aria-labelledby="issues-heading">
          <h2 id="issues-heading" className={classes.panelTitle}>
            过刊浏览
          </h2>
          {journal.issuesByYear.map((group) => (
            <div key={group.year}>
              <h3 className={classes.year}>{group.year}年</h3>
              <ul className={classes.issues}>
                {group.issues.map((i) => (
                  <li key={i.id}>
                    <Link to={`/journal/${journal.id}?issueId=${i.id}`} aria-current={!listing && issue?.id === i.id} preventScrollReset>
                      第{i.issueNo}期
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </aside>
        <div>
          {onlineFirst?.total ? (
            <nav className={classes.tabs} aria-label="目次与网络首发">
              <Link to={issueHref} aria-current={listing ? undefined : 'page'} preventScrollReset>
                {issue ? `${issueLabel(issue.year, issue.issueNo)} 目次` : '目次'}
              </Link>
              <Link to={`/journal/${journal.id}?list=online-first`} aria-current={listing ? 'page' : undefined} preventScrollReset>
                网络首发（{onlineFirst.total}）
              </Link>
            </nav>
          ) : null}
          {listing && onlineFirst ? (
            <section className={classes.panel} aria-labelledby="toc-heading">
              <h2 id="toc-heading" className={classes.panelTitle}>
                网络首发
              </h2>
              <p className={classes.tocAuthors}>录用后先行在网络上发表的文章，按网络首发日期排列，最新的在前。</p>
              {onlineFirst.records.length === 0 ? <p>{copy.list.empty}</p> : null}
              <ol className={classes.toc}>
                {onlineFirst.records.map((article) => (
                  <TocEntry
                    key={article.id}
                    article={article}
                    origin={loaderData.origin}
                    issn={journal.issn}
                    where={`${article.onlineFirstDate ? `${chineseDate(article.onlineFirstDate)}首发 · ` : ''}${issueLabel(article.year, article.issueNo)}`}
                  />
                ))}
              </ol>
              <Pager current={onlineFirst.current} total={onlineFirst.total} size={20} label="网络首发分页" />
            </section>
          ) : (
            <section className={classes.panel} aria-labelledby="toc-heading">
              <h2 id="toc-heading" className={classes.panelTitle}>
                {issue ? `${issueLabel(issue.year, issue.issueNo)}${issue.volume ? `（第${issue.volume}卷，总第${issue.totalNo ?? ''}期）` : ''} 目次` : '目次'}
              </h2>
              {issue?.publishDate ? <p className={classes.tocAuthors}>出版日期：{chineseDate(issue.publishDate)}</p> : null}
              {toc.length === 0 ? <p>{copy.list.empty}</p> : null}
              {groupByColumn(toc).map((group) => (
                <section key={group.name} aria-label={group.name}>
                  <h3 className={classes.column}>{group.name}</h3>
                  <ol className={classes.toc}>
                    {group.articles.map((article) => (
                      <TocEntry key={article.id} article={article} origin={loaderData.origin} issn={journal.issn} />
                    ))}
                  </ol>
                </section>
              ))}
            </section>
          )}
          {paragraphs.length ? (
            <section className={classes.panel} style={{ marginTop: 24 }} aria-labelledby="intro-heading">
              <h2 id="intro-heading" className={classes.panelTitle}>
                期刊简介
              </h2>
              <div className={classes.intro}>
                {paragraphs.map((p, index) => (
                  <p key={index}>{p}</p>
                ))}
              </div>
            </section>
          ) : null}
        </div>
      </div>
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = reading(PUBLIC, 'issueId', 'list', 'page');
