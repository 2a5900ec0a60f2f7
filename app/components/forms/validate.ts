import type { Submission } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';

/**
 * Checks a form in the browser with the same zod schema as its action, keeping the schema's
 * types. A button that needs fewer fields than the whole form (获取验证码 needs the mobile
 * number, not the password) is checked with its own, narrower schema: its errors show as
 * usual, and when it passes, the form is let through without claiming a value for the whole
 * form (`error: null` is conform's "nothing to report, submit").
 */
export function validateForm<S extends z.ZodType>(formData: FormData, schema: S, narrower?: z.ZodType): Submission<z.input<S>, string[], z.output<S>> {
  if (!narrower || narrower === schema) return parseWithZod(formData, { schema });
  const submission = parseWithZod(formData, { schema: narrower });
  if (submission.status !== 'success') return submission;
  return { status: undefined, payload: submission.payload, error: null, reply: submission.reply };
}

/**
 * What conform needs to check a form with its schema, as every form of the kit does: the
 * schema's constraints on the fields (`required`, `maxLength`), the check in the browser,
 * first as a field is left (or on submit), then again as one types. `narrower` names the
 * schema of the button that was pressed, when it needs less than the whole form.
 */
export function checkedBy<S extends z.ZodType>(schema: S, first: 'onBlur' | 'onSubmit' = 'onBlur', narrower?: (formData: FormData) => z.ZodType | undefined) {
  return {
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }: { formData: FormData }) => validateForm(formData, schema, narrower?.(formData)),
    shouldValidate: first,
    shouldRevalidate: 'onInput' as const,
  };
}
