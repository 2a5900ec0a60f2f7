import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { pageSchema } from '../../../contract/envelope';
import { newsSummarySchema } from './home.server';

/** News types: 1 合作单位动态 (cooperating units), 2 行业资讯 (industry). */
export const NEWS_TYPES = [1, 2] as const;
export type NewsType = (typeof NEWS_TYPES)[number];

const neighbourSchema = z.object({ id: z.number(), title: z.string(), publishDate: z.string().nullish() }).nullish();

/** Detail: `content` is raw HTML (sanitise it); `prev` is the newer neighbour, `next` the older one, same type. */
export const newsDetailSchema = newsSummarySchema.extend({
  author: z.string().nullish(),
  content: z.string().nullish(),
  prev: neighbourSchema,
  next: neighbourSchema,
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const newsListPageSchema = pageSchema(newsSummarySchema);

/** News of one type, newest first; `keyword` matches the title. */
export const newsList = defineEndpoint<{ type: NewsType; keyword?: string; current: number; size: number }, z.infer<typeof newsListPageSchema>>(
  'POST',
  '/api/cooperativeProjectApi/newsListQueries',
  newsListPageSchema,
);

/** One news item (counts a view); an unknown id is refused (code 404). */
export const newsDetail = defineEndpoint<{ id: number }, NewsDetail>('POST', '/api/cooperativeProjectApi/projectNewsShow', newsDetailSchema);
