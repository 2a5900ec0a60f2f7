import { z } from 'zod';
import { defineEndpoint, PUBLIC_LIST_TTL_MS } from '../client.server';

export const labelSchema = z.object({ code: z.string(), name: z.string() });

export const journalSummarySchema = z.object({
  id: z.number(),
  gch: z.string(),
  name: z.string(),
  nameEn: z.string().nullish(),
  issn: z.string().nullish(),
  cn: z.string().nullish(),
  sponsor: z.string().nullish(),
  publisher: z.string().nullish(),
  editorInChief: z.string().nullish(),
  frequency: z.string().nullish(),
  foundedYear: z.number().nullish(),
  cover: z.string().nullish(),
  labels: z.array(labelSchema).default([]),
  acceptsContribution: z.boolean().default(false),
  latestIssue: z.object({ id: z.number(), year: z.number(), volume: z.number().nullish(), issueNo: z.number(), publishDate: z.string().nullish() }).nullish(),
});
export type JournalSummary = z.infer<typeof journalSummarySchema>;

export const issueSchema = z.object({
  id: z.number(),
  year: z.number(),
  volume: z.number().nullish(),
  issueNo: z.number(),
  totalNo: z.number().nullish(),
  publishDate: z.string().nullish(),
  articleCount: z.number().default(0),
});
export type IssueSummary = z.infer<typeof issueSchema>;

export const columnSchema = z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullish() });

export const journalDetailSchema = journalSummarySchema.extend({
  introduction: z.string().nullish(),
  doiPrefix: z.string().nullish(),
  contact: z.object({ email: z.string().nullish(), phone: z.string().nullish(), address: z.string().nullish() }).nullish(),
  columns: z.array(columnSchema).default([]),
  issuesByYear: z.array(z.object({ year: z.number(), issues: z.array(issueSchema) })).default([]),
  stats: z.object({ articleCount: z.number(), totalViews: z.number(), totalDownloads: z.number() }).nullish(),
});
export type JournalDetail = z.infer<typeof journalDetailSchema>;

export const journalList = defineEndpoint<void, JournalSummary[]>('POST', '/api/journalSearchApi/list', z.array(journalSummarySchema), {
  publicTtlMs: PUBLIC_LIST_TTL_MS,
});
export const journalDetails = defineEndpoint<{ id?: number; gch?: string }, JournalDetail>('POST', '/api/journalSearchApi/details', journalDetailSchema);
