import type { FieldLook } from '~/components/forms/fields';
import classes from './verification.module.css';

/** The look of the form kit on the verification, invoicing and feedback tabs. */
export const verificationLook: FieldLook = {
  field: classes.field,
  label: classes.label,
  hint: classes.hint,
  hintRow: classes.hintRow,
  fieldError: classes.fieldError,
  formError: classes.formError,
  submit: classes.button,
};
