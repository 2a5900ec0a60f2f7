import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { upload as copy } from '~/copy/upload';
import classes from '~/styles/upload.module.css';
import { MANUSCRIPT_ACCEPT, MANUSCRIPT_FILE, UploadProgress, uploadWithProgress } from './upload-progress';
import { BROWSER_ENDPOINTS } from '~/backend/browser-endpoints';
import { FileDropZone } from '~/components/widgets/FileDropZone';

const UPLOAD_URL = BROWSER_ENDPOINTS.manuscriptUpload.path;
/** A 征稿活动's submission (channel activity). */
const ACTIVITY_UPLOAD_URL = BROWSER_ENDPOINTS.activityUpload.path;

interface Props {
  gch: string;
  maxSizeMb: number;
  error?: string;
  /** Replace the file of an existing draft. */
  paperId?: number;
  /** Submit to this open 征稿活动 of the journal (authorActivityUpload). */
  themeId?: number;
}

/**
 * Step 1. Without JavaScript: a multipart form posted to the page's action, which streams
 * it to the backend. With JavaScript: the same form sent with XHR through the BFF proxy,
 * showing the upload progress; the backend's answer (type by content, size) decides.
 */
export function UploadForm({ gch, maxSizeMb, error, paperId, themeId }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const [clientError, setClientError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const shown = clientError ?? error;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const file = (form.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
    if (!file) {
      event.preventDefault();
      setClientError(copy.file.required);
      return;
    }
    if (!MANUSCRIPT_FILE.test(file.name)) {
      event.preventDefault();
      setClientError(copy.file.wrongType);
      return;
    }
    if (file.size > maxSizeMb * 1024 * 1024) {
      event.preventDefault();
      setClientError(copy.file.tooLarge(maxSizeMb));
      return;
    }
    if (typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    setClientError(null);
    setProgress(0);
    const body = new FormData();
    body.set('gch', gch);
    if (paperId) body.set('paperId', String(paperId));
    if (themeId && !paperId) body.set('themeId', String(themeId));
    body.set('file', file);
    uploadWithProgress(themeId && !paperId ? ACTIVITY_UPLOAD_URL : UPLOAD_URL, body, {
      progress: setProgress,
      settled: () => setProgress(null),
      networkError: () => setClientError('网络异常，上传未完成，请重试'),
      answer: (answer, status) => {
        if (answer.success && answer.entity?.paperId) {
          void navigate(`/upload/info?paperId=${answer.entity.paperId}`);
          return;
        }
        setClientError(answer.message || (status === 413 ? copy.file.tooLarge(maxSizeMb) : '上传失败，请重试'));
      },
    });
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={`/upload?redirectGch=${encodeURIComponent(gch)}${themeId && !paperId ? `&themeId=${themeId}` : ''}`}
      onSubmit={onSubmit}
    >
      <input type="hidden" name="gch" value={gch} />
      {themeId && !paperId ? <input type="hidden" name="themeId" value={themeId} /> : null}
      {paperId ? <input type="hidden" name="paperId" value={paperId} /> : null}
      <div className={classes.field}>
        <label htmlFor={`${id}-file`}>{copy.file.label}</label>
        <FileDropZone
          id={`${id}-file`}
          name="file"
          required
          accept={MANUSCRIPT_ACCEPT}
          formats={copy.file.formats(maxSizeMb)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
          onChange={() => setClientError(null)}
        />
        <span id={`${id}-hint`} className={classes.hint}>
          {copy.file.hint(maxSizeMb)}
        </span>
        {shown && (
          <p id={`${id}-error`} className={classes.error} role="alert">
            {shown}
          </p>
        )}
      </div>
      {!paperId && (
        <label className={classes.check}>
          <input type="checkbox" name="accept" required />
          <span>{copy.premise.accept}</span>
        </label>
      )}
      {progress !== null && <UploadProgress percent={progress} label={copy.file.uploading} text={copy.file.progress(progress)} />}
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={progress !== null}>
          {progress !== null ? copy.file.uploading : copy.file.submit}
        </button>
      </div>
    </form>
  );
}
