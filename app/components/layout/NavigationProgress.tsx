import { useNavigation } from 'react-router';
import classes from './NavigationProgress.module.css';

/**
 * A progress bar for navigations slower than 200 ms (docs/product.md#constants): its
 * style sheet waits the 200 ms before drawing it. Decoration only: the page under it
 * announces what changes.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return busy ? <div className={classes.bar} aria-hidden="true" /> : null;
}
