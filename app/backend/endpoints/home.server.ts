import { z } from 'zod';
import { defineEndpoint } from '../client.server';

/** One footer link as the backend stores it (spec §3 "Footer link"). */
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

export const getPromptNotice = defineEndpoint<{ type: number }, z.infer<typeof promptNoticeSchema>>(
  'GET',
  '/api/homeApi/getPromptNotice',
  promptNoticeSchema,
);
