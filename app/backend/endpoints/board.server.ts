import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { pageSchema } from '../../../contract/envelope';

/** An editorial-board member (docs/backend-contract.md). roleLevel: 1 主编, 2 副主编, 3 编委. */
export const boardMemberSchema = z.object({
  id: z.number(),
  journalId: z.number().nullish(),
  /** The journal the member serves. */
  journalName: z.string().nullish(),
  name: z.string(),
  role: z.string(),
  roleLevel: z.number(),
  title: z.string().nullish(),
  institution: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  researchFields: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  bio: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  avatar: z.string().nullish(),
  order: z.number().nullish(),
});
export type BoardMember = z.infer<typeof boardMemberSchema>;

export const boardPageSchema = pageSchema(boardMemberSchema);

/** The board in board order, paged (the backend clamps `size` to 100). */
export const boardList = defineEndpoint<{ current: number; size: number; roleLevel?: number }, z.infer<typeof boardPageSchema>>(
  'POST',
  '/api/cooperativeProjectApi/listQueries',
  boardPageSchema,
);

/** One member; an unknown id is refused (code 404). */
export const boardMember = defineEndpoint<{ id: number }, BoardMember>('POST', '/api/cooperativeProjectApi/projectSpecialistShow', boardMemberSchema);
