import classes from './LabelBadges.module.css';

/** Collection labels (docs/product.md#entities: BDHX 北大核心, RWSKHX AMI核心 …) as badges. */
export function LabelBadges({ labels }: { labels: { code: string; name: string }[] }) {
  if (labels.length === 0) return null;
  return (
    <ul className={classes.badges} aria-label="收录情况">
      {labels.map((label) => (
        <li key={label.code} className={classes.badge} data-code={label.code} title={label.code}>
          {label.name}
        </li>
      ))}
    </ul>
  );
}

/**
 * 网络首发: the article was published online ahead of its issue. The same mark wherever an
 * article is listed (its page, journal tables of contents, search, lists), with the day.
 */
export function OnlineFirstMark({ date }: { date?: string | null }) {
  const day = date?.slice(0, 10);
  return (
    <span className={classes.onlineFirst} data-testid="online-first" title={day ? `网络首发：${day}` : undefined}>
      网络首发
      {day ? <span className="visually-hidden">（{day}）</span> : null}
    </span>
  );
}
