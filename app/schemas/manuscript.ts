import './zod-config';
import { z } from 'zod';
import { SUBMISSION_RULES, range } from '../../contract/submission-rules';
import { chosenFile } from './files';
import { sameNames } from './refusal';

/**
 * Step 2 of a submission (稿件信息): rules and Chinese messages. The abstract and keywords
 * follow the journals' 投稿须知 (contract/submission-rules.ts), stricter than what the backend's
 * confirm call accepts, so a manuscript is not sent only to fail the format check. conform
 * turns empty fields into `undefined`, so "required" is the missing-value message.
 */

const ABSTRACT = SUBMISSION_RULES.abstract;
const KEYWORDS = SUBMISSION_RULES.keywords;
/** What a draft may hold while the author is still writing: what the backend keeps. */
const DRAFT_ABSTRACT_MAX = 1000;

export const manuscriptMessages = {
  titleRequired: '请输入中文标题',
  titleLength: '中文标题应为5-100个字符',
  titleEnLength: '英文标题不能超过300个字符',
  abstractRequired: '请输入中文摘要',
  abstractLength: `中文摘要应为${range(ABSTRACT)}字`,
  abstractTooLong: `中文摘要不能超过${DRAFT_ABSTRACT_MAX}字`,
  keywordsRequired: '请输入关键词',
  keywordsCount: `关键词应为${range(KEYWORDS)}个，用“；”分隔`,
  columnRequired: '请选择栏目',
  fundLength: '基金项目不能超过300个字符',
  remarkLength: '给编辑部的留言不能超过500个字符',
  authorsRequired: '请至少填写一位作者',
  authorNameRequired: '请输入作者姓名',
  institutionRequired: '请输入作者单位',
  emailInvalid: '请输入正确的邮箱地址',
  mobileInvalid: '请输入完整、正确的手机号',
  correspondingRequired: '请指定一位通讯作者',
  correspondingContact: '通讯作者须填写邮箱和手机号',
} as const;

/** Splits keywords typed with Chinese or ASCII semicolons or commas. */
export function splitKeywords(value: string): string[] {
  return value
    .split(/[；;，,]/)
    .map((k) => k.trim())
    .filter(Boolean);
}

export const authorSchema = z.object({
  name: z.string({ error: manuscriptMessages.authorNameRequired }).trim().min(1, manuscriptMessages.authorNameRequired).max(50),
  institution: z.string({ error: manuscriptMessages.institutionRequired }).trim().min(1, manuscriptMessages.institutionRequired).max(200),
  email: z.email({ error: manuscriptMessages.emailInvalid }).max(100, manuscriptMessages.emailInvalid).optional(),
  mobile: z
    .string()
    .trim()
    .regex(/^1[3-9]\d{9}$/, manuscriptMessages.mobileInvalid)
    .optional(),
  corresponding: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
});

export const manuscriptInfoSchema = z
  .object({
    title: z.string({ error: manuscriptMessages.titleRequired }).trim().min(5, manuscriptMessages.titleLength).max(100, manuscriptMessages.titleLength),
    titleEn: z.string().trim().max(300, manuscriptMessages.titleEnLength).optional(),
    abstract: z
      .string({ error: manuscriptMessages.abstractRequired })
      .trim()
      .min(ABSTRACT[0], manuscriptMessages.abstractLength)
      .max(ABSTRACT[1], manuscriptMessages.abstractLength),
    keywords: z
      .string({ error: manuscriptMessages.keywordsRequired })
      .transform(splitKeywords)
      .refine((list) => list.length >= KEYWORDS[0] && list.length <= KEYWORDS[1], manuscriptMessages.keywordsCount),
    columnId: z.coerce.number({ error: manuscriptMessages.columnRequired }).int().positive(manuscriptMessages.columnRequired),
    paperType: z.string().optional(),
    fund: z.string().trim().max(300, manuscriptMessages.fundLength).optional(),
    remark: z.string().trim().max(500, manuscriptMessages.remarkLength).optional(),
    authors: z.array(authorSchema, { error: manuscriptMessages.authorsRequired }).min(1, manuscriptMessages.authorsRequired).max(10, '作者不能超过10位'),
  })
  .superRefine((value, ctx) => {
    const corresponding = value.authors.findIndex((a) => a.corresponding);
    if (corresponding < 0) {
      ctx.addIssue({ code: 'custom', path: ['authors'], message: manuscriptMessages.correspondingRequired });
    } else {
      const author = value.authors[corresponding];
      if (!author?.email) ctx.addIssue({ code: 'custom', path: ['authors', corresponding, 'email'], message: manuscriptMessages.correspondingContact });
      if (!author?.mobile) ctx.addIssue({ code: 'custom', path: ['authors', corresponding, 'mobile'], message: manuscriptMessages.correspondingContact });
    }
  });

export type ManuscriptInfo = z.output<typeof manuscriptInfoSchema>;

/** A lenient version for "save draft": every field may still be empty or incomplete. */
export const draftSchema = z.object({
  title: z.string().trim().max(100, manuscriptMessages.titleLength).optional(),
  titleEn: z.string().trim().max(300, manuscriptMessages.titleEnLength).optional(),
  abstract: z.string().trim().max(DRAFT_ABSTRACT_MAX, manuscriptMessages.abstractTooLong).optional(),
  keywords: z.string().transform(splitKeywords).optional(),
  columnId: z.coerce.number().int().positive().optional(),
  paperType: z.string().optional(),
  fund: z.string().trim().max(300, manuscriptMessages.fundLength).optional(),
  remark: z.string().trim().max(500, manuscriptMessages.remarkLength).optional(),
});

/** Form fields → the object the schemas read: `authors[i].name` …, `corresponding` = the index of the corresponding author. */
export function manuscriptFormValues(formData: FormData) {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const corresponding = text('corresponding');
  const authors: Record<string, string | undefined>[] = [];
  for (let i = 0; i < 10; i += 1) {
    if (!formData.has(`authors[${i}].name`)) continue;
    authors.push({
      name: text(`authors[${i}].name`),
      institution: text(`authors[${i}].institution`),
      email: text(`authors[${i}].email`),
      mobile: text(`authors[${i}].mobile`),
      corresponding: corresponding === String(i) ? 'on' : undefined,
    });
  }
  return {
    title: text('title'),
    titleEn: text('titleEn'),
    abstract: text('abstract'),
    keywords: text('keywords'),
    columnId: text('columnId'),
    paperType: text('paperType'),
    fund: text('fund'),
    remark: text('remark'),
    authors,
  };
}

export type ManuscriptFormValues = ReturnType<typeof manuscriptFormValues>;

/**
 * The form as the browser posts it: the authors as a list (`authors[0].name` …) and the
 * corresponding author as the index of the radio chosen (`corresponding`).
 */
export interface ManuscriptForm {
  title?: string;
  titleEn?: string;
  abstract?: string;
  keywords?: string;
  columnId?: string;
  paperType?: string;
  fund?: string;
  remark?: string;
  corresponding?: string;
  authors: { name?: string; institution?: string; email?: string; mobile?: string }[];
}

/** Values → the form's shape (its initial values). */
export function manuscriptForm(values: ManuscriptFormValues): ManuscriptForm {
  const corresponding = values.authors.findIndex((a) => a.corresponding === 'on');
  return {
    ...values,
    corresponding: corresponding >= 0 ? String(corresponding) : undefined,
    authors: values.authors.map(({ name, institution, email, mobile }) => ({ name, institution, email, mobile })),
  };
}

/** The chosen radio marks its author as the corresponding one, as the rules read it. */
function markCorresponding(payload: unknown) {
  if (typeof payload !== 'object' || payload === null) return payload;
  const { corresponding, authors, ...rest } = payload as { corresponding?: unknown; authors?: unknown };
  const list = Array.isArray(authors) ? authors : [];
  return {
    ...rest,
    authors: list.map((author, i) => ({ ...(typeof author === 'object' ? author : {}), corresponding: String(i) === corresponding ? 'on' : undefined })),
  };
}

/** The whole form checked in the browser with the rules of step 2 (the server reads it with `manuscriptFormValues`). */
export const manuscriptFormSchema = z.preprocess(markCorresponding, manuscriptInfoSchema);

/** What a button of the form needs checked first: everything to go on, the lengths to save a draft, nothing to edit the author list. */
export function manuscriptSchemaForIntent(intent: FormDataEntryValue | null) {
  if (intent === 'next' || intent === 'check' || intent === 'confirm') return manuscriptFormSchema;
  if (intent === 'save') return draftSchema;
  return z.object({});
}

/** The server's answer as conform reads it: the values as typed, and each error under conform's name of its field (`authors[0].email`). */
export function manuscriptFormResult(values: ManuscriptFormValues, errors: Record<string, string>) {
  const error: Record<string, string[]> = {};
  for (const [key, message] of Object.entries(errors)) error[key === 'form' ? '' : key.replace(/\.(\d+)(?=\.|$)/g, '[$1]')] = [message];
  const { authors, ...fields } = manuscriptForm(values);
  return { status: 'error' as const, initialValue: { ...typedOnly(fields), authors: authors.map(typedOnly) }, error };
}

/** The fields that have a value (a posted form has no `undefined`). */
function typedOnly(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** zod issues → `{ 'authors.0.email': message }`, the first message of each field. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The author-list buttons of the form without JavaScript (`addAuthor`, `removeAuthor:i`,
 * `authorUp:i`, `authorDown:i`): the edited list, or null for any other intent.
 */
export function editAuthorList(values: ManuscriptFormValues, intent: string): ManuscriptFormValues | null {
  const [verb, index] = intent.split(':');
  const at = Number(index);
  if (verb !== 'addAuthor' && verb !== 'removeAuthor' && verb !== 'authorUp' && verb !== 'authorDown') return null;
  const authors = [...values.authors];
  if (verb === 'addAuthor' && authors.length < 10)
    authors.push({ name: undefined, institution: undefined, email: undefined, mobile: undefined, corresponding: undefined });
  if (verb === 'removeAuthor' && authors.length > 1) authors.splice(at, 1);
  if (verb === 'authorUp' && at > 0 && at < authors.length) [authors[at - 1], authors[at]] = [authors[at]!, authors[at - 1]!];
  if (verb === 'authorDown' && at >= 0 && at < authors.length - 1) [authors[at + 1], authors[at]] = [authors[at]!, authors[at + 1]!];
  return { ...values, authors };
}

export type ManuscriptField = 'title' | 'titleEn' | 'abstract' | 'keywords' | 'columnId' | 'paperType' | 'fund' | 'remark' | 'authors';

export interface FieldChange {
  field: ManuscriptField;
  before: string;
  after: string;
}

const TEXT_FIELDS = ['title', 'titleEn', 'abstract', 'keywords', 'columnId', 'paperType', 'fund', 'remark'] as const;

/** One line per author: `姓名（单位）`, the corresponding author with their contact. */
function authorLines(authors: ManuscriptFormValues['authors']): string {
  return authors
    .map((a) => {
      const name = `${a.name?.trim() ?? ''}（${a.institution?.trim() ?? ''}）`;
      return a.corresponding === 'on' ? `${name}，通讯作者：${[a.email?.trim(), a.mobile?.trim()].filter(Boolean).join(' ')}` : name;
    })
    .join('\n');
}

/**
 * What an edit changes (核对修改), field by field, as the texts shown before and after:
 * keywords compared as a list, the column by its name, the authors as their lines.
 */
export function manuscriptChanges(
  before: ManuscriptFormValues,
  after: ManuscriptFormValues,
  columns: readonly { id: number; name: string }[] = [],
): FieldChange[] {
  const columnName = (id: string | undefined) => (id ? (columns.find((c) => String(c.id) === id)?.name ?? id) : '');
  const text = (values: ManuscriptFormValues, field: (typeof TEXT_FIELDS)[number]): string => {
    const value = values[field]?.trim() ?? '';
    if (field === 'keywords') return splitKeywords(value).join('；');
    if (field === 'columnId') return columnName(value);
    return value.replace(/\r\n/g, '\n');
  };
  const changes: FieldChange[] = [];
  for (const field of TEXT_FIELDS) {
    const [b, a] = [text(before, field), text(after, field)];
    // An unset paper type means the default one: not a change.
    if (field === 'paperType' && (!b || !a)) continue;
    if (b !== a) changes.push({ field, before: b, after: a });
  }
  const [b, a] = [authorLines(before.authors), authorLines(after.authors)];
  if (b !== a) changes.push({ field: 'authors', before: b, after: a });
  return changes;
}

/** 修改说明 of a revision (submitChanges): 10-5000 characters. */
export const responseLetterMessages = {
  required: '请填写修改说明',
  length: '修改说明应为10-5000个字符',
} as const;

export const responseLetterSchema = z
  .string({ error: responseLetterMessages.required })
  .trim()
  .min(1, responseLetterMessages.required)
  .min(10, responseLetterMessages.length)
  .max(5000, responseLetterMessages.length);

/** 撤稿理由 (applyForRetraction): 5-500 characters. */
export const retractionMessages = {
  required: '请填写撤稿理由',
  length: '撤稿理由应为5-500个字符',
} as const;

export const retractionReasonSchema = z
  .string({ error: retractionMessages.required })
  .trim()
  .min(1, retractionMessages.required)
  .min(5, retractionMessages.length)
  .max(500, retractionMessages.length);

export const formatRemarksMessages = { required: '请填写格式说明', length: '格式说明不能超过1000个字符' } as const;

/** The author's remarks on the 格式审查 (formatCheckSubmissionRemarks): 1-1000 characters. */
export const formatRemarksSchema = z
  .string({ error: formatRemarksMessages.required })
  .trim()
  .min(1, formatRemarksMessages.required)
  .max(1000, formatRemarksMessages.length);

/** A manuscript file as the browser sees it (Word or PDF by its name, the size limit); the backend checks the content. */
export const MANUSCRIPT_FILE = /\.(docx?|pdf)$/i;
/** The same types for the file picker's `accept`. */
export const MANUSCRIPT_ACCEPT = '.doc,.docx,.pdf,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const manuscriptFileMessages = {
  required: '请选择要上传的稿件文件',
  revisionRequired: '请选择修改稿文件',
  wrongType: '文件类型不正确，仅支持PDF、DOC、DOCX格式',
  tooLarge: (mb: number) => `文件大小不能超过${mb}MB`,
  premiseRequired: '请先阅读并同意投稿须知',
} as const;

function manuscriptFileSchema(maxSizeMb: number, required: string) {
  return chosenFile(required)
    .refine((file) => MANUSCRIPT_FILE.test(file.name), manuscriptFileMessages.wrongType)
    .refine((file) => file.size <= maxSizeMb * 1024 * 1024, manuscriptFileMessages.tooLarge(maxSizeMb));
}

/** Step 1: the file and, for a new manuscript, the premise accepted. */
export function submissionFileSchema(maxSizeMb: number, premise: boolean) {
  const accept = z.literal('on', { error: manuscriptFileMessages.premiseRequired });
  return z.object({ file: manuscriptFileSchema(maxSizeMb, manuscriptFileMessages.required), accept: premise ? accept : accept.optional() });
}

/** A revision: the revised file and its 修改说明. */
export function revisionSchema(maxSizeMb: number) {
  return z.object({ responseLetter: responseLetterSchema, file: manuscriptFileSchema(maxSizeMb, manuscriptFileMessages.revisionRequired) });
}

/** A refused upload as conform reads it: the refusal for the form, the text fields as typed (a file input keeps no file). */
export function uploadRefusal(message: string, typed: Record<string, string> = {}) {
  return { status: 'error' as const, initialValue: typed, error: { '': [message] } };
}

export const confirmMessages = { captchaRequired: '请输入验证码' } as const;

/** Confirming a submission: the premise accepted again and, when upload verification is on, the captcha. */
export function confirmSchema(withCaptcha: boolean) {
  // The agreements were accepted with the upload (step 1): this step does not ask again.
  return z.object({
    captcha: withCaptcha
      ? z.string({ error: confirmMessages.captchaRequired }).trim().min(1, confirmMessages.captchaRequired).max(10)
      : z.string().trim().max(10).optional(),
  });
}

/** The 格式审查's remarks form. */
export const formatRemarksFormSchema = z.object({ remarks: formatRemarksSchema });

export const proofMessages = { remarkRequired: '请填写校样修改意见', remarkLength: '校样意见不能超过2000个字符' } as const;

/** 校样核对: confirming may leave the remark empty; sending corrections needs it. */
export function proofSchema(intent: FormDataEntryValue | null) {
  const remark = z.string({ error: proofMessages.remarkRequired }).trim().max(2000, proofMessages.remarkLength);
  return z.object({ remark: intent === 'proofCorrections' ? remark.min(1, proofMessages.remarkRequired) : remark.optional() });
}

/** The backend's parameters these forms' fields stand for (app/schemas/refusal.ts). */
export const formatRemarksRefusalFields = sameNames('remarks');
export const proofRefusalFields = sameNames('remark');

export const paymentMessages = { payMethodRequired: '请选择支付方式', orderInvalid: '订单信息有误，请刷新页面后重试' } as const;

/** Paying a page fee: the order (from the page), the way to pay, an invoice or not. */
export const paymentSchema = z.object({
  orderNo: z.string({ error: paymentMessages.orderInvalid }).regex(/^[\w-]{1,64}$/, paymentMessages.orderInvalid),
  payMethod: z.string({ error: paymentMessages.payMethodRequired }).regex(/^[a-z]{1,20}$/, paymentMessages.payMethodRequired),
  needInvoice: z.literal('on').optional(),
});
