import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The theme's CSS variables, generated once (app/theme.test.tsx) instead of inlined into every page.
import './styles/mantine-theme.generated.css';
import './styles/tokens.css';
import './styles/global.css';

import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { RouteErrorPage } from './components/errors/ErrorPage';
import { NavigationProgress } from './components/layout/NavigationProgress';
import { FlashToast } from './components/layout/FlashToast';
import { copy } from './copy';
import { HydrationScripts } from './lib/hydration-scripts';
import { useNonce } from './lib/nonce';
import { loadRootData } from './root.server';
import { theme } from './theme';

export const meta: Route.MetaFunction = () => [
  { title: copy.site.name },
  { name: 'description', content: copy.site.description },
];

/** RSS feeds, announced on every page for feed readers. */
export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', title: copy.feeds.articlesTitle, href: '/rss/articles.xml' },
  { rel: 'alternate', type: 'application/rss+xml', title: copy.feeds.newsTitle, href: '/rss/news.xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context);
}

// The toaster is only needed once the page is interactive: load it after hydration.
const Notifications = lazy(() => import('./components/layout/Toaster'));

function Toaster() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  ) : null;
}

/**
 * Marks <html data-hydrated> once React owns the page. Tests that type into forms wait
 * for it, so what they type is never racing the hydration of the inputs.
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  useHydratedMarker();
  return (
    <html lang="zh-CN" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c51d6" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <ColorSchemeScript nonce={nonce} forceColorScheme="light" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {copy.nav.skipToContent}
        </a>
        <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false} getStyleNonce={() => nonce}>
          <Toaster />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <HydrationScripts nonce={nonce} />
      </body>
    </html>
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
