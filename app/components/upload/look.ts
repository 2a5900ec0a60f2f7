import type { FieldLook } from '~/components/forms/fields';
import classes from '~/styles/upload.module.css';

/** The submission pages' look of the form kit (steps 1-3 and the revision). */
export const uploadLook: FieldLook = {
  field: classes.field,
  control: classes.control,
  hint: classes.hint,
  hintRow: classes.hintRow,
  required: classes.required,
  fieldError: classes.error,
  formError: classes.alert,
  check: classes.check,
  submit: classes.button,
};
