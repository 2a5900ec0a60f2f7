import { useEffect, useState } from 'react';
import { copy } from '~/copy';
import classes from './FloatingPanel.module.css';

/** Spec §4: back-to-top shows once the distance left to the bottom is under half a viewport. */
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

export function FloatingPanel() {
  const nearBottom = useNearBottom();
  return (
    <aside className={classes.panel} aria-label={copy.floating.consult}>
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
