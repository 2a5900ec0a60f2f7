import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { hotspotSchema } from './home.server';
import { articleCardSchema } from './papers.server';

/**
 * One industry hotspot (行业热点). The list (`getTradeHotspot`, by rank) is declared with
 * the home page's calls; the detail adds `content` (raw HTML: sanitise it) and `rank`.
 */
export const hotspotDetailSchema = hotspotSchema.extend({
  content: z.string().nullish(),
  rank: z.number().nullish(),
  /** Papers of the platform on the hotspot (or, with `papersAreRecent`, its newest papers). */
  papers: z.array(articleCardSchema).default([]),
  papersAreRecent: z.boolean().default(false),
});
export type HotspotDetail = z.infer<typeof hotspotDetailSchema>;

/** One hotspot (counts a view); an unknown id is refused (code 404). */
export const hotspotDetail = defineEndpoint<{ id: number }, HotspotDetail>('POST', '/api/homeApi/seeDetails', hotspotDetailSchema);
