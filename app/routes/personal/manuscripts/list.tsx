import { Form } from 'react-router';
import { Link } from '~/lib/link';
import { paperList } from '~/backend/endpoints/manuscripts.server';
import { countOf, stagesOf } from '~/components/manuscripts/status';
import { Pager } from '~/components/widgets/Pager';
import { STATUS_TABS, manuscripts as copy } from '~/copy/manuscripts';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/list';
import classes from '~/components/manuscripts/manuscripts.module.css';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.list.title, noindex: true });

const PAGE_SIZE = 10;

/**
 * /personal/manuscripts?status=&keyword=&page=: the author's manuscripts, latest change
 * first, filtered by a stage group (the tabs, with their counts) or a single stage, and by
 * a title or 稿件编号 search; numbered pages that work without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const url = new URL(request.url);
  const statusParam = url.searchParams.get('status');
  const stages = stagesOf(statusParam);
  const status = stages ? statusParam : null;
  const keyword = (url.searchParams.get('keyword') ?? '').trim().slice(0, 50);
  const pageParam = Number(url.searchParams.get('page') ?? '1');
  const current = Number.isInteger(pageParam) && pageParam > 0 && pageParam < 10_000 ? pageParam : 1;
  const list = await backendFor(request, context).call(paperList, {
    status: stages ? stages.join(',') : undefined,
    keyword: keyword || undefined,
    current,
    size: PAGE_SIZE,
  });
  const counts = Object.fromEntries(STATUS_TABS.map((tab) => [tab.key, countOf(tab.key, list.statusCounts)]));
  return { status, keyword, current, total: list.total, records: list.records, counts };
}

function tabHref(key: string, keyword: string): string {
  const params = new URLSearchParams();
  if (key !== 'all') params.set('status', key);
  if (keyword) params.set('keyword', keyword);
  const query = params.toString();
  return `/personal/manuscripts${query ? `?${query}` : ''}`;
}

export default function ManuscriptList({ loaderData }: Route.ComponentProps) {
  const { status, keyword, current, total, records, counts } = loaderData;
  const activeTab = status && STATUS_TABS.some((t) => t.key === status) ? status : status ? null : 'all';
  return (
    <main id="main" tabIndex={-1} className={classes.panel}>
      <div className={classes.header}>
        <h1>{copy.list.title}</h1>
        <div className={classes.actions}>
          <Link to="/personal/manuscripts/achievements" className={classes.secondary}>
            {copy.achievements.nav}
          </Link>
          <Link to="/upload" className={classes.button}>
            {copy.list.newSubmission}
          </Link>
        </div>
      </div>
      <nav aria-label={copy.list.tabsLabel}>
        <ul className={classes.tabs}>
          {STATUS_TABS.map((tab) => (
            <li key={tab.key}>
              <Link to={tabHref(tab.key, keyword)} aria-current={activeTab === tab.key ? 'page' : undefined}>
                {tab.label} <span className={classes.count}>{counts[tab.key] ?? 0}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action="/personal/manuscripts" className={classes.search} role="search">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <label htmlFor="manuscript-keyword">{copy.list.keyword}</label>
        <input id="manuscript-keyword" type="search" name="keyword" defaultValue={keyword} maxLength={50} placeholder={copy.list.keywordPlaceholder} />
        <button type="submit" className={classes.secondary}>
          {copy.list.search}
        </button>
        {keyword ? <Link to={tabHref(status ?? 'all', '')}>{copy.list.clear}</Link> : null}
      </Form>
      <p className={classes.meta} role="status">
        {keyword ? `${copy.list.searching(keyword)}，` : ''}
        {copy.list.total(total)}
      </p>
      {records.length === 0 ? (
        <p>{status || keyword ? copy.list.emptyFiltered : copy.list.empty}</p>
      ) : (
        <ul className={classes.items} aria-label={copy.list.title}>
          {records.map((m) => {
            const href = m.status === 'draft' ? `/upload/info?paperId=${m.id}` : `/personal/manuscripts/${m.id}`;
            return (
              <li key={m.id} className={classes.item} data-manuscript={m.id}>
                <div>
                  <h2>
                    <Link to={href}>{m.title || copy.list.untitled}</Link>
                  </h2>
                  <p className={classes.meta}>
                    {[m.manuscriptNo ?? copy.list.noNumber, m.journalName, m.columnName, m.authorsText].filter(Boolean).join(' · ')}
                  </p>
                  <p className={classes.meta}>
                    {m.submitTime ? `${copy.list.submitTime}：${m.submitTime} · ` : ''}
                    {copy.list.updateTime}：{m.updateTime}
                  </p>
                </div>
                <div className={classes.side}>
                  <span className={classes.status} data-status={m.status}>
                    {m.statusName}
                  </span>
                  {m.unreadMessages > 0 ? <span className={classes.unread}>{copy.list.unread(m.unreadMessages)}</span> : null}
                  {m.status === 'draft' ? (
                    <Link to={href} aria-label={`${copy.list.draftContinue}：${m.title || copy.list.untitled}`}>
                      {copy.list.draftContinue}
                    </Link>
                  ) : null}
                  {m.actions.canRevise ? (
                    <Link to={`/updatePaperInfo?id=${m.id}`} aria-label={`${copy.list.revise}：${m.title}`}>
                      {copy.list.revise}
                    </Link>
                  ) : null}
                  {m.actions.canCheckProof ? (
                    <Link to={`/personal/manuscripts/${m.id}#proof`} aria-label={`${copy.list.proof}：${m.title}`}>
                      {copy.list.proof}
                    </Link>
                  ) : null}
                  {m.actions.canPay ? (
                    <Link to={`/personal/manuscripts/${m.id}/payment`} aria-label={`${copy.list.pay}：${m.title}`}>
                      {copy.list.pay}
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pager current={current} total={total} size={PAGE_SIZE} label={copy.list.pager} />
    </main>
  );
}
