import { useNavigation } from 'react-router';
import { ListLoader as ListStatusLine } from '~/components/widgets/ListLoader';

/**
 * The personal lists' loader (docs/product.md#widgets): the site's one list loader, fed by
 * navigation. Each 'load more' is a link to the same list with one page more (`?page=N`),
 * which the loader reads as "the first N pages", with or without JavaScript.
 */
export function ListLoader({ shown, total, nextHref }: { shown: number; total: number; nextHref: string }) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && Boolean(navigation.location?.search.includes('page='));
  return <ListStatusLine status={loading ? 'loading' : shown < total ? 'loadMore' : 'noMore'} isEmpty={shown === 0} nextHref={nextHref} />;
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
