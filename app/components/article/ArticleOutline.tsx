import { useEffect, useState } from 'react';
import { article as t } from '~/copy/article';
import classes from './article.module.css';

export interface OutlineItem {
  id: string;
  label: string;
  children?: OutlineItem[];
}

/**
 * The article's table of contents as plain anchor links (server-rendered, works without
 * JavaScript): a sticky column on wide screens, a collapsed menu on phones. With
 * JavaScript, the section being read is highlighted.
 */
export function ArticleOutline({ items }: { items: OutlineItem[] }) {
  const current = useCurrentSection(items);
  const list = (
    <ol className={classes.outlineList}>
      {items.map((item) => (
        <li key={item.id}>
          <OutlineLink item={item} current={current} />
          {item.children?.length ? (
            <ol className={classes.outlineChildren}>
              {item.children.map((child) => (
                <li key={child.id}>
                  <OutlineLink item={child} current={current} />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
  return (
    <>
      <nav className={classes.outline} aria-label={t.outlineLabel}>
        <p className={classes.outlineTitle} aria-hidden="true">
          {t.outline}
        </p>
        {list}
      </nav>
      <details className={classes.outlineMenu}>
        <summary>{t.outline}</summary>
        <nav aria-label={t.outlineLabel}>{list}</nav>
      </details>
    </>
  );
}

function OutlineLink({ item, current }: { item: OutlineItem; current: string | null }) {
  const active = current === item.id || Boolean(item.children?.some((child) => child.id === current));
  return (
    <a href={`#${item.id}`} aria-current={current === item.id ? 'location' : undefined} data-active={active || undefined}>
      {item.label}
    </a>
  );
}

/** The id of the first outline target under the header, watched by one IntersectionObserver. */
function useCurrentSection(items: OutlineItem[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const ids = items.flatMap((item) => (item.children?.length ? item.children.map((c) => c.id) : [item.id])).join(' ');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const targets = ids
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    const inView = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inView.add(entry.target.id);
          else inView.delete(entry.target.id);
        }
        const first = targets.find((el) => inView.has(el.id));
        if (first) setCurrent(first.id);
      },
      // The band under the sticky header, down to 60% of the window.
      { rootMargin: '-80px 0px -40% 0px' },
    );
    targets.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [ids]);
  return current;
}
