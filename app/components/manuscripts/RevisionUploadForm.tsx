import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { manuscripts as copy } from '~/copy/manuscripts';
import { responseLetterSchema } from '~/forms/manuscript';
import { MANUSCRIPT_ACCEPT, MANUSCRIPT_FILE, UploadProgress, uploadWithProgress } from '~/components/upload/upload-progress';
import classes from '~/styles/upload.module.css';
import { BROWSER_ENDPOINTS } from '~/backend/browser-endpoints';
import { FileDropZone } from '~/components/widgets/FileDropZone';

const SUBMIT_URL = BROWSER_ENDPOINTS.revisionUpload.path;

interface Props {
  paperId: number;
  /** One key per rendered form: a double click or a resubmitted form submits the revision once. */
  idempotencyKey: string;
  maxSizeMb: number;
  /** What the author typed, given back after a refusal (without JavaScript). */
  responseLetter?: string;
  error?: string | null;
}

/**
 * The revised file and the 修改说明. Without JavaScript: a multipart form posted to
 * /updatePaperInfo, which streams it to submitChanges (the text fields come first, so a
 * refusal can give them back). With JavaScript: the same fields sent with XHR through the
 * BFF proxy, with the upload progress, the 修改说明 validated as one types.
 */
export function RevisionUploadForm({ paperId, idempotencyKey, maxSizeMb, responseLetter = '', error }: Props) {
  const id = useId();
  const navigate = useNavigate();
  const t = copy.revision.file;
  const [fileError, setFileError] = useState<string | null>(null);
  const [letterError, setLetterError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [length, setLength] = useState(responseLetter.trim().length);
  const [progress, setProgress] = useState<number | null>(null);
  const shownForm = formError ?? error ?? null;

  function checkLetter(value: string): boolean {
    const result = responseLetterSchema.safeParse(value);
    setLetterError(result.success ? null : (result.error.issues[0]?.message ?? null));
    return result.success;
  }

  function checkFile(file: File | undefined): boolean {
    const message = !file
      ? t.required
      : !MANUSCRIPT_FILE.test(file.name)
        ? '文件类型不正确，仅支持PDF、DOC、DOCX格式'
        : file.size > maxSizeMb * 1024 * 1024
          ? `文件大小不能超过${maxSizeMb}MB`
          : null;
    setFileError(message);
    return message === null;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    const form = event.currentTarget;
    const letter = (form.elements.namedItem('responseLetter') as HTMLTextAreaElement).value;
    const file = (form.elements.namedItem('file') as HTMLInputElement).files?.[0];
    const letterOk = checkLetter(letter);
    const fileOk = checkFile(file);
    if (!letterOk || !fileOk || !file) return;
    setFormError(null);
    setProgress(0);
    const body = new FormData();
    body.set('id', String(paperId));
    body.set('idempotencyKey', idempotencyKey);
    body.set('responseLetter', letter);
    body.set('file', file);
    uploadWithProgress(SUBMIT_URL, body, {
      progress: setProgress,
      settled: () => setProgress(null),
      networkError: () => setFormError(t.network),
      answer: (answer, status) => {
        if (answer.success) {
          void navigate(`/personal/manuscripts/${paperId}?done=revision`);
          return;
        }
        setFormError(answer.message || (status === 413 ? `文件大小不能超过${maxSizeMb}MB` : t.network));
      },
    });
  }

  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={`/updatePaperInfo?id=${paperId}&key=${encodeURIComponent(idempotencyKey)}`}
      onSubmit={onSubmit}
      noValidate
    >
      {shownForm ? (
        <div className={classes.alert} role="alert">
          <p style={{ margin: 0 }}>{shownForm}</p>
          {error && !formError ? <p style={{ margin: '6px 0 0' }}>{t.failed}</p> : null}
        </div>
      ) : null}
      {/* Text fields first: the portal reads them as the body streams past. */}
      <input type="hidden" name="id" value={paperId} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div className={classes.field}>
        <label htmlFor={`${id}-letter`}>{t.letter}</label>
        <textarea
          id={`${id}-letter`}
          name="responseLetter"
          rows={8}
          maxLength={5000}
          required
          defaultValue={responseLetter}
          aria-invalid={letterError ? true : undefined}
          aria-describedby={`${id}-letter-hint${letterError ? ` ${id}-letter-error` : ''}`}
          onChange={(e) => {
            setLength(e.currentTarget.value.trim().length);
            checkLetter(e.currentTarget.value);
          }}
        />
        <span id={`${id}-letter-hint`} className={classes.hint}>
          {t.letterHint} {t.counter(length)}
        </span>
        {letterError ? (
          <p id={`${id}-letter-error`} className={classes.error}>
            {letterError}
          </p>
        ) : null}
      </div>
      <div className={classes.field}>
        <label htmlFor={`${id}-file`}>{t.label}</label>
        <FileDropZone
          id={`${id}-file`}
          name="file"
          required
          accept={MANUSCRIPT_ACCEPT}
          formats={t.formats(maxSizeMb)}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ''}`}
          onChange={(e) => checkFile(e.currentTarget.files?.[0])}
        />
        <span id={`${id}-file-hint`} className={classes.hint}>
          {t.hint(maxSizeMb)}
        </span>
        {fileError ? (
          <p id={`${id}-file-error`} className={classes.error} role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      {progress !== null ? <UploadProgress percent={progress} label={t.submitting} text={t.progress(progress)} /> : null}
      <div className={classes.actions}>
        <button type="submit" className={classes.button} disabled={progress !== null}>
          {progress !== null ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
