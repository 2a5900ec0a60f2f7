import { getFormProps, useForm } from '@conform-to/react';
import { useMemo } from 'react';
import { CheckboxField, FileField, FormLook, FormMessage, SubmitButton } from '~/components/forms/fields';
import { checkedBy } from '~/components/forms/validate';
import { upload as copy } from '~/copy/upload';
import { MANUSCRIPT_ACCEPT, manuscriptFileMessages, submissionFileSchema, uploadRefusal } from '~/schemas/manuscript';
import classes from '~/styles/upload.module.css';
import { UploadProgress, useProgressUpload } from './upload-progress';
import { BROWSER_ENDPOINTS } from '~/backend/browser-endpoints';
import { uploadLook } from '~/components/upload/look';

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
 * Step 1, checked with its zod schema (a Word or PDF file within the size, the premise
 * accepted). Without JavaScript: a multipart form posted to the page's action, which streams
 * it to the backend, the browser checking the required fields. With JavaScript: the same
 * form sent with XHR through the BFF proxy, showing the upload progress. The backend's
 * answer (type by content, size) decides.
 */
export function UploadForm({ gch, maxSizeMb, error, paperId, themeId }: Props) {
  const activity = Boolean(themeId && !paperId);
  const schema = useMemo(() => submissionFileSchema(maxSizeMb, !paperId), [maxSizeMb, paperId]);
  const { progress, refusal, send } = useProgressUpload({ tooLarge: manuscriptFileMessages.tooLarge(maxSizeMb), failed: copy.file.failed });
  const lastResult = useMemo(() => {
    const shown = refusal?.message ?? error;
    return shown ? uploadRefusal(shown) : undefined;
  }, [refusal, error]);
  const [form, fields] = useForm({
    id: `upload-${paperId ?? gch}`,
    lastResult,
    // Without JavaScript the browser's own check of `required` stands in for the schema.
    defaultNoValidate: false,
    ...checkedBy(schema),
    onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      // The premise is the page's check; the backend's upload takes the file and where it goes.
      formData.delete('accept');
      send(activity ? ACTIVITY_UPLOAD_URL : UPLOAD_URL, formData, (answer) =>
        answer.entity?.paperId ? `/upload/info?paperId=${answer.entity.paperId}` : null,
      );
    },
  });

  return (
    <FormLook look={uploadLook}>
      <form
        method="post"
        encType="multipart/form-data"
        action={`/upload?redirectGch=${encodeURIComponent(gch)}${activity ? `&themeId=${themeId}` : ''}`}
        {...getFormProps(form)}
      >
        <FormMessage form={form} />
        <input type="hidden" name="gch" value={gch} />
        {activity ? <input type="hidden" name="themeId" value={themeId} /> : null}
        {paperId ? <input type="hidden" name="paperId" value={paperId} /> : null}
        <FileField
          meta={fields.file}
          label={copy.file.label}
          hint={copy.file.hint(maxSizeMb)}
          formats={copy.file.formats(maxSizeMb)}
          accept={MANUSCRIPT_ACCEPT}
        />
        {paperId ? null : <CheckboxField meta={fields.accept} label={copy.premise.accept} />}
        {progress !== null && <UploadProgress percent={progress} label={copy.file.uploading} text={copy.file.progress(progress)} />}
        <div className={classes.actions}>
          <SubmitButton busy={progress !== null} busyLabel={copy.file.uploading}>
            {copy.file.submit}
          </SubmitButton>
        </div>
      </form>
    </FormLook>
  );
}
