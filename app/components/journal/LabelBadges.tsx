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
