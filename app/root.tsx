import './styles/tokens.css';
import './styles/global.css';

import { useEffect, type ReactNode } from 'react';
import { Links, Meta, Outlet, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { RouteErrorPage } from './components/errors/ErrorPage';
import { NavigationProgress } from './components/layout/NavigationProgress';
import { FlashToast } from './components/layout/FlashToast';
import { Toaster } from './components/layout/Toaster';
import { shell as copy } from './copy/shell';
import { EarlyModulesOnSlowLinks, HydrationScripts } from './lib/hydration-scripts';
import { HydrationSlice, whenPageHydrated } from './lib/hydration-slice';
import { useNonce } from './lib/nonce';
import { useScrollToFragment } from './lib/use-scroll-to-fragment';
import { loadRootData } from './root.server';
import { tokenValue } from './styles/token-values';

export const meta: Route.MetaFunction = () => [{ title: copy.site.name }, { name: 'description', content: copy.site.description }];

/** RSS feeds, announced on every page for feed readers. */
export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: copy.feeds.articlesTitle, href: '/rss/articles.xml' },
  { rel: 'alternate', type: 'application/rss+xml', title: copy.feeds.newsTitle, href: '/rss/news.xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context);
}

/**
 * Marks <html data-hydrated> once React owns the page. Tests that type into forms wait
 * for it, so what they type is never racing the hydration of the inputs.
 */
function useHydratedMarker() {
  useEffect(() => {
    whenPageHydrated(() => {
      document.documentElement.dataset.hydrated = '';
    });
  }, []);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  useHydratedMarker();
  useScrollToFragment();
  return (
    <HydrationSlice>
      <html lang="zh-CN">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content={tokenValue('--color-brand-bright')} />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <Meta />
          <Links />
          <EarlyModulesOnSlowLinks nonce={nonce} />
        </head>
        <body>
          <a href="#main" className="skip-link">
            {copy.nav.skipToContent}
          </a>
          <Toaster />
          {children}
          <ScrollRestoration nonce={nonce} />
          <HydrationScripts nonce={nonce} />
        </body>
      </html>
    </HydrationSlice>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <FlashToast flash={loaderData.flash} />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
