import { Outlet, useRouteLoaderData } from 'react-router';
import { FloatingPanel } from '~/components/layout/FloatingPanel';
import { SiteHeader } from '~/components/layout/SiteHeader';
import type { loader as rootLoader } from '~/root';

/** No-footer layout (spec §2): header, page and floating panel; used by /login. */
export default function NoFooterLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <div className="site-shell">
      <div id="top" />
      <SiteHeader user={root?.currentUser ?? null} unreadCount={root?.unreadCount ?? 0} />
      <Outlet />
      {/* No reminder box over the sign-in and personal forms: it would cover their buttons. */}
      <FloatingPanel notice={null} />
    </div>
  );
}
