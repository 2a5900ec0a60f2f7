import { z } from 'zod';

/**
 * The backend's answer shape, shared by the portal (which parses every answer with this
 * schema) and the sandbox (which answers with the `Envelope` type below):
 * `{ code, success, message, entity }`. A refusal about one request parameter names it in
 * `field` (docs/backend-contract.md), so a form can show the message at that field without
 * reading the message's words.
 */
export const envelopeSchema = z.object({
  code: z.number(),
  success: z.boolean(),
  message: z
    .string()
    .nullish()
    .transform((m) => m ?? ''),
  entity: z.unknown(),
  field: z.string().max(100).nullish(),
  /** A refused sign-in of an existing account names it (its username): the per-account limit counts it once. */
  account: z.string().max(100).nullish(),
});

/** An answer as the backend sends it. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  message: string;
  entity: T | null;
  field?: string;
  account?: string;
}

/** A paged list: `{ records, total, current, size }`. */
export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int().nonnegative(),
    current: z.number().int().positive(),
    size: z.number().int().positive(),
  });
}

export type Page<T> = { records: T[]; total: number; current: number; size: number };
