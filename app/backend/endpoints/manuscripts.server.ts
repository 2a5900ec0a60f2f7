import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { pageSchema, type Page } from '../../../contract/envelope';
import { articleCardSchema } from './papers.server';
import { BROWSER_ENDPOINTS } from '../browser-endpoints';

/**
 * Manuscript submission and tracking (docs/product.md#backend-calls, `/manage/author/paper/`, `/manage/journal/*`,
 * `/manage/platform/*`). Field names as in docs/backend-contract.md.
 */

const AUTHOR = '/manage/author/paper';

export const storedFileSchema = z.object({
  hash: z.string(),
  fileName: z.string(),
  fileType: z.string().nullish(),
  contentType: z.string().nullish(),
  size: z.number().nullish(),
  downloadUrl: z.string(),
  previewUrl: z.string().nullish(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const manuscriptAuthorSchema = z.object({
  order: z.number().nullish(),
  name: z.string(),
  institution: z.string().nullish(),
  email: z.string().nullish(),
  mobile: z.string().nullish(),
  title: z.string().nullish(),
  corresponding: z.boolean().nullish(),
});

export const manuscriptFileSchema = storedFileSchema.partial({ downloadUrl: true }).extend({
  id: z.number().nullish(),
  kind: z.string().nullish(),
  kindName: z.string().nullish(),
  version: z.number().nullish(),
  note: z.string().nullish(),
  createTime: z.string().nullish(),
});
export type ManuscriptFile = z.infer<typeof manuscriptFileSchema>;

const actionsSchema = z.object({
  canEdit: z.boolean().default(false),
  canSubmit: z.boolean().default(false),
  canRevise: z.boolean().default(false),
  canRetract: z.boolean().default(false),
  canCheckProof: z.boolean().default(false),
  canPay: z.boolean().default(false),
  canDownloadOffer: z.boolean().default(false),
});

export const manuscriptSummarySchema = z.object({
  id: z.number(),
  manuscriptNo: z.string().nullish(),
  title: z.string().default(''),
  journalId: z.number(),
  journalName: z.string().nullish(),
  gch: z.string().nullish(),
  columnId: z.number().nullish(),
  columnName: z.string().nullish(),
  paperType: z.string().nullish(),
  status: z.string(),
  statusName: z.string(),
  authorsText: z.string().nullish(),
  correspondingAuthor: z.string().nullish(),
  submitTime: z.string().nullish(),
  acceptTime: z.string().nullish(),
  createTime: z.string().nullish(),
  updateTime: z.string().nullish(),
  unreadMessages: z.number().default(0),
  actions: actionsSchema,
});
export type ManuscriptSummary = z.infer<typeof manuscriptSummarySchema>;

/** 版面费 order (docs/backend-contract.md, Order); amounts in yuan. */
export const orderSchema = z.object({
  orderNo: z.string(),
  paperId: z.number().nullish(),
  pages: z.number().nullish(),
  unitPrice: z.number().nullish(),
  amount: z.number(),
  currency: z.string().nullish(),
  status: z.string(),
  statusName: z.string().nullish(),
  payMethod: z.string().nullish(),
  transactionNo: z.string().nullish(),
  createTime: z.string().nullish(),
  paidTime: z.string().nullish(),
});
export type Order = z.infer<typeof orderSchema>;

export const manuscriptDetailSchema = manuscriptSummarySchema.extend({
  titleEn: z.string().nullish(),
  abstract: z.string().nullish(),
  keywords: z.array(z.string()).default([]),
  fund: z.string().nullish(),
  wordCount: z.number().nullish(),
  remark: z.string().nullish(),
  similarity: z.number().nullish(),
  retractReason: z.string().nullish(),
  proofConfirmed: z.boolean().nullish(),
  plannedIssue: z.object({ id: z.number(), year: z.number(), issueNo: z.number(), publishDate: z.string().nullish() }).nullish(),
  articleId: z.number().nullish(),
  authors: z.array(manuscriptAuthorSchema).default([]),
  files: z.array(manuscriptFileSchema).default([]),
  order: orderSchema.nullish(),
});
export type ManuscriptDetail = z.infer<typeof manuscriptDetailSchema>;

export const uploadAnswerSchema = manuscriptDetailSchema.extend({ paperId: z.number(), file: storedFileSchema.nullish() });

interface JournalRef {
  journalId?: number;
  gch?: string;
}

export const whetherJournalBeUploaded = defineEndpoint<JournalRef, { journalId: number; gch: string; name: string; canUpload: boolean; message: string }>(
  'POST',
  `${AUTHOR}/getWhetherJournalBeUploaded`,
  z.object({ journalId: z.number(), gch: z.string(), name: z.string(), canUpload: z.boolean(), message: z.string() }),
);

export const parallelSubmissionRestriction = defineEndpoint<
  JournalRef & { title?: string },
  { allowed: boolean; limit: number; inProgress: number; message: string }
>('POST', `${AUTHOR}/parallelSubmissionRestriction`, z.object({ allowed: z.boolean(), limit: z.number(), inProgress: z.number(), message: z.string() }));

export const isOpenUploadVerification = defineEndpoint<void, { open: boolean }>(
  'POST',
  `${AUTHOR}/getIsOpenUploadVerification`,
  z.object({ open: z.boolean() }),
);

export const submissionPremiseSchema = z.object({
  journalId: z.number(),
  gch: z.string(),
  name: z.string(),
  canUpload: z.boolean(),
  notice: z.string().default(''),
  agreements: z.array(z.object({ type: z.string(), title: z.string(), content: z.string() })).default([]),
  requirements: z.object({ fileTypes: z.array(z.string()).default([]), maxSizeMb: z.number().default(50) }).nullish(),
  templates: z.array(z.object({ type: z.number(), name: z.string() })).default([]),
});
export type SubmissionPremise = z.infer<typeof submissionPremiseSchema>;

export const submissionPremiseByGch = defineEndpoint<{ gch: string }, SubmissionPremise>(
  'POST',
  '/manage/journal/journal/getSubmissionPremiseByGch',
  submissionPremiseSchema,
);

export const templateSchema = storedFileSchema.extend({ type: z.number(), name: z.string() });
export const attachmentsByType = defineEndpoint<void, z.infer<typeof templateSchema>[]>(
  'POST',
  '/manage/platform/fileTemplate/getAttachmentByType',
  z.array(templateSchema),
);

export const columnOptionSchema = z.object({ id: z.number(), name: z.string() });
export const columnsByPartId = defineEndpoint<{ partId: number }, { id: number; name: string }[]>(
  'POST',
  '/manage/journal/column/getColumnByPartId',
  z.array(columnOptionSchema),
);

export const paperInfoSchema = z.object({
  title: z.string().default(''),
  titleEn: z.string().nullish(),
  abstract: z.string().default(''),
  keywords: z.array(z.string()).default([]),
  authors: z.array(z.object({ name: z.string(), institution: z.string().nullish() })).default([]),
  fund: z.string().nullish(),
});
export const analysisPaperInfo = defineEndpoint<{ id: number }, z.infer<typeof paperInfoSchema>>('POST', `${AUTHOR}/analysisPaperInfo`, paperInfoSchema);

export const paperEditInfoSchema = manuscriptDetailSchema.extend({
  editable: z.boolean(),
  columns: z.array(columnOptionSchema).default([]),
  paperTypes: z.array(z.string()).default([]),
});
export type PaperEditInfo = z.infer<typeof paperEditInfoSchema>;
export const showPaperEditInfo = defineEndpoint<{ id: number }, PaperEditInfo>('POST', `${AUTHOR}/showPaperEditInfo`, paperEditInfoSchema);

export interface ManuscriptFields {
  title?: string;
  titleEn?: string;
  abstract?: string;
  keywords?: string[];
  fund?: string;
  paperType?: string;
  columnId?: number;
  authors?: { name: string; institution: string; email?: string; mobile?: string; corresponding: boolean }[];
  remark?: string;
  /** manuscriptContentModification: the optional texts the author emptied (an absent field keeps its value). */
  clear?: ('titleEn' | 'fund' | 'remark')[];
}

export const manuscriptContentModification = defineEndpoint<ManuscriptFields & { id: number }, ManuscriptDetail>(
  'POST',
  `${AUTHOR}/manuscriptContentModification`,
  manuscriptDetailSchema,
);

export const confirmUpload = defineEndpoint<
  ManuscriptFields & { paperId: number; idempotencyKey: string; agreement: boolean; uuid?: string; captcha?: string },
  ManuscriptDetail
>('POST', `${AUTHOR}/authorManuscriptConfirmUpload`, manuscriptDetailSchema);

/** `status`: a stage, a comma list, or a group (reviewing, todo, finished). */
export const paperList = defineEndpoint<
  { status?: string; keyword?: string; journalId?: number; current?: number; size?: number },
  Page<ManuscriptSummary> & { statusCounts?: Record<string, number> | null }
>('POST', `${AUTHOR}/list`, pageSchema(manuscriptSummarySchema).extend({ statusCounts: z.record(z.string(), z.number()).nullish() }));

export const paperShow = defineEndpoint<{ id: number }, ManuscriptDetail>('POST', `${AUTHOR}/show`, manuscriptDetailSchema);

export const workFlowSchema = z.object({
  paperId: z.number(),
  manuscriptNo: z.string().nullish(),
  status: z.string(),
  statusName: z.string(),
  steps: z.array(z.object({ stage: z.string(), name: z.string(), state: z.string(), time: z.string().nullish() })).default([]),
  events: z
    .array(
      z.object({
        id: z.number(),
        stage: z.string().nullish(),
        stageName: z.string().nullish(),
        note: z.string().nullish(),
        operator: z.string().nullish(),
        createTime: z.string().nullish(),
      }),
    )
    .default([]),
});
export type WorkFlow = z.infer<typeof workFlowSchema>;
export const paperWorkFlow = defineEndpoint<{ id: number }, WorkFlow>('POST', `${AUTHOR}/getPaperWorkFlow`, workFlowSchema);

export const verifyMessageSchema = z.object({
  id: z.number(),
  stage: z.string().nullish(),
  stageName: z.string().nullish(),
  sender: z.string().nullish(),
  content: z.string(),
  isRead: z.boolean().nullish(),
  createTime: z.string().nullish(),
});
export type VerifyMessage = z.infer<typeof verifyMessageSchema>;
/** The editors' messages (审稿意见), newest first; reading them marks them read. */
export const verifyMessages = defineEndpoint<{ id: number; current?: number; size?: number }, Page<VerifyMessage>>(
  'POST',
  '/manage/author/paperVerifyMessage/getPaperVerifyMessage',
  pageSchema(verifyMessageSchema),
);

export const applyForRetraction = defineEndpoint<{ id: number; reason: string }, ManuscriptDetail>(
  'POST',
  `${AUTHOR}/applyForRetraction`,
  manuscriptDetailSchema,
);

/** (Re)generates the acceptance letter: the stored file object. */
export const generateOffer = defineEndpoint<{ id: number }, ManuscriptFile>('POST', `${AUTHOR}/generateOffer`, manuscriptFileSchema);

/**
 * 校样核对 (proof check): without `confirm` the proof and edited files; `confirm: true`
 * accepts the proof (→ payment), `confirm: false` with `remark` sends corrections.
 */
export const checkTheChanges = defineEndpoint<
  { id: number; confirm?: boolean; remark?: string },
  { paperId: number; status: string; statusName: string; proofConfirmed: boolean; proofRemark?: string | null; files: ManuscriptFile[] }
>(
  'POST',
  `${AUTHOR}/checkTheChanges`,
  z.object({
    paperId: z.number(),
    status: z.string(),
    statusName: z.string(),
    proofConfirmed: z.boolean(),
    proofRemark: z.string().nullish(),
    files: z.array(manuscriptFileSchema).default([]),
  }),
);

/** Raw paths (multipart upload, streamed downloads). */
export const MANUSCRIPT_UPLOAD_PATH = BROWSER_ENDPOINTS.manuscriptUpload.path;
export const SUBMIT_CHANGES_PATH = BROWSER_ENDPOINTS.revisionUpload.path;
/** `id`, `fileId?`: a stored version (default: the latest original or revision). */
export const DOWNLOAD_MANUSCRIPT_PATH = `${AUTHOR}/downloadManuscript`;
/** `id`, `type` (a file kind), `version?`. */
export const DOWNLOAD_BY_TYPE_PATH = `${AUTHOR}/downloadManuscriptByType`;
export const DOWNLOAD_OFFER_PATH = `${AUTHOR}/downloadTheOfferNotice`;
export const DOWNLOAD_PROOF_PATH = `${AUTHOR}/downloadTheEntireProof`;
export const DOWNLOAD_TITLE_PACKAGE_PATH = `${AUTHOR}/downloadTitlePackage`;

// --- 格式审查, generated files, scheduling, achievements, 征稿活动 (docs/product.md#backend-calls) ---

export const formatReportSchema = z.object({
  paperId: z.number(),
  passed: z.boolean(),
  items: z
    .array(
      z
        .object({
          name: z.string(),
          value: z.string().nullish(),
          requirement: z.string().nullish(),
          ok: z.boolean(),
          status: z.enum(['ok', 'failed', 'pending']).nullish(),
        })
        // A backend that names no status: the item passed or failed.
        .transform((item) => ({ ...item, status: item.status ?? (item.ok ? 'ok' : 'failed') })),
    )
    .default([]),
  remarks: z.string().nullish(),
});
export type FormatReport = z.infer<typeof formatReportSchema>;
/** 格式审查: each checked item with its value, the journal's requirement and whether it meets it. */
export const showPaperFormat = defineEndpoint<{ id: number }, FormatReport>('POST', `${AUTHOR}/showPaperFormat`, formatReportSchema);
/** The author's remarks on the format check (≤1000 characters): the report again, message `提交成功`. */
export const formatCheckSubmissionRemarks = defineEndpoint<{ id: number; remarks: string }, FormatReport>(
  'POST',
  `${AUTHOR}/formatCheckSubmissionRemarks`,
  formatReportSchema,
);

/** The files the backend generates on demand: 稿件信息表, 标题页, 录用通知. */
export const CREATE_FILE_TYPES = ['info', 'titlePage', 'offer'] as const;
export type CreateFileType = (typeof CREATE_FILE_TYPES)[number];
export const previewPathSchema = z.object({ url: z.string(), fileName: z.string(), fileType: z.string().nullish(), previewType: z.string() });
/** Where the generated file is shown inline (a backend path under /api, without the token). */
export const createFilePreviewPath = defineEndpoint<{ id: number; type: CreateFileType }, z.infer<typeof previewPathSchema>>(
  'POST',
  `${AUTHOR}/getCreateFilePreviewPath`,
  previewPathSchema,
);

/** The text of a .docx (or text file) stored under `hash`, for a preview in the page. */
export const attachmentText = defineEndpoint<{ hash: string }, { hash: string; fileName: string; fileType?: string | null; text: string }>(
  'POST',
  '/api/attachmentApi/getString',
  z.object({ hash: z.string(), fileName: z.string(), fileType: z.string().nullish(), text: z.string() }),
);

/** The editors' latest edited or proof file, or null. */
export const checkTheChangesAttachment = defineEndpoint<{ id: number }, ManuscriptFile | null>(
  'POST',
  `${AUTHOR}/getCheckTheChangesAttachment`,
  manuscriptFileSchema.nullable(),
);

export const issuePlanSchema = z.object({ id: z.number(), year: z.number(), issueNo: z.number(), publishDate: z.string().nullish() });
export const remainderIssueSchema = issuePlanSchema.extend({ capacity: z.number(), loaded: z.number(), remainder: z.number() });
export type RemainderIssue = z.infer<typeof remainderIssueSchema>;
/** The journal's issues being put together from today on, with their remaining capacity. */
export const remainderIssue = defineEndpoint<{ id: number } | JournalRef, RemainderIssue[]>(
  'POST',
  `${AUTHOR}/getRemainderIssue`,
  z.array(remainderIssueSchema),
);

export const payLoadingSchema = z.object({
  paperId: z.number(),
  needPay: z.boolean(),
  paid: z.boolean(),
  orderNo: z.string().nullish(),
  amount: z.number().nullish(),
  scheduled: z.boolean(),
  issue: issuePlanSchema.nullish(),
  published: z.boolean(),
});
export type PayLoading = z.infer<typeof payLoadingSchema>;
/** Paid, scheduled in an issue, published. */
export const paperIsIssuePayLoadingVolume = defineEndpoint<{ id: number }, PayLoading>('POST', `${AUTHOR}/paperIsIssuePayLoadingVolume`, payLoadingSchema);

export const achievementSchema = manuscriptSummarySchema.extend({
  articleId: z.number().nullish(),
  article: articleCardSchema.nullish(),
});
export type Achievement = z.infer<typeof achievementSchema>;
/** 我的成果: the author's published manuscripts with the article they became. */
export const authorAchievements = defineEndpoint<{ current?: number; size?: number }, Page<Achievement>>(
  'POST',
  `${AUTHOR}/getAuthorAchievementsPaperList`,
  pageSchema(achievementSchema),
);

export const themeSchema = z.object({
  id: z.number(),
  journalId: z.number(),
  title: z.string(),
  description: z.string().nullish(),
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
  status: z.string(),
  statusName: z.string().nullish(),
});
export type Theme = z.infer<typeof themeSchema>;
/** The journal's 征稿活动 (calls for papers), optionally only those in a status (open/upcoming/closed). */
export const themesByJournal = defineEndpoint<{ journalId: number; status?: string }, Theme[]>(
  'POST',
  '/manage/journal/theme/getThemeByJournalId',
  z.array(themeSchema),
);

export const ACTIVITY_UPLOAD_PATH = BROWSER_ENDPOINTS.activityUpload.path;
/** `id`: the latest Word version of the manuscript, else a generated 稿件信息表 .docx. */
export const DOWNLOAD_WORD_PATH = `${AUTHOR}/downloadWord`;
