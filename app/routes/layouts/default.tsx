import { Outlet, useMatches, useRouteLoaderData } from 'react-router';
import { FloatingPanel, type FloatingPanelProps } from '~/components/layout/FloatingPanel';
import { SiteFooter } from '~/components/layout/SiteFooter';
import { SiteHeader } from '~/components/layout/SiteHeader';
import { EMPTY_FOOTER } from '~/lib/footer';
import type { loader as rootLoader } from '~/root';

/** A page whose floating panel carries a share control (the theme detail pages) exports `handle: ShareHandle`. */
export interface ShareHandle {
  share: (loaderData: unknown) => FloatingPanelProps['share'];
}

/** Default layout (spec §2): header, page, floating customer-service panel, footer. */
export default function DefaultLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const share = useMatches()
    .map((match) => (match.handle as Partial<ShareHandle> | undefined)?.share?.(match.loaderData))
    .find(Boolean);
  return (
    <div className="site-shell">
      <div id="top" />
      <SiteHeader user={root?.currentUser ?? null} unreadCount={root?.unreadCount ?? 0} />
      <Outlet />
      <FloatingPanel notice={root?.notice ?? null} share={share} />
      <SiteFooter footer={root?.footer ?? EMPTY_FOOTER} />
    </div>
  );
}
