import { useEffect } from 'react';
import { upload as copy } from '~/copy/upload';
import classes from '~/styles/upload.module.css';

/** The step the wizard showed last in this tab (client navigations only; a full load starts afresh). */
let shownStep: number | undefined;

/**
 * Moving to another step in the page puts the focus on the new step's title, so a keyboard
 * or screen-reader user hears where they are instead of being left on the page's body. A
 * first load keeps the browser's own focus.
 */
function useStepFocus(current: number) {
  useEffect(() => {
    const moved = shownStep !== undefined && shownStep !== current;
    shownStep = current;
    if (!moved) return;
    const title = document.querySelector<HTMLElement>('main h1');
    if (!title) return;
    title.tabIndex = -1;
    title.focus();
  }, [current]);
}

/** The four steps of a submission, the current one marked for assistive technology, the ones behind it as done. */
export function Steps({ current }: { current: number }) {
  useStepFocus(current);
  return (
    <ol className={classes.steps} aria-label="投稿步骤">
      {copy.steps.map((step, i) => (
        <li key={step} aria-current={i === current ? 'step' : undefined} className={i < current ? classes.stepDone : undefined}>
          <span className={classes.stepNumber} aria-hidden="true">
            {i + 1}
          </span>
          <span className="visually-hidden">{i + 1}. </span>
          {step}
        </li>
      ))}
    </ol>
  );
}
