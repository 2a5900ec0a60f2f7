import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import classes from './FilterDrawer.module.css';

const DESKTOP = '(min-width: 768px)';

/**
 * A list's filters (docs/product.md#phones). On phones they fold behind a "筛选" button
 * above the list, and fold again once a filter is chosen; on desktops they stand open beside it with no toggle. The page arrives
 * folded (so nothing moves when it comes alive) and desktops show the folded content by
 * CSS (`::details-content`); a desktop browser without that opens it once the page is live.
 */
export function FilterDrawer({ label, active, children }: { label: string; active: number; children: ReactNode }) {
  const drawer = useRef<HTMLDetailsElement>(null);
  const { search } = useLocation();
  useEffect(() => {
    const shownByCss = typeof CSS !== 'undefined' && CSS.supports('selector(::details-content)');
    if (drawer.current && !shownByCss && window.matchMedia(DESKTOP).matches) drawer.current.open = true;
  }, []);
  // A choice made, the drawer folds on phones, so the list it changed fills the screen.
  useEffect(() => {
    if (drawer.current && !window.matchMedia(DESKTOP).matches) drawer.current.open = false;
  }, [search]);
  return (
    <details className={classes.drawer} ref={drawer}>
      <summary className={classes.toggle}>
        {label}
        {active > 0 ? <span className={classes.count}>（已选 {active} 项）</span> : null}
      </summary>
      <div className={classes.content}>{children}</div>
    </details>
  );
}
