import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

/** Spec §9: the progress bar appears only for navigations slower than 200 ms. */
const SHOW_AFTER_MS = 200;

export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    NProgress.configure({ showSpinner: false, trickleSpeed: 200 });
    if (!busy) {
      NProgress.done();
      return;
    }
    const timer = setTimeout(() => NProgress.start(), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return null;
}
