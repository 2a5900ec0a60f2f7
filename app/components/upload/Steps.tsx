import { upload as copy } from '~/copy/upload';
import classes from '~/styles/upload.module.css';

/** The four steps of a submission, the current one marked for assistive technology. */
export function Steps({ current }: { current: number }) {
  return (
    <ol className={classes.steps} aria-label="投稿步骤">
      {copy.steps.map((step, i) => (
        <li key={step} aria-current={i === current ? 'step' : undefined}>
          {i + 1}. {step}
        </li>
      ))}
    </ol>
  );
}
