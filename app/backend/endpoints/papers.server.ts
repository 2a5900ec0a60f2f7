import { z } from 'zod';
import { defineEndpoint, PUBLIC_LIST_TTL_MS } from '../client.server';
import { pageSchema } from '../envelope';

/** An article's PDF as the backend describes it: `hash` and `fileName` are the download query (spec §3). */
export const fileRefSchema = z.object({
  hash: z.string(),
  fileName: z.string(),
  contentType: z.string().nullish(),
});

export const articleAuthorSchema = z.object({
  name: z.string(),
  /** The English (pinyin) name the journal keeps, e.g. "Wu Kaichen"; absent for some records. */
  nameEn: z.string().nullish(),
  institution: z.string().nullish().transform((v) => v ?? ''),
  order: z.number().nullish(),
  expertId: z.number().nullish(),
  corresponding: z.boolean().nullish(),
});

export const articleCardSchema = z.object({
  id: z.number(),
  title: z.string(),
  titleEn: z.string().nullish(),
  authors: z.array(articleAuthorSchema),
  institutions: z.array(z.string()).default([]),
  keywords: z.array(z.string()).default([]),
  abstract: z.string().nullish().transform((v) => v ?? ''),
  fund: z.string().nullish(),
  journalId: z.number(),
  journalName: z.string(),
  gch: z.string().nullish(),
  issueId: z.number().nullish(),
  year: z.number(),
  volume: z.number().nullish(),
  issueNo: z.number().nullish(),
  columnId: z.number().nullish(),
  columnName: z.string().nullish(),
  publishDate: z.string().nullish(),
  firstPage: z.number().nullish(),
  lastPage: z.number().nullish(),
  doi: z.string().nullish(),
  views: z.number().default(0),
  downloads: z.number().default(0),
  selected: z.boolean().default(false),
  pdfFile: fileRefSchema.nullish(),
});
export type ArticleCard = z.infer<typeof articleCardSchema>;

export const articleDetailSchema = articleCardSchema.extend({
  abstractEn: z.string().nullish(),
  keywordsEn: z.array(z.string()).default([]),
  clc: z.string().nullish(),
  receivedDate: z.string().nullish(),
  revisedDate: z.string().nullish(),
  acceptedDate: z.string().nullish(),
  journal: z.object({ id: z.number(), name: z.string(), nameEn: z.string().nullish(), gch: z.string().nullish(), issn: z.string().nullish(), cn: z.string().nullish() }),
  issue: z.object({ id: z.number(), year: z.number(), volume: z.number().nullish(), issueNo: z.number().nullish(), totalNo: z.number().nullish(), publishDate: z.string().nullish() }),
  column: z.object({ id: z.number(), name: z.string() }).nullish(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const articlePageSchema = pageSchema(articleCardSchema);

export interface ArticleFilters {
  journalId?: number;
  year?: number;
  issueId?: number;
  columnId?: number;
  sort?: 'publishDate' | 'views' | 'downloads';
  current?: number;
  size?: number;
}

export const literatureBase = defineEndpoint<ArticleFilters, z.infer<typeof articlePageSchema>>('POST', '/api/paperSearchApi/literatureBase', articlePageSchema);
export const literatureBaseDetails = defineEndpoint<{ id: number }, ArticleDetail>('POST', '/api/paperSearchApi/literatureBaseDetails', articleDetailSchema);
export const recommendedArticles = defineEndpoint<{ id: number; size?: number }, ArticleCard[]>(
  'POST',
  '/api/paperSearchApi/recommendedArticles',
  z.array(articleCardSchema),
);

import type { SearchField } from '~/lib/search-fields';

export type SearchInput = Omit<ArticleFilters, 'sort'> & { query: string; field?: SearchField; sort?: 'relevance' | 'publishDate' | 'views' | 'downloads' };

export const searchPageSchema = articlePageSchema.extend({ mode: z.string().nullish() });
export const searchPapers = defineEndpoint<
  SearchInput,
  z.infer<typeof searchPageSchema>
>('POST', '/api/paperSearchApi/search', searchPageSchema);

export const selectedLiteratureShow = defineEndpoint<{ size?: number }, ArticleCard[]>(
  'POST',
  '/api/homeApi/getSelectedLiteratureShow',
  z.array(articleCardSchema),
  { publicTtlMs: PUBLIC_LIST_TTL_MS },
);

const facetSchema = z.object({ id: z.number().nullish(), name: z.string().nullish(), year: z.number().nullish(), count: z.number() });
export const searchWithFacetsSchema = searchPageSchema.extend({
  facets: z.object({ journals: z.array(facetSchema), years: z.array(facetSchema), columns: z.array(facetSchema) }),
});
/** Search with result counts per journal, year and column (the literature search page). */
export const dataJurisprudenceSearch = defineEndpoint<
  SearchInput,
  z.infer<typeof searchWithFacetsSchema>
>('POST', '/api/paperSearchApi/dataJurisprudenceSearch', searchWithFacetsSchema);
