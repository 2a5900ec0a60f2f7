import { Form } from 'react-router';
import { Link } from '~/lib/link';
import { cancelCollection, collectionList, downloadPdfList, readRecordList, type HistoryRecord } from '~/backend/endpoints/personal.server';
import { ListLoader, nextPageHref, PAGE_SIZE, pagesParam } from '~/components/personal/ListLoader';
import { personal as copy } from '~/copy/personal';
import { article as articleCopy } from '~/copy/article';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/history';
import classes from '~/components/personal/personal.module.css';
import { backTo, redirectWithToast, refusal } from '~/lib/action-result.server';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.history.title, noindex: true });

const TABS = ['collections', 'reads', 'downloads'] as const;
type Tab = (typeof TABS)[number];
const ENDPOINTS = { collections: collectionList, reads: readRecordList, downloads: downloadPdfList };

/** /personal/histroy (the URL keeps the product's spelling, docs/product.md#screens): favourites, read history and download history, paged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const url = new URL(request.url);
  const tab: Tab = TABS.find((t) => t === url.searchParams.get('tab')) ?? 'collections';
  const pages = pagesParam(url);
  const list = await backendFor(request, context).call(ENDPOINTS[tab], { current: 1, size: pages * PAGE_SIZE });
  return { tab, records: list.records, total: list.total, nextHref: nextPageHref(url, pages) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const paperId = (await readForm(request)).get('paperId');
  const back = backTo(request, '/personal/histroy');
  if (typeof paperId !== 'string' || !/^\d{1,12}$/.test(paperId)) return redirectWithToast(context, back, copy.errors.failed, 'error');
  try {
    await backendFor(request, context).call(cancelCollection, { paperId });
    return redirectWithToast(context, back, articleCopy.reactions.favouriteCancelled);
  } catch (error) {
    return redirectWithToast(context, back, refusal(error), 'error');
  }
}

function when(tab: Tab, record: HistoryRecord): string {
  if (tab === 'collections') return `${copy.history.collectTime}：${record.collectTime ?? ''}`;
  const time = tab === 'reads' ? `${copy.history.readTime}：${record.readTime ?? ''}` : `${copy.history.downloadTime}：${record.downloadTime ?? ''}`;
  return record.count ? `${time} · ${copy.history.count(record.count)}` : time;
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { tab, records, total, nextHref } = loaderData;
  return (
    <main id="main" tabIndex={-1} className={classes.panel}>
      <h1>{copy.history.title}</h1>
      <ul className={classes.tabs}>
        {TABS.map((t) => (
          <li key={t}>
            <Link to={t === 'collections' ? '/personal/histroy' : `/personal/histroy?tab=${t}`} aria-current={tab === t ? 'page' : undefined}>
              {copy.history.tabs[t]}
            </Link>
          </li>
        ))}
      </ul>
      <h2 className="visually-hidden">{copy.history.tabs[tab]}</h2>
      <ul className={classes.list} aria-label={copy.history.tabs[tab]}>
        {records.map((r) => (
          <li key={r.paperId}>
            <div>
              <Link to={`/journal/detail?id=${r.paperId}`}>{r.paper?.title ?? r.paperId}</Link>
              <br />
              <span className={classes.meta}>
                {[r.paper?.authors.map((a) => a.name).join('，'), r.paper?.journalName, when(tab, r)].filter(Boolean).join(' · ')}
              </span>
            </div>
            {tab === 'collections' ? (
              <Form method="post" action="/personal/histroy">
                <input type="hidden" name="paperId" value={r.paperId} />
                <button type="submit" className={classes.linkButton} aria-label={`${copy.history.cancel}：${r.paper?.title ?? r.paperId}`}>
                  {copy.history.cancel}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      <ListLoader shown={records.length} total={total} nextHref={nextHref} />
    </main>
  );
}
