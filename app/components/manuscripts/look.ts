import type { FieldLook } from '~/components/forms/fields';
import classes from './manuscripts.module.css';

/** The manuscript pages' look of the form kit. */
export const manuscriptLook: FieldLook = {
  field: classes.field,
  hint: classes.hint,
  fieldError: classes.error,
  formError: classes.alert,
  choices: classes.choices,
  check: classes.check,
};
