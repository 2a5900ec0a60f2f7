import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { Form, NavLink, useLocation } from 'react-router';
import { Link } from '~/lib/link';
import { shell as copy } from '~/copy/shell';
import type { PublicUser } from '~/lib/public-session';
import classes from './SiteHeader.module.css';

/** The site's sections, in the desktop bar and the phone menu alike. */
const SECTIONS: { to: string; label: string; alsoActive?: string[]; children?: { to: string; label: string }[] }[] = [
  { to: '/', label: copy.nav.home },
  {
    to: '/journal',
    label: copy.nav.journal,
    alsoActive: ['/expertAuthor'],
    children: [
      { to: '/journal', label: copy.nav.literature },
      { to: '/expertAuthor', label: copy.nav.expertAuthor },
    ],
  },
  { to: '/editorialBoard', label: copy.nav.editorialBoard },
  { to: '/news', label: copy.nav.news },
  { to: '/search', label: copy.nav.search },
  {
    to: '/aboutUs',
    label: copy.nav.about,
    children: [
      { to: '/aboutUs#intro', label: copy.nav.aboutIntro },
      { to: '/aboutUs#cooperation', label: copy.nav.aboutCooperation },
      { to: '/aboutUs#open', label: copy.nav.aboutOpen },
      { to: '/aboutUs#contribute', label: copy.nav.aboutContribute },
    ],
  },
];

/**
 * Phones: the sections behind one button (docs/product.md#phones). A <details> opens and
 * closes without JavaScript; with it, the menu closes when the reader goes somewhere.
 */
function PhoneMenu() {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <details className={classes.phoneMenu} ref={menu}>
      <summary className={classes.phoneMenuButton}>
        <span className={classes.burger} aria-hidden="true" />
        <span className={classes.phoneMenuLabel}>{copy.nav.menu}</span>
      </summary>
      <nav className={classes.phoneMenuPanel} aria-label={copy.nav.mainNavigation}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.to === '/'}>
                {section.label}
              </NavLink>
              {/* Every child by its own name, even where it leads where its section does (文献成果 is /journal). */}
              {section.children ? (
                <ul>
                  {section.children.map((child) => (
                    <li key={child.to}>
                      <Link to={child.to}>{child.label}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

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
    <header className={`${classes.header} ${onHome ? (transparent ? classes.transparent : classes.floating) : ''}`} data-transparent={transparent || undefined}>
      <div className={`page-container ${classes.inner} ${wide ? classes.wide : ''}`}>
        <Link to="/" className={classes.brand} title={copy.nav.home}>
          <span className={classes.brandMark} aria-hidden="true">
            数法
          </span>
          {copy.site.name}
        </Link>
        <nav className={classes.nav} aria-label={copy.nav.mainNavigation}>
          <ul className={classes.menu}>
            {SECTIONS.map((section) => {
              const link = (
                <NavLink
                  to={section.to}
                  end={section.to === '/'}
                  className={({ isActive }) =>
                    `${classes.navLink} ${isActive || section.alsoActive?.some((p) => location.pathname.startsWith(p)) ? classes.active : ''}`
                  }
                >
                  {section.label}
                </NavLink>
              );
              return section.children ? (
                <SectionMenu key={section.to} label={section.label} link={link} items={section.children} />
              ) : (
                <li key={section.to} className={classes.item}>
                  {link}
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={classes.right}>
          <PhoneMenu />
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
  const dropdown = useDropdown<HTMLDivElement>();
  return (
    <div className={classes.user} {...dropdown.containerProps}>
      <button type="button" className={classes.userButton} {...dropdown.buttonProps}>
        <span className={classes.avatar} aria-hidden="true">
          {user.headImgUrl ? <img src={user.headImgUrl} alt="" /> : user.username.slice(0, 1).toUpperCase()}
        </span>
        <span className={classes.userName}>{user.username}</span>
        {unreadCount > 0 ? (
          <span className={classes.badge} aria-label={copy.nav.unreadMessages(unreadCount)}>
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
      </button>
      <ul className={`${classes.submenu} ${classes.userMenu}`} id={dropdown.menuId}>
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

/**
 * A section with pages under it: its link leads to the section (which links them all, so
 * nothing needs JavaScript), and once the page runs JavaScript a small disclosure button
 * beside it opens the list (before that the button is hidden). Hovering shows the list too; focus alone never does.
 */
function SectionMenu({ label, link, items }: { label: string; link: ReactNode; items: { to: string; label: string }[] }) {
  const dropdown = useDropdown<HTMLLIElement>();
  return (
    <li className={classes.item} {...dropdown.containerProps}>
      {link}
      {/* Shown once JavaScript runs (SiteHeader.module.css): without it the button could not open the list. */}
      <button type="button" className={classes.submenuToggle} aria-label={copy.nav.submenuOf(label)} {...dropdown.buttonProps} />
      <ul className={classes.submenu} id={dropdown.menuId}>
        {items.map((child) => (
          <li key={child.to}>
            <Link to={child.to}>{child.label}</Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * A header drop-down (a disclosure): its button says whether the list is open and which list
 * it controls; Escape closes it, or hides a list shown by hovering, and gives the focus back
 * to the button; the list closes when the focus leaves it and when the page changes.
 */
function useDropdown<T extends HTMLElement>() {
  const { pathname } = useLocation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const container = useRef<T>(null);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const element = container.current;
      if (event.key !== 'Escape' || !element) return;
      // Shown by the pointer: hidden until the pointer leaves.
      if (element.matches(':hover')) setDismissed(true);
      if (element.contains(document.activeElement)) element.querySelector('button')?.focus();
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return {
    menuId,
    containerProps: {
      ref: container,
      'data-open': open || undefined,
      'data-dismissed': dismissed || undefined,
      onMouseLeave: () => setDismissed(false),
      onBlur: (event: FocusEvent<T>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      },
    },
    buttonProps: { 'aria-expanded': open, 'aria-controls': menuId, onClick: () => setOpen(!open) },
  };
}
