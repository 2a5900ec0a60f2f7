import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** false while the server renders and the browser hydrates; true once JavaScript runs the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
