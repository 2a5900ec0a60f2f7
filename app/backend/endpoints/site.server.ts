import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { labelSchema } from './journals.server';

// Calls of the about page, the sitemap and the feeds that no other area declares.

/** How a journal shows itself on the portal (about page: submission guide and contacts). */
export const journalDispositionSchema = z.object({
  journalId: z.number(),
  gch: z.string(),
  name: z.string(),
  acceptsContribution: z.boolean().default(false),
  /** HTML: sanitise before rendering. */
  submissionNotice: z.string().nullish(),
  reviewCycleDays: z.number().nullish(),
  contact: z.object({ email: z.string().nullish(), phone: z.string().nullish(), address: z.string().nullish() }).nullish(),
  labels: z.array(labelSchema).default([]),
});
export type JournalDisposition = z.infer<typeof journalDispositionSchema>;

export const journalDisposition = defineEndpoint<{ journalId: number }, JournalDisposition>(
  'POST',
  '/api/homeApi/getJournalDispositionByJournalId',
  journalDispositionSchema,
);
