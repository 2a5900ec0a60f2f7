import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';

import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { RouteErrorPage } from './components/errors/ErrorPage';
import { NavigationProgress } from './components/layout/NavigationProgress';
import { copy } from './copy';
import { useNonce } from './lib/nonce';
import { loadRootData } from './root.server';
import { theme } from './theme';

export const meta: Route.MetaFunction = () => [
  { title: copy.site.name },
  { name: 'description', content: copy.site.description },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadRootData(request, context);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
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
        <MantineProvider theme={theme} forceColorScheme="light">
          <Notifications position="top-center" />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
