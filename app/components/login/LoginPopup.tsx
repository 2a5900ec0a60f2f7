import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '~/lib/link';
import { useFocusTrap } from '~/lib/use-focus-trap';
import { auth as copy } from '~/copy/auth';
import { withoutLoginParams } from '~/session/login-url';
import { LOGIN_TITLE_ID, LoginPanel } from './LoginPanel';
import type { LoginPanelData } from './types';
import classes from './login.module.css';

/**
 * The login popup over any page of the default layout, open while `?login=MODE` is in
 * the URL. The server renders it (a link, a reload or a visitor without JavaScript gets
 * it too); with JavaScript it is a modal dialog: focus stays inside, Esc closes it, and
 * focus goes back where it was. Closing removes `?login` (and its redirect) from the URL.
 */
export function LoginPopup({ data }: { data: LoginPanelData }) {
  const location = useLocation();
  const navigate = useNavigate();
  const closeHref = withoutLoginParams(location.pathname, location.search);
  // What had focus when the popup opened (read before the focus trap moves focus inside).
  const [opener] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const trapRef = useFocusTrap<HTMLDivElement>();

  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [opener]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, closeHref]);

  return (
    <div className={classes.overlay}>
      <Link to={closeHref} preventScrollReset className={classes.backdrop} tabIndex={-1} aria-hidden="true" />
      {/* Focus starts on the dialog (its name is read out): Tab then goes from the top, 关闭 and the tabs before the form. */}
      <div ref={trapRef} role="dialog" aria-modal="true" aria-labelledby={LOGIN_TITLE_ID} className={classes.dialog} tabIndex={-1} data-autofocus>
        <Link to={closeHref} preventScrollReset className={classes.close} aria-label={copy.close}>
          <span aria-hidden="true">×</span>
        </Link>
        <LoginPanel data={data} surface="popup" />
      </div>
    </div>
  );
}
