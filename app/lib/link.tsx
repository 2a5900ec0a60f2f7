import { forwardRef } from 'react';
import { Link as RouterLink, createPath, parsePath, type LinkProps } from 'react-router';

/** What React Router would normalise in an absolute path: `//`, a backslash, a `.` or `..` segment. */
const NOT_PLAIN = /\/\/|\\|\/\.\.?(?:\/|$)/;

/**
 * The href React Router writes for `to` when it is an absolute in-site path it leaves
 * as it is; otherwise null (the real <Link> resolves it).
 */
function plainHref(to: LinkProps['to']): string | null {
  if (typeof to !== 'string' || to[0] !== '/') return null;
  // Most links are a bare path: nothing to split off and put back.
  if (!to.includes('?') && !to.includes('#')) return NOT_PLAIN.test(to) ? null : to;
  const path = parsePath(to);
  return NOT_PLAIN.test(path.pathname ?? '') ? null : createPath(path);
}

/**
 * React Router's <Link>, written straight out on the server for plain absolute paths.
 * Its <Link> resolves every `to` against the matched routes, which was the largest cost
 * of rendering a list page; for `/article/12` the answer is `/article/12`. The markup is
 * the same as React Router's (checked by link.test.tsx), so the browser hydrates it with
 * the real <Link> and client-side navigation is unchanged.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const href =
    typeof document === 'undefined' && (props.prefetch ?? 'none') !== 'render' && props.prefetch !== 'viewport' && props.mask === undefined
      ? plainHref(props.to)
      : null;
  if (href === null) return <RouterLink {...props} ref={ref} />;
  const {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- written as href
    to,
    target,
    discover = 'render',
    /* eslint-disable @typescript-eslint/no-unused-vars -- navigation props, meaningless in server markup */
    onClick,
    prefetch,
    relative,
    reloadDocument,
    replace,
    state,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    /* eslint-enable @typescript-eslint/no-unused-vars */
    ...anchor
  } = props;
  // In React Router's attribute order, so the markup is byte for byte the same.
  return <a {...anchor} href={href} ref={ref} target={target} data-discover={discover === 'render' ? 'true' : undefined} />;
});
