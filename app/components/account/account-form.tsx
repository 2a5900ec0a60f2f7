import { getFormProps, useForm, type DefaultValue } from '@conform-to/react';
import { useNavigation } from 'react-router';
import type { z } from 'zod';
import type { FieldLook } from '~/components/forms/fields';
import { checkedBy } from '~/components/forms/validate';
import { FORM_FIELD } from '~/schemas/account';
import { INTENT_FIELD } from '~/schemas/auth';
import type { AccountActionData } from './types';
import classes from './account.module.css';

/** The personal centre's look of the form kit (the personal layout provides it). */
export const accountLook: FieldLook = {
  field: classes.field,
  label: classes.label,
  control: classes.control,
  input: classes.input,
  textarea: classes.textarea,
  select: classes.select,
  hint: classes.hint,
  fieldError: classes.fieldError,
  formError: classes.formError,
  notice: classes.notice,
  choices: classes.choices,
  choice: classes.choice,
  check: classes.check,
  submit: classes.button,
};

/**
 * One account form: conform + the shared zod schema (checked on submit, then as the user
 * types), the server's answer when it is this form's (errors and the values typed), and
 * whether this very form is being submitted. Posted as a plain <Form>: it works the same
 * without JavaScript.
 */
export function useAccountForm<S extends z.ZodObject, B extends z.ZodObject = z.ZodObject<Record<never, never>>>(options: {
  id: string;
  form: string;
  schema: S;
  /** A button that needs other fields than the form (获取验证码): its intent and its schema. */
  button?: { intent: string; schema: B };
  actionData: unknown;
  defaultValue?: DefaultValue<z.input<S> & Partial<z.input<B>>>;
}) {
  const answer = isAnswer(options.actionData) && options.actionData.form === options.form ? options.actionData : undefined;
  const { button } = options;
  // The form's fields, and those its button sends.
  const [form, fields] = useForm<z.input<S> & Partial<z.input<B>>, z.output<S>>({
    id: options.id,
    lastResult: answer?.result,
    defaultValue: options.defaultValue,
    ...checkedBy(options.schema, 'onSubmit', (formData) => (button && formData.get(INTENT_FIELD) === button.intent ? button.schema : undefined)),
  });
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get(FORM_FIELD) === options.form;
  return { form, fields, answer, busy, formProps: getFormProps(form) };
}

function isAnswer(value: unknown): value is AccountActionData {
  return typeof value === 'object' && value !== null && 'form' in value && 'result' in value;
}

/** The hidden field naming the form a submission comes from (several forms share one action). */
export function FormName({ name }: { name: string }) {
  return <input type="hidden" name={FORM_FIELD} value={name} />;
}
