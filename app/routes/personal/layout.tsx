import type { ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { accountLook } from '~/components/account/account-form';
import { RouteErrorPage } from '~/components/errors/ErrorPage';
import { FormLook } from '~/components/forms/fields';
import { Link } from '~/lib/link';
import { manuscripts as manuscriptsCopy } from '~/copy/manuscripts';
import { personal as copy } from '~/copy/personal';
import type { loader as rootLoader } from '~/root';
import { requireAuthor } from '~/session/guard.server';
import type { Route } from './+types/layout';
import classes from '~/components/personal/personal.module.css';
import { PRIVATE } from '~/lib/route-policy';

/** The personal centre is private (the Express shell sends `Cache-Control: private, no-store` for /personal*): every child guards itself too (loaders run in parallel). */
export function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  return null;
}

const LINKS = [
  { to: '/personal/index', label: copy.nav.index },
  { to: '/personal/manuscripts', label: manuscriptsCopy.nav },
  { to: '/personal/account', label: copy.nav.account },
  { to: '/personal/histroy', label: copy.nav.history },
  { to: '/personal/message', label: copy.nav.message },
];

/** /personal/*: side navigation and page, inside the no-footer layout (docs/product.md#screens: no footer, the header widens). */
export default function PersonalLayout() {
  return (
    <PersonalShell>
      {/* Forms in the personal centre take its look of the form kit. */}
      <FormLook look={accountLook}>
        <Outlet />
      </FormLook>
    </PersonalShell>
  );
}

/** A failed personal page keeps the side navigation, so the author can go on to another one. */
export function ErrorBoundary() {
  return (
    <PersonalShell>
      <RouteErrorPage />
    </PersonalShell>
  );
}

function PersonalShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { pathname } = useLocation();
  // The personal home is both /personal (the index route) and /personal/index.
  const atHome = /^\/personal\/?$/.test(pathname);
  return (
    <div className={`page-container ${classes.shell}`}>
      <nav className={classes.sidebar} aria-label={copy.nav.label}>
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              {link.to === '/personal/index' && atHome ? (
                <Link to={link.to} aria-current="page">
                  {link.label}
                </Link>
              ) : (
                <NavLink to={link.to}>
                  {link.label}
                  {link.to === '/personal/message' && (root?.unreadCount ?? 0) > 0 ? (
                    <span className="visually-hidden">（{root?.unreadCount}条未读）</span>
                  ) : null}
                </NavLink>
              )}
            </li>
          ))}
          <li>
            <NavLink to="/upload">{copy.nav.upload}</NavLink>
          </li>
        </ul>
      </nav>
      <div className={classes.content}>{children}</div>
    </div>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE;
