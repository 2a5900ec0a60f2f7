import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { pageSchema } from '../../../contract/envelope';
import { articleCardSchema } from './papers.server';

/** An expert author (docs/backend-contract.md, "Expert author"). */
export const expertSchema = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.number().nullish(),
  title: z.string().nullish(),
  institution: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  education: z.string().nullish(),
  researchFields: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  biography: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  avatar: z.string().nullish(),
  paperCount: z.number().default(0),
  citationCount: z.number().default(0),
  downloadCount: z.number().default(0),
  hIndex: z.number().nullish(),
});
export type Expert = z.infer<typeof expertSchema>;

export const expertProfileSchema = expertSchema.extend({
  papers: z.array(articleCardSchema).default([]),
  paperTotal: z.number().default(0),
});
export type ExpertProfile = z.infer<typeof expertProfileSchema>;

const AUTHOR_INFO = '/api/authorSearchApi/authorInfo';

/** authorInfo without id: the expert list, most papers first; `keyword` matches name, institution or field. */
export const expertPageSchema = pageSchema(expertSchema);
export const expertList = defineEndpoint<{ keyword?: string; current: number; size: number }, z.infer<typeof expertPageSchema>>(
  'POST',
  AUTHOR_INFO,
  expertPageSchema,
);

/** authorInfo with id: one expert with their latest papers. An unknown id is refused (code 404). */
export const expertProfile = defineEndpoint<{ id: number }, ExpertProfile>('POST', AUTHOR_INFO, expertProfileSchema);

// The statistics of one expert (each with `id`; without it they describe the whole corpus).

export const paperTrendSchema = z.array(z.object({ year: z.number(), count: z.number() }));
export const paperTrend = defineEndpoint<{ id: number }, z.infer<typeof paperTrendSchema>>('POST', '/api/authorSearchApi/paperTrend', paperTrendSchema);

/** Top keywords of the expert's papers. */
export const researchFieldSchema = z.array(z.object({ name: z.string(), value: z.number() }));
export const researchField = defineEndpoint<{ id: number }, z.infer<typeof researchFieldSchema>>(
  'POST',
  '/api/authorSearchApi/researchField',
  researchFieldSchema,
);

/** Papers per year split by subject class (中图分类号): `series[i].data[j]` belongs to `years[j]`. */
export const eduClassTrendSchema = z.object({
  years: z.array(z.number()),
  series: z.array(z.object({ code: z.string().nullish(), name: z.string(), data: z.array(z.number()) })),
});
export const eduClassTrend = defineEndpoint<{ id: number }, z.infer<typeof eduClassTrendSchema>>(
  'POST',
  '/api/authorSearchApi/eduClassTrend',
  eduClassTrendSchema,
);

/** Papers per year: all, funded, and funded by the National Social Science Fund. */
export const fundTrendSchema = z.array(z.object({ year: z.number(), total: z.number(), funded: z.number(), national: z.number().default(0) }));
export const fundTrend = defineEndpoint<{ id: number }, z.infer<typeof fundTrendSchema>>('POST', '/api/authorSearchApi/fundTrend', fundTrendSchema);
