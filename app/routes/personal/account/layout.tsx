import { NavLink, Outlet } from 'react-router';
import { personal as copy } from '~/copy/personal';
import { requireAuthor } from '~/session/guard.server';
import type { Route } from './+types/layout';
import classes from '~/components/personal/personal.module.css';
import { PRIVATE_UPLOAD } from '~/lib/route-policy';

export function loader({ request, context }: Route.LoaderArgs) {
  requireAuthor(request, context);
  return null;
}

/** The account settings, one tab per concern so each form posts to its own small page. */
const TABS = [
  { to: '/personal/account', label: copy.account.tabs.profile, end: true },
  { to: '/personal/account/security', label: copy.account.tabs.security },
  { to: '/personal/account/verification', label: copy.account.tabs.verification },
  { to: '/personal/account/invoice', label: copy.account.tabs.invoice },
  { to: '/personal/account/feedback', label: copy.account.tabs.feedback },
];

/** /personal/account/*: the tabs above the current form. */
export default function AccountLayout() {
  return (
    <main id="main" tabIndex={-1} className={classes.panel}>
      <h1>{copy.account.title}</h1>
      <nav aria-label={copy.account.tabsLabel}>
        <ul className={classes.tabs}>
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </main>
  );
}

/** Cache, robots and body limits of this route (app/lib/route-policy.ts). */
export const handle = PRIVATE_UPLOAD;
