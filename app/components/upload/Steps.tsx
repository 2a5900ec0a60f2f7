import { upload as copy } from '~/copy/upload';
import classes from '~/styles/upload.module.css';

/** The four steps of a submission, the current one marked for assistive technology, the ones behind it as done. */
export function Steps({ current }: { current: number }) {
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
