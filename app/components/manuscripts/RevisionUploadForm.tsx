import { getFormProps, useForm } from '@conform-to/react';
import { useMemo, useRef, useState } from 'react';
import { FileField, FormLook, FormMessage, SubmitButton, TextareaField } from '~/components/forms/fields';
import { checkedBy } from '~/components/forms/validate';
import { manuscripts as copy } from '~/copy/manuscripts';
import { MANUSCRIPT_ACCEPT, manuscriptFileMessages, revisionSchema, uploadRefusal } from '~/schemas/manuscript';
import { UploadProgress, useProgressUpload } from '~/components/upload/upload-progress';
import classes from '~/styles/upload.module.css';
import { BROWSER_ENDPOINTS } from '~/backend/browser-endpoints';
import { uploadLook } from '~/components/upload/look';

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
 * The revised file and the 修改说明, checked with the revision's zod schema as one types.
 * Without JavaScript: a multipart form posted to /updatePaperInfo, which streams it to
 * submitChanges (the text fields come first, so a refusal can give them back). With
 * JavaScript: the same fields sent with XHR through the BFF proxy, with the upload progress.
 */
export function RevisionUploadForm({ paperId, idempotencyKey, maxSizeMb, responseLetter = '', error }: Props) {
  const t = copy.revision.file;
  const schema = useMemo(() => revisionSchema(maxSizeMb), [maxSizeMb]);
  const { progress, refusal, send } = useProgressUpload({ tooLarge: manuscriptFileMessages.tooLarge(maxSizeMb), failed: t.network });
  // The 修改说明 as last sent: a refusal of the upload gives it back.
  const sent = useRef(responseLetter);
  const lastResult = useMemo(() => {
    if (refusal) return uploadRefusal(refusal.message, { responseLetter: sent.current });
    return error ? uploadRefusal(error, { responseLetter }) : undefined;
  }, [refusal, error, responseLetter]);
  const [length, setLength] = useState(responseLetter.trim().length);
  const [form, fields] = useForm({
    id: `revision-${paperId}`,
    defaultValue: { responseLetter },
    lastResult,
    ...checkedBy(schema),
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      sent.current = submission.value.responseLetter;
      send(SUBMIT_URL, formData, () => `/personal/manuscripts/${paperId}?done=revision`);
    },
  });
  const serverRefused = Boolean(error) && refusal === null;

  return (
    <FormLook look={uploadLook}>
      <form
        method="post"
        encType="multipart/form-data"
        action={`/updatePaperInfo?id=${paperId}&key=${encodeURIComponent(idempotencyKey)}`}
        {...getFormProps(form)}
        onInput={(event) => {
          const target = event.target as HTMLTextAreaElement;
          if (target.name === 'responseLetter') setLength(target.value.trim().length);
        }}
      >
        <FormMessage form={form} />
        {serverRefused && form.errors?.length ? <p className={classes.hint}>{t.failed}</p> : null}
        {/* Text fields first: the portal reads them as the body streams past. */}
        <input type="hidden" name="id" value={paperId} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <TextareaField meta={fields.responseLetter} label={t.letter} hint={`${t.letterHint} ${t.counter(length)}`} rows={8} maxLength={5000} />
        <FileField meta={fields.file} label={t.label} hint={t.hint(maxSizeMb)} formats={t.formats(maxSizeMb)} accept={MANUSCRIPT_ACCEPT} />
        {progress !== null ? <UploadProgress percent={progress} label={t.submitting} text={t.progress(progress)} /> : null}
        <div className={classes.actions}>
          <SubmitButton busy={progress !== null} busyLabel={t.submitting}>
            {t.submit}
          </SubmitButton>
        </div>
      </form>
    </FormLook>
  );
}
