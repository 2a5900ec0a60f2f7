/** Copy of the form kit (app/components/forms). */
export const forms = {
  optional: '选填',
} as const;
