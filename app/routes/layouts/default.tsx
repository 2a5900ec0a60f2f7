import type { ReactNode } from 'react';
import { Outlet, useMatches, useRouteLoaderData } from 'react-router';
import { RouteErrorPage } from '~/components/errors/ErrorPage';
import { FloatingPanel, ReminderBox, type FloatingPanelProps } from '~/components/layout/FloatingPanel';
import { SiteFooter } from '~/components/layout/SiteFooter';
import { SiteHeader } from '~/components/layout/SiteHeader';
import { LoginPopupSlot, loadLoginPopupModule } from '~/components/login/LoginPopupSlot';
import { data } from 'react-router';
import { loadLoginPopup } from '~/routes/auth/login.server';
import { loadFooter, loadNotice } from './default.server';
import type { Route } from './+types/default';
import { EMPTY_FOOTER } from '~/lib/footer';
import { HydrationSlice } from '~/lib/hydration-slice';
import type { loader as rootLoader } from '~/root';

/** A page whose floating panel carries a share control (the theme detail pages) exports `handle: ShareHandle`. */
export interface ShareHandle {
  share: (loaderData: unknown) => FloatingPanelProps['share'];
}

/**
 * The login popup opens on any page of this layout with `?login=MODE`. A page with the
 * popup open is part of signing in (its forms carry a per-visitor captcha key and
 * honeypot stamp, and the browser must not reuse it once signed in): private, never stored.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The footer and the notice are this frame's: the sign-in and personal pages carry neither.
  const [loginPopup, footer, notice] = await Promise.all([loadLoginPopup(request, context), loadFooter(request, context), loadNotice(request, context)]);
  if (loginPopup) await loadLoginPopupModule();
  return data({ loginPopup, footer, notice }, loginPopup ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get('Cache-Control');
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  return headers;
};

/** The site's frame: header, page, floating customer-service panel, footer (docs/product.md#layouts). */
function DefaultShell({ children, loginPopup }: { children: ReactNode; loginPopup?: Route.ComponentProps['loaderData']['loginPopup'] }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  // Read by id, not from props: the error boundary draws this frame too, with the data it has.
  const frame = useRouteLoaderData<typeof loader>('routes/layouts/default');
  const share = useMatches()
    .map((match) => (match.handle as Partial<ShareHandle> | undefined)?.share?.(match.loaderData))
    .find(Boolean);
  return (
    <div className="site-shell">
      <div id="top" />
      <HydrationSlice>
        <SiteHeader user={root?.currentUser ?? null} unreadCount={root?.unreadCount ?? 0} />
      </HydrationSlice>
      <HydrationSlice>{children}</HydrationSlice>
      {frame?.notice ? <ReminderBox notice={frame.notice} /> : null}
      <FloatingPanel share={share} />
      <HydrationSlice>
        <SiteFooter footer={frame?.footer ?? EMPTY_FOOTER} />
      </HydrationSlice>
      {loginPopup ? <LoginPopupSlot data={loginPopup} /> : null}
    </div>
  );
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DefaultShell loginPopup={loaderData.loginPopup}>
      <Outlet />
    </DefaultShell>
  );
}

/** Whatever a page of this layout throws is shown inside the site's frame. */
export function ErrorBoundary() {
  return (
    <DefaultShell>
      <RouteErrorPage />
    </DefaultShell>
  );
}
