import { useNavigation } from 'react-router';
import { Link } from '~/lib/link';
import { personal as copy } from '~/copy/personal';
import classes from './personal.module.css';

/**
 * The list loader (docs/product.md#widgets) under a paged list: 'load more' while more exist, then 'no more'
 * ('no data' when empty); 'loading...' while the next page comes. Without JavaScript
 * 'load more' is a link to the same list with one page more (`?page=N`).
 */
export function ListLoader({ shown, total, nextHref }: { shown: number; total: number; nextHref: string }) {
  const navigation = useNavigation();
  if (navigation.state === 'loading' && navigation.location?.search.includes('page=')) {
    return (
      <p className={classes.loader} role="status">
        {copy.list.loading}
      </p>
    );
  }
  if (shown < total) {
    return (
      <p className={classes.loader}>
        <Link to={nextHref} preventScrollReset>
          {copy.list.loadMore}
        </Link>
      </p>
    );
  }
  return <p className={classes.loader}>{shown === 0 ? copy.list.noData : copy.list.noMore}</p>;
}

/** Page size of the personal lists. */
export const PAGE_SIZE = 10;

/** The `page` query (1-based, capped), read by the loaders: they load `page × PAGE_SIZE` rows. */
export function pagesParam(url: URL): number {
  const value = Number(url.searchParams.get('page'));
  return Number.isInteger(value) && value > 1 ? Math.min(value, 10) : 1;
}

/** The URL of the same list with one page more. */
export function nextPageHref(url: URL, pages: number): string {
  const params = new URLSearchParams(url.search);
  params.set('page', String(pages + 1));
  return `${url.pathname}?${params.toString()}`;
}
