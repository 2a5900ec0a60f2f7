import { Link } from '~/lib/link';
import classes from './SortLinks.module.css';

/**
 * The sort orders of an article list as links (plain GETs, so they work without
 * JavaScript); the default order leaves `sort` out of the URL.
 */
export function SortLinks<Key extends string>({
  options,
  current,
  defaultKey,
  href,
}: {
  options: readonly { key: Key; label: string }[];
  current: Key;
  defaultKey: Key;
  href: (sort: Key | undefined) => string;
}) {
  return (
    <div className={classes.sorts} role="group" aria-label="排序">
      {options.map((option) => (
        <Link key={option.key} to={href(option.key === defaultKey ? undefined : option.key)} aria-current={current === option.key}>
          {option.label}
        </Link>
      ))}
    </div>
  );
}
