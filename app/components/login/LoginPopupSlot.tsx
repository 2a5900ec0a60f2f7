import { lazy, Suspense, type ComponentType } from 'react';
import type { LoginPanelData } from './types';
import { useHydrated } from '~/lib/use-hydrated';
// The wrapper's one class has a module of its own: the popup's class names load with the
// popup. (Its styles are in the site's one style sheet either way, so a browser without
// JavaScript has them.)
import classes from './LoginPopupSlot.module.css';

/**
 * The login popup without its weight on every page: its forms (conform, zod) load only
 * where it is open.
 *
 * - Without JavaScript, the server's HTML carries the popup inside <noscript>, which such
 *   browsers show as ordinary markup (its forms post like any form). The layout's loader
 *   awaits the module first, so the server always has it.
 * - With JavaScript, the browser ignores <noscript> and renders the popup itself once the
 *   page is hydrated, from a chunk of its own.
 *
 * (Not a Suspense boundary on the server: React streams a large boundary late in the page
 * as a hidden segment revealed by a script, which a browser without JavaScript never runs.)
 */
type Popup = ComponentType<{ data: LoginPanelData }>;

let loaded: Popup | null = null;

export function loadLoginPopupModule(): Promise<{ default: Popup }> {
  return import('./LoginPopup').then((module) => {
    loaded = module.LoginPopup;
    return { default: module.LoginPopup };
  });
}

const LazyLoginPopup = lazy(loadLoginPopupModule);

export function LoginPopupSlot({ data }: { data: LoginPanelData }) {
  const hydrated = useHydrated();
  const ServerPopup = import.meta.env.SSR ? loaded : null;
  return (
    <div className={classes.slot}>
      <noscript>{ServerPopup ? <ServerPopup data={data} /> : null}</noscript>
      {hydrated ? (
        <Suspense fallback={null}>
          <LazyLoginPopup data={data} />
        </Suspense>
      ) : null}
    </div>
  );
}
