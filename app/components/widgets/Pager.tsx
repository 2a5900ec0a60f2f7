import { useLocation } from 'react-router';
import { Link } from '~/lib/link';
import classes from './Pager.module.css';

/** Page numbers to show: first, last, and two either side of the current page. */
export function pageWindow(current: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((page, index) => {
    if (index > 0 && page - sorted[index - 1] > 1) result.push('gap');
    result.push(page);
  });
  return result;
}

interface PagerProps {
  current: number;
  total: number;
  size: number;
  param?: string;
  label?: string;
  /** A fragment the page links go to (`notes`: the list being paged, not the top of the page). */
  hash?: string;
}

/** Numbered paging with plain links: works without JavaScript, every page has its URL. */
export function Pager({ current, total, size, param = 'page', label = '分页', hash }: PagerProps) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  const href = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page === 1) params.delete(param);
    else params.set(param, String(page));
    const query = params.toString();
    return `${query ? `${location.pathname}?${query}` : location.pathname}${hash ? `#${hash}` : ''}`;
  };
  return (
    <nav aria-label={label}>
      <ul className={classes.pager}>
        <li>
          {current > 1 ? (
            <Link to={href(current - 1)} rel="prev">
              上一页
            </Link>
          ) : (
            <span className={classes.disabled}>上一页</span>
          )}
        </li>
        {pageWindow(current, pages).map((page, index) =>
          page === 'gap' ? (
            <li key={`gap-${index}`}>
              <span className={classes.gap}>…</span>
            </li>
          ) : (
            <li key={page}>
              <Link to={href(page)} aria-current={page === current ? 'page' : undefined} aria-label={`第 ${page} 页`}>
                {page}
              </Link>
            </li>
          ),
        )}
        <li>
          {current < pages ? (
            <Link to={href(current + 1)} rel="next">
              下一页
            </Link>
          ) : (
            <span className={classes.disabled}>下一页</span>
          )}
        </li>
      </ul>
      <p className={classes.summary}>
        共 {total} 条，第 {current}/{pages} 页
      </p>
    </nav>
  );
}
