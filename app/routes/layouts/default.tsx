import { Outlet, useRouteLoaderData } from 'react-router';
import { FloatingPanel } from '~/components/layout/FloatingPanel';
import { SiteFooter } from '~/components/layout/SiteFooter';
import { SiteHeader } from '~/components/layout/SiteHeader';
import { EMPTY_FOOTER } from '~/lib/footer';
import type { loader as rootLoader } from '~/root';

/** Default layout (spec §2): header, page, floating customer-service panel, footer. */
export default function DefaultLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <div className="site-shell">
      <div id="top" />
      <SiteHeader user={root?.currentUser ?? null} unreadCount={root?.unreadCount ?? 0} />
      <Outlet />
      <FloatingPanel notice={root?.notice ?? null} />
      <SiteFooter footer={root?.footer ?? EMPTY_FOOTER} />
    </div>
  );
}
