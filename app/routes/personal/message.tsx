import { Form } from 'react-router';
import { Link } from '~/lib/link';
import { markRead, messageList } from '~/backend/endpoints/personal.server';
import { ListLoader, nextPageHref, PAGE_SIZE, pagesParam } from '~/components/personal/ListLoader';
import { personal as copy } from '~/copy/personal';
import { pageMeta } from '~/lib/meta';
import { requireAuthor } from '~/session/guard.server';
import { backendFor } from '~/session/session.server';
import type { Route } from './+types/message';
import classes from '~/components/personal/personal.module.css';
import { backTo, redirectWithToast, refusal } from '~/lib/action-result.server';
import { readForm } from '~/lib/form-data.server';

export const meta: Route.MetaFunction = () => pageMeta({ title: copy.message.title, noindex: true });

const FILTERS = [
  { key: 'all', label: copy.message.all },
  { key: 'unread', label: copy.message.unread },
  { key: 'read', label: copy.message.read },
] as const;

/** /personal/message: the messages, newest first, with read/unread filters and mark-as-read. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  const url = new URL(request.url);
  const filter = FILTERS.find((f) => f.key === url.searchParams.get('filter'))?.key ?? 'all';
  const pages = pagesParam(url);
  const list = await backendFor(request, context).call(messageList, {
    current: 1,
    size: pages * PAGE_SIZE,
    ...(filter === 'all' ? {} : { isRead: filter === 'read' }),
  });
  return { filter, messages: list.records, total: list.total, nextHref: nextPageHref(url, pages) };
}

/** markRead: one message (`id`) or all; the root loader then counts the unread ones again (header badge). */
export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const formData = await readForm(request);
  const id = formData.get('id');
  const back = backTo(request, '/personal/message');
  try {
    if (formData.get('intent') === 'markAll') {
      await backendFor(request, context).call(markRead, { all: true });
      return redirectWithToast(context, back, '已全部标记为已读');
    }
    if (typeof id === 'string' && /^\d{1,12}$/.test(id)) {
      await backendFor(request, context).call(markRead, { id });
      return redirectWithToast(context, back, '已标记为已读');
    }
  } catch (error) {
    return redirectWithToast(context, back, refusal(error), 'error');
  }
  return redirectWithToast(context, back, copy.errors.failed, 'error');
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { filter, messages, total, nextHref } = loaderData;
  const query = filter === 'all' ? '' : `?filter=${filter}`;
  return (
    <main id="main" tabIndex={-1} className={classes.panel}>
      <div className={classes.row} style={{ justifyContent: 'space-between' }}>
        <h1>{copy.message.title}</h1>
        <Form method="post" action={`/personal/message${query}`}>
          <button type="submit" name="intent" value="markAll" className={classes.linkButton}>
            {copy.message.markAllRead}
          </button>
        </Form>
      </div>
      <ul className={classes.tabs}>
        {FILTERS.map((f) => (
          <li key={f.key}>
            <Link to={f.key === 'all' ? '/personal/message' : `/personal/message?filter=${f.key}`} aria-current={filter === f.key ? 'page' : undefined}>
              {f.label}
            </Link>
          </li>
        ))}
      </ul>
      <ul className={classes.list} aria-label={copy.message.title}>
        {messages.map((m) => (
          <li key={m.id} data-message={m.id}>
            <div>
              <p className={m.isRead ? undefined : classes.unread} style={{ margin: 0 }}>
                {m.isRead ? null : (
                  <>
                    <span className={classes.dot} aria-hidden="true" />
                    <span className="visually-hidden">{copy.message.unreadLabel}：</span>
                  </>
                )}
                [{m.typeName}] {m.title}
              </p>
              <p style={{ margin: '6px 0' }}>{m.content}</p>
              <span className={classes.meta}>{[m.manuscriptNo, m.createTime].filter(Boolean).join(' · ')}</span>
            </div>
            <div className={classes.row}>
              {m.hasAttachment ? (
                <a href={`/personal/message/retraction?id=${m.id}`} download>
                  {copy.message.download}
                </a>
              ) : null}
              {m.isRead ? null : (
                <Form method="post" action={`/personal/message${query}`}>
                  <input type="hidden" name="id" value={m.id} />
                  <button type="submit" className={classes.linkButton} aria-label={`${copy.message.markRead}：${m.title}`}>
                    {copy.message.markRead}
                  </button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ListLoader shown={messages.length} total={total} nextHref={nextHref} />
    </main>
  );
}
