import { useId, useState, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { upload as copy } from '~/copy/upload';
import { manuscriptInfoSchema, manuscriptFormValues, fieldErrors, type ManuscriptFormValues } from '~/forms/manuscript';
import classes from '~/styles/upload.module.css';
import { useUnsavedChangesWarning } from '~/lib/use-unsaved-changes';

interface Props {
  paperId: number;
  columns: { id: number; name: string }[];
  paperTypes: string[];
  values: ManuscriptFormValues;
  errors: Record<string, string>;
  /** Where the form posts (default: step 2 of a submission, /upload/info). */
  action?: string;
  /** The heading of the form. */
  heading?: string;
  /** Intent of Enter in a field (the form's first, hidden submit button). */
  defaultIntent?: string;
  /** The submit buttons (default: save the draft, next step), given `busy`. */
  buttons?: (busy: boolean) => ReactNode;
}

function Field({ name, label, error, hint, children }: { name: string; label: string; error?: string; hint?: string; children: (a11y: Record<string, unknown>) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={classes.field}>
      <label htmlFor={`${id}-input`}>{label}</label>
      {children({ id: `${id}-input`, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <span id={`${id}-hint`} className={classes.hint}>
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Step 2 (and the information edit of /updatePaperInfo): a server-rendered form; the
 * author list is edited with submit buttons without JavaScript, and validated as one
 * types with it (the same zod schema as the action).
 */
export function ManuscriptFieldsForm({ paperId, columns, paperTypes, values, errors: serverErrors, action, heading, defaultIntent = 'save', buttons }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [liveErrors, setLiveErrors] = useState<Record<string, string> | null>(null);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  // Typed but not saved: leaving the page asks first.
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesWarning(dirty && !busy, copy.info.unsavedChanges);
  const errors: Record<string, string> = { ...serverErrors };
  if (liveErrors) {
    for (const key of touched) {
      if (liveErrors[key]) errors[key] = liveErrors[key];
      else delete errors[key];
    }
  }
  const authors = values.authors.length > 0 ? values.authors : [{ name: undefined, institution: undefined, email: undefined, mobile: undefined, corresponding: 'on' }];
  const correspondingIndex = Math.max(0, authors.findIndex((a) => a.corresponding === 'on'));

  function validate(form: HTMLFormElement, name: string) {
    const result = manuscriptInfoSchema.safeParse(manuscriptFormValues(new FormData(form)));
    setLiveErrors(result.success ? {} : fieldErrors(result.error.issues));
    setTouched((prev) => new Set(prev).add(name.replace(/\[(\d+)\]/g, '.$1')));
  }

  return (
    <Form
      method="post"
      action={action ?? `/upload/info?paperId=${paperId}`}
      className={classes.section}
      onChange={(e) => {
        setDirty(true);
        validate(e.currentTarget, (e.target as unknown as HTMLInputElement).name);
      }}
      onSubmit={() => setDirty(false)}
      noValidate
    >
      <h2>{heading ?? copy.info.title}</h2>
      {/* Enter in a field saves the draft (the first submit button is the form's default). */}
      <button type="submit" name="intent" value={defaultIntent} tabIndex={-1} aria-hidden="true" style={{ position: 'absolute', left: -9999, width: 1, height: 1 }} />
      <Field name="title" label={copy.info.fields.title} error={errors.title}>
        {(a) => <input type="text" defaultValue={values.title} maxLength={100} {...a} />}
      </Field>
      <Field name="titleEn" label={copy.info.fields.titleEn} error={errors.titleEn}>
        {(a) => <input type="text" defaultValue={values.titleEn} maxLength={300} {...a} />}
      </Field>
      <Field name="abstract" label={copy.info.fields.abstract} error={errors.abstract}>
        {(a) => <textarea rows={6} defaultValue={values.abstract} {...a} />}
      </Field>
      <Field name="keywords" label={copy.info.fields.keywords} hint={copy.info.fields.keywordsHint} error={errors.keywords}>
        {(a) => <input type="text" defaultValue={values.keywords} {...a} />}
      </Field>
      <div className={classes.grid}>
        <Field name="columnId" label={copy.info.fields.columnId} error={errors.columnId}>
          {(a) => (
            <select defaultValue={values.columnId ?? ''} {...a}>
              <option value="">{copy.info.fields.columnPlaceholder}</option>
              {columns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="paperType" label={copy.info.fields.paperType} error={errors.paperType}>
          {(a) => (
            <select defaultValue={values.paperType ?? paperTypes[0]} {...a}>
              {paperTypes.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field name="fund" label={copy.info.fields.fund} error={errors.fund}>
        {(a) => <input type="text" defaultValue={values.fund} {...a} />}
      </Field>
      <fieldset className={classes.author} aria-describedby={errors.authors ? 'authors-error' : undefined}>
        <legend>{copy.info.authors.legend}</legend>
        {errors.authors && (
          <p id="authors-error" className={classes.error}>
            {errors.authors}
          </p>
        )}
        {authors.map((author, i) => (
          <fieldset key={i} className={classes.author}>
            <legend>{copy.info.authors.item(i + 1)}</legend>
            <div className={classes.grid}>
              <Field name={`authors[${i}].name`} label={copy.info.authors.name} error={errors[`authors.${i}.name`]}>
                {(a) => <input type="text" defaultValue={author.name} {...a} />}
              </Field>
              <Field name={`authors[${i}].institution`} label={copy.info.authors.institution} error={errors[`authors.${i}.institution`]}>
                {(a) => <input type="text" defaultValue={author.institution} {...a} />}
              </Field>
              <Field name={`authors[${i}].email`} label={copy.info.authors.email} error={errors[`authors.${i}.email`]}>
                {(a) => <input type="email" defaultValue={author.email} {...a} />}
              </Field>
              <Field name={`authors[${i}].mobile`} label={copy.info.authors.mobile} error={errors[`authors.${i}.mobile`]}>
                {(a) => <input type="tel" defaultValue={author.mobile} {...a} />}
              </Field>
            </div>
            <label className={classes.check}>
              <input type="radio" name="corresponding" value={i} defaultChecked={i === correspondingIndex} />
              <span>{copy.info.authors.corresponding}</span>
            </label>
            <div className={classes.actions}>
              {i > 0 && (
                <button type="submit" name="intent" value={`authorUp:${i}`} className={classes.secondary}>
                  {copy.info.authors.up}
                </button>
              )}
              {i < authors.length - 1 && (
                <button type="submit" name="intent" value={`authorDown:${i}`} className={classes.secondary}>
                  {copy.info.authors.down}
                </button>
              )}
              {authors.length > 1 && (
                <button type="submit" name="intent" value={`removeAuthor:${i}`} className={classes.secondary}>
                  {copy.info.authors.remove}
                </button>
              )}
            </div>
          </fieldset>
        ))}
        {authors.length < 10 && (
          <button type="submit" name="intent" value="addAuthor" className={classes.secondary}>
            {copy.info.authors.add}
          </button>
        )}
      </fieldset>
      <Field name="remark" label={copy.info.fields.remark} error={errors.remark}>
        {(a) => <textarea rows={3} defaultValue={values.remark} {...a} />}
      </Field>
      <div className={classes.actions}>
        {buttons ? (
          buttons(busy)
        ) : (
          <>
            <button type="submit" name="intent" value="save" className={classes.secondary} disabled={busy}>
              {copy.info.save}
            </button>
            <button type="submit" name="intent" value="next" className={classes.button} disabled={busy}>
              {copy.info.next}
            </button>
          </>
        )}
      </div>
    </Form>
  );
}
