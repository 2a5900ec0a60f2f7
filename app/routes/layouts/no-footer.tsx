import type { ReactNode } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router';
import { RouteErrorPage } from '~/components/errors/ErrorPage';
import { FloatingPanel } from '~/components/layout/FloatingPanel';
import { SiteHeader } from '~/components/layout/SiteHeader';
import type { loader as rootLoader } from '~/root';

/** No-footer frame (docs/product.md#layouts): header, page and floating panel; used by /login and the personal centre. */
function NoFooterShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <div className="site-shell">
      <div id="top" />
      <SiteHeader user={root?.currentUser ?? null} unreadCount={root?.unreadCount ?? 0} />
      {children}
      {/* The sign-in and personal pages are for people who already know the site: no notice. */}
      <FloatingPanel />
    </div>
  );
}

export default function NoFooterLayout() {
  return (
    <NoFooterShell>
      <Outlet />
    </NoFooterShell>
  );
}

/** Whatever a page of this layout throws is shown inside the site's frame. */
export function ErrorBoundary() {
  return (
    <NoFooterShell>
      <RouteErrorPage />
    </NoFooterShell>
  );
}
