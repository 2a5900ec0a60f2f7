/**
 * Where a form shows the backend's refusal: the backend names the request parameter a
 * refusal is about (`field` of the envelope, docs/backend-contract.md), and each form
 * declares, beside its schema, which of its fields stands for which parameter. A refusal
 * about no declared parameter is shown for the whole form. No message text is read.
 */
export type RefusalFields<Field extends string> = Readonly<Partial<Record<string, Field>>>;

export interface Refusal {
  message: string;
  /** The request parameter the backend says the refusal is about. */
  field?: string;
}

export function refusalErrors<Field extends string>(refusal: Refusal, fields: RefusalFields<Field>) {
  const field = refusal.field && Object.hasOwn(fields, refusal.field) ? fields[refusal.field] : undefined;
  return field ? { fieldErrors: { [field]: [refusal.message] } as Record<string, string[]> } : { formErrors: [refusal.message] };
}

/** The same field for every parameter of these names (a form whose fields are named as the backend's parameters). */
export function sameNames<Field extends string>(...names: Field[]): RefusalFields<Field> {
  return Object.fromEntries(names.map((name) => [name, name])) as RefusalFields<Field>;
}
