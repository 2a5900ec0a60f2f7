import { useEffect, useState } from 'react';

/** Whether any page has hydrated in this browser: later mounts render their hydrated form at once. */
let pageHydrated = false;

/**
 * false while the server renders and the browser hydrates; true once JavaScript runs the page.
 * The first render in the browser matches the server's and the effect switches it, so that
 * attributes which depend on it (a `disabled`) are set by an ordinary update. Hydration
 * adopts the server's attributes without comparing them, and Preact's
 * `useSyncExternalStore` (the browser's build, decision 0045) has no server snapshot.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
