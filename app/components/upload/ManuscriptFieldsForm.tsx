import { getFormProps, useForm } from '@conform-to/react';
import { useMemo, useState, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { FieldError, FormLook, FormMessage, SelectField, TextField, TextareaField } from '~/components/forms/fields';
import { validateForm } from '~/components/forms/validate';
import { upload as copy } from '~/copy/upload';
import {
  manuscriptForm,
  manuscriptFormResult,
  manuscriptFormSchema,
  manuscriptSchemaForIntent,
  type ManuscriptForm,
  type ManuscriptFormValues,
  type ManuscriptInfo,
} from '~/schemas/manuscript';
import classes from '~/styles/upload.module.css';
import { useUnsavedChangesWarning } from '~/lib/use-unsaved-changes';
import { uploadLook } from '~/components/upload/look';

interface Props {
  paperId: number;
  columns: { id: number; name: string }[];
  paperTypes: string[];
  values: ManuscriptFormValues;
  /** The server's errors of the last submission, by field (`authors.0.email`). */
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

/**
 * Step 2 (and the information edit of /updatePaperInfo): a server-rendered form; the
 * author list is edited with submit buttons without JavaScript, and validated as one
 * types with it (the same zod schema as the action).
 */
export function ManuscriptFieldsForm({ paperId, columns, paperTypes, values, errors, action, heading, defaultIntent = 'save', buttons }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  // Typed but not saved: leaving the page asks first.
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesWarning(dirty && !busy, copy.info.unsavedChanges);
  const answered = Object.keys(errors).length > 0;
  const lastResult = useMemo(() => (answered ? manuscriptFormResult(values, errors) : undefined), [answered, values, errors]);
  const initial = manuscriptForm(values);
  if (initial.authors.length === 0) initial.authors = [{}];
  const [form, fields] = useForm<ManuscriptForm, ManuscriptInfo>({
    id: `manuscript-${paperId}`,
    defaultValue: { ...initial, corresponding: initial.corresponding ?? '0' },
    lastResult,
    // A field is checked by the rules as one leaves it; a button for what it needs: going on, everything;
    // a draft, the lengths; the author list, nothing.
    onValidate: ({ formData, submitter }) =>
      validateForm(formData, manuscriptFormSchema, submitter?.name === 'intent' ? manuscriptSchemaForIntent(submitter.value) : undefined),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const authors = fields.authors.getFieldList();
  const correspondingIndex = Number(fields.corresponding.initialValue ?? 0);

  return (
    <FormLook look={uploadLook}>
      <Form
        method="post"
        {...getFormProps(form)}
        action={action ?? `/upload/info?paperId=${paperId}`}
        className={classes.section}
        onChange={() => setDirty(true)}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (!event.defaultPrevented) setDirty(false);
        }}
      >
        <h2>{heading ?? copy.info.title}</h2>
        {/* Enter in a field saves the draft (the first submit button is the form's default). */}
        <button
          type="submit"
          name="intent"
          value={defaultIntent}
          tabIndex={-1}
          aria-hidden="true"
          style={{ position: 'absolute', left: -9999, width: 1, height: 1 }}
        />
        <p className={classes.hint}>{copy.info.fields.requiredNote}</p>
        <FormMessage form={form} />
        <TextField meta={fields.title} label={copy.info.fields.title} maxLength={100} required />
        <TextField meta={fields.titleEn} label={copy.info.fields.titleEn} maxLength={300} />
        <TextareaField
          meta={fields.abstract}
          label={copy.info.fields.abstract}
          rows={6}
          required
          hint={copy.info.fields.abstractHint}
          besideHint={<span className={classes.hint}>{copy.info.fields.abstractCount((fields.abstract.value ?? '').trim().length)}</span>}
        />
        <TextField meta={fields.keywords} label={copy.info.fields.keywords} hint={copy.info.fields.keywordsHint} required />
        <div className={classes.grid}>
          <SelectField
            meta={fields.columnId}
            label={copy.info.fields.columnId}
            placeholder={copy.info.fields.columnPlaceholder}
            options={columns.map((c) => ({ value: String(c.id), label: c.name }))}
            required
          />
          <SelectField meta={fields.paperType} label={copy.info.fields.paperType} options={paperTypes.map((t) => ({ value: t, label: t }))} />
        </div>
        <TextField meta={fields.fund} label={copy.info.fields.fund} />
        <fieldset className={classes.author} aria-describedby={fields.authors.errors?.length ? fields.authors.errorId : undefined}>
          <legend>{copy.info.authors.legend}</legend>
          <FieldError meta={fields.authors} />
          {authors.map((entry, i) => {
            const author = entry.getFieldset();
            return (
              <fieldset key={entry.key} className={classes.author}>
                <legend>{copy.info.authors.item(i + 1)}</legend>
                <div className={classes.grid}>
                  <TextField meta={author.name} label={copy.info.authors.name} required />
                  <TextField meta={author.institution} label={copy.info.authors.institution} required />
                  <TextField meta={author.email} label={copy.info.authors.email} type="email" />
                  <TextField meta={author.mobile} label={copy.info.authors.mobile} type="tel" />
                </div>
                <label className={classes.check}>
                  <input type="radio" name={fields.corresponding.name} value={i} defaultChecked={i === correspondingIndex} form={form.id} />
                  <span>{copy.info.authors.corresponding}</span>
                </label>
                {/* The list is edited on the server, which keeps the corresponding author with its author (decision 0023). */}
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
            );
          })}
          {authors.length < 10 && (
            <button type="submit" name="intent" value="addAuthor" className={classes.secondary}>
              {copy.info.authors.add}
            </button>
          )}
        </fieldset>
        <TextareaField meta={fields.remark} label={copy.info.fields.remark} rows={3} />
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
    </FormLook>
  );
}
