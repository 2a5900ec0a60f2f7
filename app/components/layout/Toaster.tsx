import { useSyncExternalStore } from 'react';
import { shownToasts, subscribeToToasts, toast } from './toasts';
import classes from './Toaster.module.css';

const noToasts = () => [] as const;

/**
 * The messages of app/components/layout/toasts.ts, at the top of the window. The live
 * region is in the server's HTML, so a screen reader already watches it when a message
 * comes; an error is announced at once (role="alert"), the rest politely, and an echo of a
 * message the page itself shows (and announces) not at all.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, shownToasts, noToasts);
  return (
    <div className={classes.region} aria-live="polite">
      {toasts.map((shown) => (
        <div
          key={shown.id}
          className={classes.toast}
          data-tone={shown.tone}
          role={shown.echo ? undefined : shown.tone === 'error' ? 'alert' : 'status'}
          aria-live={shown.echo ? 'off' : undefined}
        >
          <p className={classes.message}>{shown.message}</p>
          <button type="button" className={classes.close} aria-label="关闭" onClick={() => toast.dismiss(shown.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
