import classes from '~/styles/upload.module.css';

/**
 * The upload with progress that the submission (step 1) and the revision forms share, when
 * JavaScript runs: the form's fields sent with XHR through the BFF proxy (fetch cannot
 * report upload progress), and the bar that shows it.
 */

export interface UploadAnswer {
  success?: boolean;
  message?: string;
  entity?: { paperId?: number };
}


export function uploadWithProgress(
  url: string,
  body: FormData,
  on: {
    progress(percent: number): void;
    /** The upload is over, whatever its outcome (called first). */
    settled(): void;
    networkError(): void;
    answer(answer: UploadAnswer, status: number): void;
  },
): void {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', url);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) on.progress(Math.round((e.loaded / e.total) * 100));
  };
  xhr.onerror = () => {
    on.settled();
    on.networkError();
  };
  xhr.onload = () => {
    on.settled();
    // The session ended or the form's token expired: the page, reloaded, asks again.
    if (xhr.status === 403) {
      window.location.reload();
      return;
    }
    let answer: UploadAnswer = {};
    try {
      answer = JSON.parse(xhr.responseText) as UploadAnswer;
    } catch {
      // not JSON: the caller's generic message
    }
    on.answer(answer, xhr.status);
  };
  xhr.send(body);
}

/** The progress bar and its text, announced politely. */
export function UploadProgress({ percent, label, text }: { percent: number; label: string; text: string }) {
  return (
    <div role="status" aria-live="polite">
      <progress className={classes.progress} max={100} value={percent} aria-label={label} />
      <span className={classes.hint}>{text}</span>
    </div>
  );
}
