import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { verification as copy } from '~/copy/verification';
import { FieldError } from '../account/fields';
import classes from './verification.module.css';

/**
 * Fields of the account's verification, invoicing and feedback forms, on conform's
 * metadata: the label, the control with `aria-invalid` / `aria-describedby`, the hint and
 * the first error. The server renders the same markup from the action's answer, so errors
 * and the user's values show without JavaScript.
 */

type Meta = FieldMetadata<string | undefined>;

function describedBy(meta: Meta, hintId: string | null) {
  const ids = [hintId, meta.errors?.length ? meta.errorId : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Label({ meta, label, optional }: { meta: Meta; label: string; optional?: boolean }) {
  return (
    <label htmlFor={meta.id} className={classes.label}>
      {label}
      {optional ? <small>{copy.common.optional}</small> : null}
    </label>
  );
}

interface TextFieldProps {
  meta: Meta;
  label: string;
  type?: 'text' | 'email' | 'tel';
  hint?: ReactNode;
  optional?: boolean;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  className?: string;
}

export function TextField({ meta, label, type = 'text', hint, optional, placeholder, autoComplete, inputMode, className }: TextFieldProps) {
  const hintId = hint ? `${meta.id}-hint` : null;
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: undefined });
  return (
    <div className={classes.field}>
      <Label meta={meta} label={label} optional={optional} />
      <input
        key={key}
        {...props}
        aria-describedby={describedBy(meta, hintId)}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={className}
      />
      {hint ? (
        <span id={hintId ?? undefined} className={classes.hint}>
          {hint}
        </span>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

export function SelectField({ meta, label, options }: { meta: Meta; label: string; options: readonly { value: string; label: string }[] }) {
  const { key, ...props } = getSelectProps(meta, { ariaDescribedBy: undefined });
  return (
    <div className={classes.field}>
      <Label meta={meta} label={label} />
      <select key={key} {...props} aria-describedby={describedBy(meta, null)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

export function TextareaField({ meta, label, hint, rows = 6, after }: { meta: Meta; label: string; hint?: ReactNode; rows?: number; after?: ReactNode }) {
  const hintId = `${meta.id}-hint`;
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: undefined });
  return (
    <div className={classes.field}>
      <Label meta={meta} label={label} />
      <textarea key={key} {...props} rows={rows} aria-describedby={describedBy(meta, hint ? hintId : null)} />
      <div className={classes.hintRow}>
        {hint ? (
          <span id={hintId} className={classes.hint}>
            {hint}
          </span>
        ) : (
          <span />
        )}
        {after}
      </div>
      <FieldError meta={meta} />
    </div>
  );
}

/** The form's own error (a refusal of the backend that belongs to no field). */
export function FormError({ form }: { form: Pick<FormMetadata<Record<string, unknown>>, 'errors' | 'errorId'> }) {
  const error = form.errors?.[0];
  return error ? (
    <p id={form.errorId} className={classes.formError} role="alert">
      {error}
    </p>
  ) : null;
}

export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className={classes.button} disabled={busy} aria-busy={busy || undefined}>
      {busy ? copy.common.saving : children}
    </button>
  );
}
