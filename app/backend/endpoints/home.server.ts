import { z } from 'zod';
import { defineEndpoint, PUBLIC_LIST_TTL_MS } from '../client.server';

/** One footer link as the backend stores it (docs/product.md#entities). */
export const footerLinkSchema = z.object({
  title: z.string(),
  link_address: z.string(),
  link_status: z.coerce.number(),
  link_type: z.coerce.number(),
  type: z.coerce.number(),
});
export type FooterLinkRecord = z.infer<typeof footerLinkSchema>;

/** The footer, grouped by type (see docs/backend-contract.md). */
export const bottomBarSchema = z.array(
  z.object({
    type: z.coerce.number(),
    name: z.string().nullish(),
    list: z.array(footerLinkSchema),
  }),
);

export const getBottomBar = defineEndpoint<void, z.infer<typeof bottomBarSchema>>('POST', '/api/homeApi/getBottomBar', bottomBarSchema);

/** The notice prompt (温馨提示), type 1. Its content is raw HTML: sanitise before rendering. */
export const promptNoticeSchema = z
  .object({ id: z.coerce.number(), type: z.coerce.number(), title: z.string().nullish(), content: z.string().nullish() })
  .nullable();

export const getPromptNotice = defineEndpoint<{ type: number }, z.infer<typeof promptNoticeSchema>>('GET', '/api/homeApi/getPromptNotice', promptNoticeSchema);

/** A news item in lists (合作单位动态 type 1, 行业资讯 type 2). */
export const newsSummarySchema = z.object({
  id: z.number(),
  type: z.number(),
  typeName: z.string().nullish(),
  title: z.string(),
  summary: z.string().nullish(),
  source: z.string().nullish(),
  publishDate: z.string().nullish(),
  views: z.number().default(0),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;
export const newsPageSchema = z.object({ records: z.array(newsSummarySchema), total: z.number(), current: z.number(), size: z.number() });

export const getTradeNews = defineEndpoint<{ type: 1 | 2; current?: number; size?: number }, z.infer<typeof newsPageSchema>>(
  'POST',
  '/api/homeApi/getTradeNews',
  newsPageSchema,
  { publicTtlMs: PUBLIC_LIST_TTL_MS },
);

export const hotspotSchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.string().nullish(),
  tag: z.string().nullish(),
  heat: z.number().nullish(),
  publishDate: z.string().nullish(),
  views: z.number().default(0),
});
export const getTradeHotspot = defineEndpoint<{ size?: number }, z.infer<typeof hotspotSchema>[]>(
  'POST',
  '/api/homeApi/getTradeHotspot',
  z.array(hotspotSchema),
  {
    publicTtlMs: PUBLIC_LIST_TTL_MS,
  },
);

export const workingDaySchema = z.object({ date: z.string(), weekday: z.string(), submissions: z.number(), reviews: z.number(), publications: z.number() });
export const getLastSevenWorkingDays = defineEndpoint<void, z.infer<typeof workingDaySchema>[]>(
  'POST',
  '/api/homeApi/getLastSevenWorkingDays',
  z.array(workingDaySchema),
  { publicTtlMs: PUBLIC_LIST_TTL_MS },
);
