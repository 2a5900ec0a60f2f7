import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { createContext, useContext, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { forms as copy } from '~/copy/forms';
import { FileDropZone } from '~/components/widgets/FileDropZone';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * The form kit: every form's fields, on conform's metadata. A field is its label, the
 * control with `aria-invalid` and `aria-describedby` (its hint and its error), the hint and
 * the first error; the server renders the same markup from the action's answer, so errors
 * and the user's values show without JavaScript.
 *
 * What differs between forms is their look, not their markup: the sign-in sheet is compact,
 * the account pages are not. A form area says its look once with <FormLook>.
 */
export interface FieldLook {
  field?: string;
  label?: string;
  /** The control and what sits beside it (the SMS button). */
  control?: string;
  input?: string;
  textarea?: string;
  select?: string;
  hint?: string;
  /** The mark of a required field beside its label. */
  required?: string;
  /** The hint and what sits beside it (a character count). */
  hintRow?: string;
  fieldError?: string;
  formError?: string;
  notice?: string;
  /** A fieldset of radio buttons, and each of them. */
  choices?: string;
  choice?: string;
  check?: string;
  submit?: string;
}

const LookContext = createContext<FieldLook>({});

export function FormLook({ look, children }: { look: FieldLook; children: ReactNode }) {
  return <LookContext.Provider value={look}>{children}</LookContext.Provider>;
}

const useLook = () => useContext(LookContext);

/** Any field of any form: the kit reads only its name, ids, value and errors. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldMeta = FieldMetadata<any, any, string[]>;
type Meta = FieldMeta;

function describedBy(meta: Meta, hintId: string | null) {
  const ids = [hintId, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * Without JavaScript a form with errors comes back as a new page: its first error (the form's
 * message, or else the first invalid field) takes the focus, through the `autofocus` the
 * browser honours on the first element that has it. With JavaScript, conform moves the focus.
 */
export function useFocusOnServerError(invalid: boolean): { autoFocus?: true } {
  const hydrated = useHydrated();
  return invalid && !hydrated ? { autoFocus: true } : {};
}

/** A field's first error, under it. */
export function FieldError({ meta }: { meta: Pick<Meta, 'errors' | 'errorId'> }) {
  const look = useLook();
  const error = meta.errors?.[0];
  return error ? (
    <p id={meta.errorId} className={look.fieldError}>
      {error}
    </p>
  ) : null;
}

/** The form's own error (a refusal that belongs to no field), or else its success note. */
export function FormMessage({ form, notice }: { form: { errors?: string[]; errorId: string }; notice?: string }) {
  const look = useLook();
  const error = form.errors?.[0];
  const focus = useFocusOnServerError(Boolean(error));
  if (error) {
    return (
      <p id={form.errorId} className={look.formError} role="alert" tabIndex={-1} {...focus}>
        {error}
      </p>
    );
  }
  return notice ? (
    <p className={look.notice} role="status">
      {notice}
    </p>
  ) : null;
}

interface FrameProps {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  /** Marked 选填 beside the label. */
  optional?: boolean;
  /** Marked * beside the label, and `aria-required` on the control (the form says what * means). */
  required?: boolean;
  /** Beside the control (the SMS button). */
  beside?: ReactNode;
  /** Beside the hint (a character count). */
  besideHint?: ReactNode;
  className?: string;
  children: (hintId: string | null) => ReactNode;
}

/** Label, control, hint and error: the one frame of every field. */
function FieldFrame({ meta, label, hint, optional, required, beside, besideHint, className, children }: FrameProps) {
  const look = useLook();
  const hintId = hint ? `${meta.id}-hint` : null;
  const hintNode = hint ? (
    <span id={hintId ?? undefined} className={look.hint}>
      {hint}
    </span>
  ) : null;
  return (
    <div className={[look.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={meta.id} className={look.label}>
        {label}
        {required ? (
          <span className={look.required} aria-hidden="true">
            *
          </span>
        ) : null}
        {optional ? <small>{copy.optional}</small> : null}
      </label>
      {beside ? (
        <div className={look.control}>
          {children(hintId)}
          {beside}
        </div>
      ) : (
        children(hintId)
      )}
      {besideHint ? (
        <div className={look.hintRow}>
          {hintNode ?? <span />}
          {besideHint}
        </div>
      ) : (
        hintNode
      )}
      <FieldError meta={meta} />
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  meta: Meta;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  hint?: ReactNode;
  optional?: boolean;
  required?: boolean;
  beside?: ReactNode;
  /** The field's box (the control keeps the look's class). */
  fieldClassName?: string;
}

export function TextField({ meta, label, type = 'text', hint, optional, required, beside, fieldClassName, className, ...rest }: TextFieldProps) {
  const look = useLook();
  const focus = useFocusOnServerError(Boolean(meta.errors?.length));
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: undefined });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} optional={optional} required={required} beside={beside} className={fieldClassName}>
      {(hintId) => (
        <input
          key={key}
          {...props}
          {...rest}
          {...focus}
          className={[look.input, className].filter(Boolean).join(' ')}
          aria-describedby={describedBy(meta, hintId)}
          aria-required={required || undefined}
        />
      )}
    </FieldFrame>
  );
}

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  besideHint?: ReactNode;
  required?: boolean;
  fieldClassName?: string;
}

export function TextareaField({ meta, label, hint, besideHint, required, fieldClassName, rows = 6, ...rest }: TextareaFieldProps) {
  const look = useLook();
  const focus = useFocusOnServerError(Boolean(meta.errors?.length));
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: undefined });
  return (
    <FieldFrame meta={meta} label={label} hint={hint} besideHint={besideHint} required={required} className={fieldClassName}>
      {(hintId) => (
        <textarea
          key={key}
          {...props}
          {...rest}
          {...focus}
          rows={rows}
          className={look.textarea}
          aria-describedby={describedBy(meta, hintId)}
          aria-required={required || undefined}
        />
      )}
    </FieldFrame>
  );
}

export function SelectField({
  meta,
  label,
  options,
  placeholder,
  required,
}: {
  meta: Meta;
  label: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  required?: boolean;
}) {
  const look = useLook();
  const focus = useFocusOnServerError(Boolean(meta.errors?.length));
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: undefined });
  return (
    <FieldFrame meta={meta} label={label} required={required}>
      {(hintId) => (
        <select key={key} {...props} {...focus} className={look.select} aria-describedby={describedBy(meta, hintId)} aria-required={required || undefined}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A choice among a few values: radio buttons in a fieldset whose legend is the label. */
export function RadioField({ meta, label, options }: { meta: Meta; label: string; options: readonly { value: string; label: string }[] }) {
  const look = useLook();
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset
      className={[look.field, look.choices].filter(Boolean).join(' ')}
      aria-describedby={invalid ? meta.errorId : undefined}
      aria-invalid={invalid || undefined}
    >
      <legend className={look.label}>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={look.choice}>
          <input
            type="radio"
            name={meta.name}
            value={option.value}
            defaultChecked={meta.initialValue === option.value}
            key={`${meta.key ?? ''}-${option.value}`}
            form={meta.formId}
          />
          {option.label}
        </label>
      ))}
      <FieldError meta={meta} />
    </fieldset>
  );
}

/**
 * A file: the designed drop zone over the real input, so it works by touch and without
 * JavaScript. A file input has no value to give back: after a refusal it is chosen again.
 */
export function FileField({
  meta,
  label,
  hint,
  formats,
  accept,
}: {
  meta: Meta;
  label: string;
  hint?: ReactNode;
  /** The accepted formats and size limit, in Chinese, inside the zone. */
  formats: string;
  accept: string;
}) {
  const { key, ...props } = getInputProps(meta, { type: 'file', value: false, ariaDescribedBy: undefined });
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      {(hintId) => <FileDropZone key={key} {...props} id={meta.id} accept={accept} formats={formats} aria-describedby={describedBy(meta, hintId)} />}
    </FieldFrame>
  );
}

/** A checkbox with its text as the label (an acknowledgement). */
export function CheckboxField({ meta, label }: { meta: Meta; label: ReactNode }) {
  const look = useLook();
  const { key, ...props } = getInputProps(meta, { type: 'checkbox' });
  return (
    <div className={look.field}>
      <label className={look.check}>
        <input key={key} {...props} />
        <span>{label}</span>
      </label>
      <FieldError meta={meta} />
    </div>
  );
}

/** The form's submit button: disabled and marked busy while its submission is under way. */
export function SubmitButton({
  busy,
  busyLabel,
  name,
  value,
  children,
}: {
  busy: boolean;
  busyLabel?: string;
  name?: string;
  value?: string;
  children: ReactNode;
}) {
  const look = useLook();
  return (
    <button type="submit" name={name} value={value} className={look.submit} disabled={busy} aria-busy={busy || undefined}>
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
