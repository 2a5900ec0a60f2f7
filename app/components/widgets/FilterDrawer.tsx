import { useEffect, useRef, type ReactNode } from 'react';
import classes from './FilterDrawer.module.css';

const PHONE = '(max-width: 767px)';

/**
 * A list's filters (docs/product.md#phones). On desktops they stand open beside the list and
 * the toggle is not shown; on phones they fold behind a "筛选" button above the list. The
 * page arrives with them open, so a phone without JavaScript still reaches every filter;
 * with JavaScript they fold once the page is live.
 */
export function FilterDrawer({ label, active, children }: { label: string; active: number; children: ReactNode }) {
  const drawer = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (drawer.current && window.matchMedia(PHONE).matches) drawer.current.open = false;
  }, []);
  return (
    <details className={classes.drawer} ref={drawer} open>
      <summary className={classes.toggle}>
        {label}
        {active > 0 ? <span className={classes.count}>（已选 {active} 项）</span> : null}
      </summary>
      <div className={classes.content}>{children}</div>
    </details>
  );
}
