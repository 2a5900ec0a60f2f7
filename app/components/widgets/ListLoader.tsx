import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { Link } from '~/lib/link';
import { copy } from '~/copy';
import classes from './ListLoader.module.css';

/** Loading, loadMore, noMore (empty list: 暂无数据, else 没有更多了) (docs/product.md#widgets). */
export type ListStatus = 'loading' | 'loadMore' | 'noMore';

interface ListLoaderProps {
  status: ListStatus;
  isEmpty: boolean;
  /** Link to the next page: used as is without JavaScript. */
  nextHref?: string;
  onLoadMore?: () => void;
}

export function ListLoader({ status, isEmpty, nextHref, onLoadMore }: ListLoaderProps) {
  if (status === 'loading') {
    return (
      <div className={classes.loader} role="status">
        <span className={classes.spinner} aria-hidden="true" />
        {copy.list.loading}
      </div>
    );
  }
  if (status === 'noMore') {
    return <div className={isEmpty ? classes.empty : classes.loader}>{isEmpty ? copy.list.empty : copy.list.noMore}</div>;
  }
  return (
    <div className={classes.loader}>
      {nextHref ? (
        <Link
          to={nextHref}
          className={classes.more}
          preventScrollReset
          onClick={(event) => {
            if (!onLoadMore) return;
            event.preventDefault();
            onLoadMore();
          }}
        >
          {copy.list.loadMore}
        </Link>
      ) : (
        <button type="button" className={classes.more} onClick={onLoadMore}>
          {copy.list.loadMore}
        </button>
      )}
    </div>
  );
}

export interface PagedList<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/**
 * "Load more" that appends the next page in place (with JavaScript). The server renders
 * page N alone; the next page comes from the same route's loader through a fetcher.
 */
export function useLoadMore<T, D>(page: PagedList<T>, pick: (data: D) => PagedList<T>, pageParam = 'page') {
  const location = useLocation();
  const fetcher = useFetcher();
  const [records, setRecords] = useState(page.records);
  const [current, setCurrent] = useState(page.current);
  const appended = useRef<unknown>(null);

  // A new server page (navigation, filter change) replaces the list.
  useEffect(() => {
    setRecords(page.records);
    setCurrent(page.current);
  }, [page]);

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || appended.current === fetcher.data) return;
    appended.current = fetcher.data;
    const next = pick(fetcher.data as D);
    setRecords((previous) => [...previous, ...next.records]);
    setCurrent(next.current);
  }, [fetcher.state, fetcher.data, pick]);

  const hasMore = current * page.size < page.total;
  const params = new URLSearchParams(location.search);
  params.set(pageParam, String(current + 1));
  const nextHref = `${location.pathname}?${params.toString()}`;

  const loadMore = useCallback(() => fetcher.load(nextHref), [fetcher, nextHref]);
  const status: ListStatus = fetcher.state === 'loading' ? 'loading' : hasMore ? 'loadMore' : 'noMore';
  return { records, status, nextHref: hasMore ? nextHref : undefined, loadMore };
}
