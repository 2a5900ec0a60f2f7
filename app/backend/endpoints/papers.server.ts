import { z } from 'zod';
import { defineEndpoint, PUBLIC_LIST_TTL_MS } from '../client.server';
import { pageSchema } from '../../../contract/envelope';

/** An article's PDF as the backend describes it: `hash` and `fileName` are the download query (docs/product.md#entities). */
export const fileRefSchema = z.object({
  hash: z.string(),
  fileName: z.string(),
  contentType: z.string().nullish(),
});

export const articleAuthorSchema = z.object({
  name: z.string(),
  /** The English (pinyin) name the journal keeps, e.g. "Wu Kaichen"; absent for some records. */
  nameEn: z.string().nullish(),
  institution: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
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
  abstract: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
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
  /** Published online ahead of its issue (网络首发), and the day it was. */
  onlineFirst: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  onlineFirstDate: z.string().nullish(),
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
  /** The WeiPu (维普) id: the key of the publication history. */
  weiPuId: z.string().nullish(),
  receivedDate: z.string().nullish(),
  revisedDate: z.string().nullish(),
  acceptedDate: z.string().nullish(),
  journal: z.object({
    id: z.number(),
    name: z.string(),
    nameEn: z.string().nullish(),
    gch: z.string().nullish(),
    issn: z.string().nullish(),
    cn: z.string().nullish(),
  }),
  issue: z.object({
    id: z.number(),
    year: z.number(),
    volume: z.number().nullish(),
    issueNo: z.number().nullish(),
    totalNo: z.number().nullish(),
    publishDate: z.string().nullish(),
  }),
  column: z.object({ id: z.number(), name: z.string() }).nullish(),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

export const articlePageSchema = pageSchema(articleCardSchema);

export interface ArticleFilters {
  journalId?: number;
  /** Only articles published online first (网络首发). */
  onlineFirst?: boolean;
  year?: number;
  issueId?: number;
  columnId?: number;
  sort?: 'publishDate' | 'views' | 'downloads';
  current?: number;
  size?: number;
}

export const literatureBase = defineEndpoint<ArticleFilters, z.infer<typeof articlePageSchema>>(
  'POST',
  '/api/paperSearchApi/literatureBase',
  articlePageSchema,
);
export const literatureBaseDetails = defineEndpoint<{ id: number }, ArticleDetail>('POST', '/api/paperSearchApi/literatureBaseDetails', articleDetailSchema);
export const recommendedArticles = defineEndpoint<{ id: number; size?: number }, ArticleCard[]>(
  'POST',
  '/api/paperSearchApi/recommendedArticles',
  z.array(articleCardSchema),
);

/** The full text in sections; no sections: the backend has the PDF only. References are GB/T 7714 strings, marked in the text as [n]. */
export const paperContentSchema = z.object({
  sections: z
    .array(
      z.object({
        heading: z
          .string()
          .nullish()
          .transform((v) => v ?? ''),
        paragraphs: z.array(z.string()).default([]),
      }),
    )
    .default([]),
  references: z.array(z.string()).default([]),
});
export type PaperContent = z.infer<typeof paperContentSchema>;
export const paperContent = defineEndpoint<{ id: number }, PaperContent>('POST', '/api/paperSearchApi/getPaperContent', paperContentSchema);

/** Views and downloads per month since publication. */
export const paperChartSchema = z.object({ months: z.array(z.string()), views: z.array(z.number()), downloads: z.array(z.number()) });
export const paperChart = defineEndpoint<{ id: number }, z.infer<typeof paperChartSchema>>('POST', '/api/paperSearchApi/getPaperChart', paperChartSchema);

/** Readers' short notes on an article, paged. */
export const paperNoteSchema = z.object({
  id: z.number(),
  nickname: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  institution: z.string().nullish(),
  content: z.string(),
  likeCount: z.number().nullish(),
  createTime: z.string().nullish(),
});
export type PaperNote = z.infer<typeof paperNoteSchema>;
export const paperNotesPageSchema = pageSchema(paperNoteSchema);
export const paperMinutes = defineEndpoint<{ id: number; current: number; size: number }, z.infer<typeof paperNotesPageSchema>>(
  'POST',
  '/api/paperSearchApi/getPaperMinute',
  paperNotesPageSchema,
);

/** The publication history: 网络首发, 正式出版, 勘误 (other types are shown as they come). */
export const amendmentRecordSchema = z.object({
  id: z.number(),
  version: z.number().nullish(),
  type: z.string(),
  description: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  updateTime: z.string().nullish(),
});
export type AmendmentRecord = z.infer<typeof amendmentRecordSchema>;
export const amendmentRecords = defineEndpoint<{ weiPuId: string }, AmendmentRecord[]>(
  'POST',
  '/api/paperSearchApi/getAmendmentRecordByWeiPuId',
  z.array(amendmentRecordSchema),
);

/** Versions published online before the issue (录用定稿, 排版定稿 …), oldest first. */
export const prePublicationRevisionSchema = z.object({
  id: z.number(),
  version: z.number().nullish(),
  stage: z.string(),
  description: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  publishTime: z.string().nullish(),
});
export type PrePublicationRevision = z.infer<typeof prePublicationRevisionSchema>;
export const prePublicationRevisions = defineEndpoint<{ paperId: number }, PrePublicationRevision[]>(
  'POST',
  '/api/organizationApi/prePublicationRevision',
  z.array(prePublicationRevisionSchema),
);

/** The article an external identifier names (an unknown one is refused, code 404). */
export const inquirePaperId = defineEndpoint<{ doi: string }, { paperId: number }>('POST', '/api/homeApi/inquirePaperId', z.object({ paperId: z.number() }));

import type { SearchField } from '~/lib/search-fields';
import type { SearchRow } from '~/lib/advanced-search';

export type SearchInput = Omit<ArticleFilters, 'sort'> & {
  query: string;
  field?: SearchField;
  sort?: 'relevance' | 'publishDate' | 'views' | 'downloads';
  /** Further rows of an advanced search, each joined to everything before it (left to right). */
  conditions?: SearchRow[];
  yearFrom?: number;
  yearTo?: number;
};

export const searchPageSchema = articlePageSchema.extend({ mode: z.string().nullish() });
export const searchPapers = defineEndpoint<SearchInput, z.infer<typeof searchPageSchema>>('POST', '/api/paperSearchApi/search', searchPageSchema);

export const selectedLiteratureShow = defineEndpoint<{ size?: number }, ArticleCard[]>(
  'POST',
  '/api/homeApi/getSelectedLiteratureShow',
  z.array(articleCardSchema),
  { publicTtlMs: PUBLIC_LIST_TTL_MS },
);

const facetSchema = z.object({
  id: z.number().nullish(),
  name: z.string().nullish(),
  journalName: z.string().nullish(),
  year: z.number().nullish(),
  count: z.number(),
});
export const searchWithFacetsSchema = searchPageSchema.extend({
  facets: z.object({ journals: z.array(facetSchema), years: z.array(facetSchema), columns: z.array(facetSchema) }),
});
/** Search with result counts per journal, year and column (the literature search page). */
export const dataJurisprudenceSearch = defineEndpoint<SearchInput, z.infer<typeof searchWithFacetsSchema>>(
  'POST',
  '/api/paperSearchApi/dataJurisprudenceSearch',
  searchWithFacetsSchema,
);
