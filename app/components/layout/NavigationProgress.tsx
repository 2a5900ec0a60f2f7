import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

/** The progress bar appears only for navigations slower than 200 ms (docs/product.md#constants). */
const SHOW_AFTER_MS = 200;

export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    // nprogress's own template says role="bar", which is no ARIA role (axe: aria-roles). The bar
    // is decoration: the page under it announces what changes.
    NProgress.configure({ showSpinner: false, trickleSpeed: 200, barSelector: '.bar', template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>' });
    if (!busy) {
      NProgress.done();
      return;
    }
    const timer = setTimeout(() => NProgress.start(), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return null;
}
