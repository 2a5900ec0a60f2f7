import { useEffect, useState } from 'react';
import { Form, NavLink, useLocation } from 'react-router';
import { Link } from '~/lib/link';
import { copy } from '~/copy';
import type { PublicUser } from '~/lib/public-session';
import classes from './SiteHeader.module.css';

/** The home header turns solid once the page is scrolled past 100px (docs/product.md#constants). */
const SOLID_AFTER_PX = 100;

function useScrolledPast(threshold: number, enabled: boolean) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold, enabled]);
  return past;
}

interface SiteHeaderProps {
  user: PublicUser | null;
  unreadCount: number;
}

export function SiteHeader({ user, unreadCount }: SiteHeaderProps) {
  const location = useLocation();
  const onHome = location.pathname === '/';
  const wide = location.pathname.startsWith('/personal');
  const scrolled = useScrolledPast(SOLID_AFTER_PX, onHome);
  const transparent = onHome && !scrolled;
  const loginHref = `${location.pathname}?${withLoginMode(location.search)}`;

  return (
    <header className={`${classes.header} ${transparent ? classes.transparent : ''}`} data-transparent={transparent || undefined}>
      <div className={`page-container ${classes.inner} ${wide ? classes.wide : ''}`}>
        <Link to="/" className={classes.brand} title={copy.nav.home}>
          <span className={classes.brandMark} aria-hidden="true">
            数法
          </span>
          {copy.site.name}
        </Link>
        <nav className={classes.nav} aria-label={copy.nav.mainNavigation}>
          <ul className={classes.menu}>
            <li className={classes.item}>
              <NavLink to="/" end className={classes.navLink}>
                {copy.nav.home}
              </NavLink>
            </li>
            <li className={classes.item}>
              <NavLink
                to="/journal"
                className={({ isActive }) =>
                  `${classes.navLink} ${isActive || location.pathname.startsWith('/expertAuthor') ? classes.active : ''}`
                }
                aria-haspopup="true"
              >
                {copy.nav.journal}
              </NavLink>
              <ul className={classes.submenu}>
                <li>
                  <Link to="/journal">{copy.nav.literature}</Link>
                </li>
                <li>
                  <Link to="/expertAuthor">{copy.nav.expertAuthor}</Link>
                </li>
              </ul>
            </li>
            <li className={classes.item}>
              <NavLink to="/editorialBoard" className={classes.navLink}>
                {copy.nav.editorialBoard}
              </NavLink>
            </li>
            <li className={classes.item}>
              <NavLink to="/aboutUs" className={classes.navLink} aria-haspopup="true">
                {copy.nav.about}
              </NavLink>
              <ul className={classes.submenu}>
                <li>
                  <Link to="/aboutUs#intro">{copy.nav.aboutIntro}</Link>
                </li>
                <li>
                  <Link to="/aboutUs#cooperation">{copy.nav.aboutCooperation}</Link>
                </li>
                <li>
                  <Link to="/aboutUs#open">{copy.nav.aboutOpen}</Link>
                </li>
                <li>
                  <Link to="/aboutUs#contribute">{copy.nav.aboutContribute}</Link>
                </li>
              </ul>
            </li>
          </ul>
        </nav>
        <div className={classes.right}>
          {user ? (
            <UserMenu user={user} unreadCount={unreadCount} />
          ) : (
            <Link to={loginHref} className={classes.loginLink} preventScrollReset>
              {copy.nav.loginRegister}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function withLoginMode(search: string) {
  const params = new URLSearchParams(search);
  params.set('login', 'userLogin');
  return params.toString();
}

function UserMenu({ user, unreadCount }: { user: PublicUser; unreadCount: number }) {
  return (
    <div className={classes.user}>
      <button type="button" className={classes.userButton} aria-haspopup="true">
        <span className={classes.avatar} aria-hidden="true">
          {user.headImgUrl ? <img src={user.headImgUrl} alt="" /> : user.username.slice(0, 1).toUpperCase()}
        </span>
        {user.username}
        {unreadCount > 0 ? (
          <span className={classes.badge} aria-label={copy.nav.unreadMessages(unreadCount)}>
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
      </button>
      <ul className={`${classes.submenu} ${classes.userMenu}`}>
        <li>
          <Link to="/personal">{copy.nav.personalCentre}</Link>
        </li>
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className={classes.menuButton}>
              {copy.nav.logout}
            </button>
          </Form>
        </li>
      </ul>
    </div>
  );
}
