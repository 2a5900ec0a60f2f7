import { z } from 'zod';
import { defineEndpoint } from '../client.server';

/**
 * Personal-centre calls (docs/product.md#backend-calls) (`/manage/employee/*`, `/manage/preferential/*`,
 * `/manage/process/employeeScholarAudit/*`, `/manage/terrace/feedBack/*`,
 * `/manage/author/paperMinute/*`), with the payloads of docs/backend-contract.md. All need
 * the session's token.
 */

const id = z.union([z.string(), z.number()]).transform(String);
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const int = z.coerce.number().int();

export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), total: int, current: int, size: int });
}
export interface Paging {
  current?: number;
  size?: number;
}

// --- check-in and lottery (preferential) ---

export const checkInSchema = z.object({
  today: z.string(),
  checkedIn: z.boolean(),
  streak: int,
  totalDays: int,
  lastCheckIn: text,
});
export type CheckInState = z.infer<typeof checkInSchema>;

export const queryAuthorIsCheck = defineEndpoint<void, CheckInState>('POST', '/manage/preferential/lotteryActivitySign/queryAuthorIsCheck', checkInSchema);
export const authorCheckIn = defineEndpoint<void, CheckInState>('POST', '/manage/preferential/lotteryActivitySign/authorCheckIn', checkInSchema);

const prizeSchema = z.object({ id, name: z.string(), level: z.union([z.string(), z.number()]).nullish() });
export const activitySchema = z.object({
  id,
  name: z.string(),
  description: text,
  startDate: z.string(),
  endDate: z.string(),
  status: z.string(),
  statusName: z.string(),
  prizes: z.array(prizeSchema).catch([]),
  chances: int.catch(0),
  myPrizes: z.array(z.unknown()).catch([]),
});
export type Activity = z.infer<typeof activitySchema>;

export const getActivities = defineEndpoint<void, Activity[]>('POST', '/manage/preferential/lotteryActivity/getActivities', z.array(activitySchema));
export const authorLottery = defineEndpoint<{ activityId?: string }, { won: boolean; chancesLeft: number }>(
  'POST',
  '/manage/preferential/lotteryActivity/authorLottery',
  z.object({ won: z.boolean(), chancesLeft: int.catch(0) }),
);

// --- manuscripts seen from the personal centre ---

export const unprocessedItemsSchema = z.object({
  total: int,
  drafts: int.catch(0),
  revisions: int.catch(0),
  proofs: int.catch(0),
  payments: int.catch(0),
  unreadMessages: int.catch(0),
  items: z.array(z.object({ paperId: id, manuscriptNo: text, title: z.string(), type: z.string(), typeName: z.string(), since: text })).catch([]),
});
export type UnprocessedItems = z.infer<typeof unprocessedItemsSchema>;
export const unprocessedItems = defineEndpoint<void, UnprocessedItems>('POST', '/manage/author/paper/unprocessedItems', unprocessedItemsSchema);

const manuscriptSummarySchema = z.object({
  id,
  manuscriptNo: text,
  title: z.string(),
  journalName: text,
  status: z.string(),
  statusName: z.string(),
  submitTime: text,
  updateTime: text,
});
export type ManuscriptSummary = z.infer<typeof manuscriptSummarySchema>;
/** `paper/list`: only the counts by stage and the latest manuscripts are read here. */
export const manuscriptList = defineEndpoint<
  Paging & { status?: string },
  { records: ManuscriptSummary[]; total: number; statusCounts: Record<string, number> }
>('POST', '/manage/author/paper/list', z.object({ records: z.array(manuscriptSummarySchema), total: int, statusCounts: z.record(z.string(), int).catch({}) }));

// --- messages (employeeNewsletter) ---

export const messageSchema = z.object({
  id,
  title: z.string(),
  content: z.string().catch(''),
  isRead: z.boolean(),
  createTime: z.string(),
  type: int,
  typeName: z.string(),
  paperId: id.nullish().transform((v) => v ?? null),
  manuscriptNo: text,
  hasAttachment: z.boolean().catch(false),
});
export type Message = z.infer<typeof messageSchema>;

export const unreadNumber = defineEndpoint<void, number>('POST', '/manage/employee/employeeNewsletter/unreadNumber', int);
export const messageList = defineEndpoint<Paging & { isRead?: boolean }, z.infer<ReturnType<typeof pageSchema<typeof messageSchema>>>>(
  'POST',
  '/manage/employee/employeeNewsletter/list',
  pageSchema(messageSchema),
);
export const markRead = defineEndpoint<{ id: string } | { all: true }, unknown>('POST', '/manage/employee/employeeNewsletter/markRead', z.unknown());
/** Streams the 撤稿回执 PDF (through `raw`). */
export const RETRACTION_RESPONSE_PATH = '/manage/employee/employeeNewsletter/downloadRetractionResponse';

// --- favourites, reads, downloads (employeeRecording) ---

const authorSchema = z.object({ name: z.string() });
export const historyRecordSchema = z.object({
  paperId: id,
  collectTime: text,
  readTime: text,
  downloadTime: text,
  count: int.nullish().transform((v) => v ?? null),
  paper: z
    .object({
      id,
      title: z.string(),
      authors: z.array(authorSchema).catch([]),
      journalName: text,
      year: int.nullish(),
      issueNo: int.nullish(),
    })
    .nullish()
    .transform((v) => v ?? null),
});
export type HistoryRecord = z.infer<typeof historyRecordSchema>;
type HistoryPage = z.infer<ReturnType<typeof pageSchema<typeof historyRecordSchema>>>;

export const collectionList = defineEndpoint<Paging, HistoryPage>('POST', '/manage/employee/employeeRecording/collectionList', pageSchema(historyRecordSchema));
export const readRecordList = defineEndpoint<Paging, HistoryPage>('POST', '/manage/employee/employeeRecording/readRecordList', pageSchema(historyRecordSchema));
export const downloadPdfList = defineEndpoint<Paging, HistoryPage>(
  'POST',
  '/manage/employee/employeeRecording/downloadPdfList',
  pageSchema(historyRecordSchema),
);
export const isCollection = defineEndpoint<{ paperId: string }, boolean>('POST', '/manage/employee/employeeRecording/isCollection', z.boolean());
export const collection = defineEndpoint<{ paperId: string }, unknown>('POST', '/manage/employee/employeeRecording/collection', z.unknown());
export const cancelCollection = defineEndpoint<{ paperId: string }, unknown>('POST', '/manage/employee/employeeRecording/cancelCollection', z.unknown());

// --- article likes (paperMinute) ---

export const likeStateSchema = z.object({ paperId: id, liked: z.boolean(), likeCount: int });
export type LikeState = z.infer<typeof likeStateSchema>;
export const checkWhetherLike = defineEndpoint<{ paperId: string }, LikeState>('POST', '/manage/author/paperMinute/checkWhetherLike', likeStateSchema);
export const like = defineEndpoint<{ paperId: string }, LikeState>('POST', '/manage/author/paperMinute/like', likeStateSchema);
export const cancelLike = defineEndpoint<{ paperId: string }, LikeState>('POST', '/manage/author/paperMinute/cancelLike', likeStateSchema);

// --- profile ---

export const profileSchema = z.object({
  id,
  username: z.string(),
  headImgUrl: text,
  realName: text,
  mobileNo: text,
  mailbox: text,
  institution: text,
  title: text,
  identityVerified: z.boolean().catch(false),
  faceVerified: z.boolean().catch(false),
  scholarStatus: z.string().catch('none'),
  type: z.coerce
    .number()
    .nullish()
    .transform((v) => v ?? null),
  wechatBound: z.boolean().catch(false),
  gender: z.coerce
    .number()
    .int()
    .nullish()
    .transform((v) => (v === 1 || v === 2 ? v : null)),
  department: text,
  education: text,
  researchFields: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  address: text,
  postcode: text,
  orcid: text,
  bio: text,
  createTime: text,
});
export type Profile = z.infer<typeof profileSchema>;
export const getProfile = defineEndpoint<void, Profile>('POST', '/manage/employee/getProfile', profileSchema);
