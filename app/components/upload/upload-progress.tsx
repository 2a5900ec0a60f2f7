import { useState } from 'react';
import { useNavigate } from 'react-router';
import { upload as copy } from '~/copy/upload';
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

/**
 * Whether a file in the form can no longer be read: moved or deleted since it was chosen (on a
 * phone, a photo or document not yet downloaded). The upload then failed for that, and sending
 * it again would fail the same way.
 */
async function holdsUnreadableFile(body: FormData): Promise<boolean> {
  for (const value of body.values()) {
    if (typeof value === 'string' || value.size === 0) continue;
    try {
      await value.slice(0, 1).arrayBuffer();
    } catch {
      return true;
    }
  }
  return false;
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

/**
 * An upload form's sending with JavaScript: the progress (null when nothing is under way),
 * the refusal to show (a new object each time, so the form shows it again), and `send`, which
 * goes to the page `next` names for a successful answer.
 */
export function useProgressUpload(messages: { tooLarge: string; failed: string }) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<{ message: string } | null>(null);
  function send(url: string, body: FormData, next: (answer: UploadAnswer) => string | null) {
    if (progress !== null) return;
    setRefusal(null);
    setProgress(0);
    uploadWithProgress(url, body, {
      progress: setProgress,
      settled: () => setProgress(null),
      networkError: () => void holdsUnreadableFile(body).then((unreadable) => setRefusal({ message: unreadable ? copy.file.unreadable : copy.file.network })),
      answer: (answer, status) => {
        const to = answer.success ? next(answer) : null;
        if (to) void navigate(to);
        else setRefusal({ message: answer.message || (status === 413 ? messages.tooLarge : messages.failed) });
      },
    });
  }
  return { progress, refusal, send };
}
