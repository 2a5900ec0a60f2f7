import { useEffect, useState, type FormEvent } from 'react';
import { Form } from 'react-router';
import { shell as copy } from '~/copy/shell';
import { REMINDER_COOKIE, REMINDER_MAX_AGE_SECONDS } from '~/lib/reminder';
import { SharePopup } from '~/components/widgets/SharePopup';
import classes from './FloatingPanel.module.css';

/** Back-to-top shows once the distance left to the bottom is under half a viewport (docs/product.md#session). */
function useNearBottom() {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const update = () => {
      const remaining = document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
      setNear(remaining < window.innerHeight / 2 && window.scrollY > 0);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return near;
}

export interface FloatingPanelProps {
  /** On theme detail pages the panel carries a share control. */
  share?: { url: string; title: string; description?: string } | null;
}

/**
 * The site's notice (温馨提示), dismissable for a day. It sits in the page's flow, between the
 * page and the footer, so it never covers what a reader is reading, a form or a list
 * (docs/product.md#phones).
 */
export function ReminderBox({ notice }: { notice: { title: string; html: string } }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  // With JavaScript the cookie is set here; without it the form posts and the server sets it.
  const dismiss = (event: FormEvent) => {
    event.preventDefault();
    document.cookie = `${REMINDER_COOKIE}=1; path=/; max-age=${REMINDER_MAX_AGE_SECONDS}; samesite=lax`;
    setOpen(false);
  };
  return (
    <div className="page-container">
      <section className={classes.reminder} aria-labelledby="reminder-title">
        <header className={classes.reminderHeader}>
          <h2 id="reminder-title">{copy.floating.warmTip}</h2>
          <Form method="post" action="/notice/dismiss" onSubmit={dismiss} reloadDocument>
            <button type="submit" className={classes.close} aria-label={copy.floating.close}>
              ×
            </button>
          </Form>
        </header>
        <div className={classes.reminderBody} dangerouslySetInnerHTML={{ __html: notice.html }} />
      </section>
    </div>
  );
}

/** Customer service, share and back-to-top: fixed at the right on desktops, a row in the flow below 1200px. */
export function FloatingPanel({ share }: FloatingPanelProps) {
  const nearBottom = useNearBottom();
  return (
    <aside className={classes.panel} aria-label={copy.floating.consult}>
      {share ? (
        <SharePopup
          url={share.url}
          title={share.title}
          description={share.description}
          placement="left"
          triggerClassName={classes.button}
          trigger={copy.floating.share}
        />
      ) : null}
      <details className={classes.consult}>
        <summary className={classes.button}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M4 5h16v11H8l-4 4z" />
          </svg>
          {copy.floating.consult}
        </summary>
        <div className={classes.consultCard}>{copy.floating.consultText}</div>
      </details>
      {/* A plain anchor: without JavaScript it still jumps to the top. */}
      <a href="#top" className={`${classes.button} ${nearBottom ? '' : classes.hidden}`} aria-hidden={!nearBottom} tabIndex={nearBottom ? 0 : -1}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M12 19V5M5 12l7-7 7 7" />
        </svg>
        {copy.floating.backToTop}
      </a>
    </aside>
  );
}
