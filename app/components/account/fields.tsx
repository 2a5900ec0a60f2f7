import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type FormMetadata, type Submission } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useNavigation } from 'react-router';
import type { z } from 'zod';
import { FORM_FIELD } from '~/forms/account';
import type { AccountActionData } from './types';
import classes from './account.module.css';

type Fields = Record<string, string>;

/**
 * One account form: conform + the shared zod schema (checked on submit, then as the user
 * types), the server's answer when it is this form's (errors and the values typed), and
 * whether this very form is being submitted. Posted as a plain <Form>: it works the same
 * without JavaScript.
 */
export function useAccountForm(options: {
  id: string;
  form: string;
  schema: z.ZodType;
  /** The schema of a submission when it depends on the button pressed (the SMS button). */
  schemaFor?: (formData: FormData) => z.ZodType;
  actionData: unknown;
  defaultValue?: Record<string, string | undefined>;
}) {
  const answer = isAnswer(options.actionData) && options.actionData.form === options.form ? options.actionData : undefined;
  const [form, fields] = useForm<Fields>({
    id: options.id,
    lastResult: answer?.result,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(options.schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schemaFor?.(formData) ?? options.schema }) as unknown as Submission<Fields>,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get(FORM_FIELD) === options.form;
  return { form, fields, answer, busy, formProps: getFormProps(form) };
}

function isAnswer(value: unknown): value is AccountActionData {
  return typeof value === 'object' && value !== null && 'form' in value && 'result' in value;
}

/** The form's own error (a backend refusal) or its success note, above the fields. */
export function FormAlert({ form, notice }: { form: FormMetadata<Fields>; notice?: string }) {
  const error = form.errors?.[0];
  if (error) {
    return (
      <p id={form.errorId} className={classes.formError} role="alert">
        {error}
      </p>
    );
  }
  return notice ? (
    <p className={classes.notice} role="status">
      {notice}
    </p>
  ) : null;
}

/** A field's first error, under it (the verification forms use it too). */
export function FieldError({ meta }: { meta: { errors?: string[]; errorId: string } }) {
  const error = meta.errors?.[0];
  return error ? (
    <p id={meta.errorId} className={classes.fieldError}>
      {error}
    </p>
  ) : null;
}

function describedBy(hintId: string | null, own: string | undefined) {
  return [hintId, own].filter(Boolean).join(' ') || undefined;
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  meta: FieldMetadata<string>;
  label: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password';
  className?: string;
}

export function InputField({ meta, label, hint, type = 'text', className, ...rest }: InputFieldProps) {
  const props = getInputProps(meta, { type });
  return (
    <LabelledField meta={meta} label={label} hint={hint} className={className}>
      {(hintId) => <input {...props} {...rest} key={props.key} className={classes.input} aria-describedby={describedBy(hintId, props['aria-describedby'])} />}
    </LabelledField>
  );
}

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  meta: FieldMetadata<string>;
  label: string;
  hint?: ReactNode;
  className?: string;
}

export function TextareaField({ meta, label, hint, className, ...rest }: TextareaFieldProps) {
  const props = getTextareaProps(meta);
  return (
    <LabelledField meta={meta} label={label} hint={hint} className={className}>
      {(hintId) => <textarea {...props} {...rest} key={props.key} className={classes.textarea} aria-describedby={describedBy(hintId, props['aria-describedby'])} />}
    </LabelledField>
  );
}

/** Label, the control (given the id of its hint), the hint and the field's error. */
function LabelledField({ meta, label, hint, className, children }: { meta: FieldMetadata<string>; label: string; hint?: ReactNode; className?: string; children: (hintId: string | null) => ReactNode }) {
  const hintId = hint ? `${meta.id}-hint` : null;
  return (
    <div className={`${classes.field} ${className ?? ''}`}>
      <label htmlFor={meta.id} className={classes.label}>
        {label}
      </label>
      {children(hintId)}
      {hintId ? (
        <span id={hintId} className={classes.hint}>
          {hint}
        </span>
      ) : null}
      <FieldError meta={meta} />
    </div>
  );
}

/** A choice among a few values (radio buttons in a fieldset whose legend is the label). */
export function RadioField({ meta, label, options }: { meta: FieldMetadata<string>; label: string; options: { value: string; label: string }[] }) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset className={`${classes.field} ${classes.choices}`} aria-describedby={invalid ? meta.errorId : undefined} aria-invalid={invalid || undefined}>
      <legend className={classes.label}>{label}</legend>
      {options.map((option) => (
        <label key={option.value} className={classes.choice}>
          <input type="radio" name={meta.name} value={option.value} defaultChecked={meta.initialValue === option.value} key={`${meta.key ?? ''}-${option.value}`} form={meta.formId} />
          {option.label}
        </label>
      ))}
      <FieldError meta={meta} />
    </fieldset>
  );
}

/** A checkbox with its text as the label (an acknowledgement). */
export function CheckboxField({ meta, label }: { meta: FieldMetadata<string>; label: string }) {
  const props = getInputProps(meta, { type: 'checkbox' });
  return (
    <div className={classes.field}>
      <label className={classes.check}>
        <input {...props} key={props.key} />
        <span>{label}</span>
      </label>
      <FieldError meta={meta} />
    </div>
  );
}

/** The hidden field naming the form a submission comes from (several forms share one action). */
export function FormName({ name }: { name: string }) {
  return <input type="hidden" name={FORM_FIELD} value={name} />;
}
