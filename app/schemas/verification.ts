import './zod-config';
import { sameNames } from './refusal';
import { z } from 'zod';
import { chosenFile } from './files';

/**
 * The account's verification, invoicing and feedback forms (personal centre): rules and
 * Chinese messages, shared by the browser (live validation with conform) and the actions.
 * conform turns empty fields into `undefined`, so "required" is the missing-value message.
 */

export const verificationMessages = {
  realNameRequired: '请输入真实姓名',
  realNameInvalid: '请输入正确的姓名（2-30个汉字，可含“·”）',
  idNumberRequired: '请输入身份证号码',
  idNumberFormat: '请输入18位居民身份证号码',
  idNumberRegion: '身份证号码地区码不正确',
  idNumberBirth: '身份证号码出生日期不正确',
  idNumberCheck: '身份证号码校验位不正确，请核对后重新输入',
  institutionRequired: '请填写工作单位',
  institutionLength: '工作单位不能超过100个字符',
  titleRequired: '请填写职称',
  titleLength: '职称不能超过30个字符',
  researchFieldRequired: '请填写研究方向',
  researchFieldLength: '研究方向不能超过100个字符',
  fileRequired: '请上传证明材料',
  fileType: '文件类型不正确，仅支持PDF、Word、Excel及图片格式',
  fileSize: '证明材料不能超过10MB',
  invoiceTypeRequired: '请选择发票抬头类型',
  invoiceTitleRequired: '请填写发票抬头',
  invoiceTitleLength: '发票抬头不能超过100个字符',
  taxpayerRequired: '单位发票请填写纳税人识别号',
  taxpayerFormat: '纳税人识别号应为18位统一社会信用代码（数字或大写字母，不含I、O、Z、S、V）',
  taxpayerCheck: '纳税人识别号校验位不正确，请核对后重新输入',
  addressLength: '地址不能超过200个字符',
  phoneInvalid: '请输入正确的电话号码',
  bankLength: '开户行不能超过100个字符',
  accountInvalid: '请输入正确的银行账号（8-32位数字）',
  emailInvalid: '请输入正确的邮箱地址',
  feedbackTypeInvalid: '请选择反馈类型',
  contentRequired: '请填写反馈内容',
  contentLength: '反馈内容应为5-500个字符',
  contactLength: '联系方式不能超过100个字符',
} as const;

// --- resident ID numbers (GB 11643-1999) ---

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
/** Province-level codes of GB/T 2260 (the first two digits). */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83,
]);

/** The check character (ISO 7064 MOD 11-2) of the first 17 digits. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] as number);
  return ID_CHECK[sum % 11] as string;
}

/** Today in Beijing (YYYY-MM-DD): a birth date may not be later. */
function beijingToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The Chinese reason an 18-digit resident ID number is invalid, or null when it is valid. */
export function residentIdProblem(raw: string, today = beijingToday()): string | null {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return verificationMessages.idNumberFormat;
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return verificationMessages.idNumberRegion;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || birth > today) {
    return verificationMessages.idNumberBirth;
  }
  if (idCheckDigit(id.slice(0, 17)) !== id[17]) return verificationMessages.idNumberCheck;
  return null;
}

/** 110101********1234: only the region and the last four characters are shown. */
export function maskIdNumber(id: string): string {
  const v = id.trim();
  if (v.includes('*') || v.length < 10) return v;
  return `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}`;
}

// --- unified social credit codes (GB 32100-2015) ---

/** The 31 characters of the code: digits and capitals without I, O, Z, S, V. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const USCC_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character (18th) of the first 17 characters of a unified social credit code. */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_CHARS.indexOf(first17[i] as string) * (USCC_WEIGHTS[i] as number);
  return USCC_CHARS[(31 - (sum % 31)) % 31] as string;
}

/** The Chinese reason a taxpayer number (统一社会信用代码) is invalid, or null when valid. */
export function taxpayerNoProblem(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  if (!USCC_PATTERN.test(code)) return verificationMessages.taxpayerFormat;
  if (usccCheckChar(code.slice(0, 17)) !== code[17]) return verificationMessages.taxpayerCheck;
  return null;
}

/** 9111**********123X: the first and last four characters only. */
export function maskTaxpayerNo(value: string): string {
  const v = value.trim();
  if (v.length <= 8) return v;
  return `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`;
}

// --- schemas ---

const NAME_PATTERN = /^[\u4e00-\u9fa5·]{2,30}$/;

const realNameField = z.string({ error: verificationMessages.realNameRequired }).trim().regex(NAME_PATTERN, verificationMessages.realNameInvalid);

/** 实名认证: name and resident ID number (checked completely: region, birth date, check digit). */
export const identitySchema = z.object({
  realName: realNameField,
  idNumber: z
    .string({ error: verificationMessages.idNumberRequired })
    .trim()
    .transform((v) => v.toUpperCase())
    .superRefine((value, ctx) => {
      const problem = residentIdProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type IdentityInput = z.output<typeof identitySchema>;

/** Types the supporting file of a scholar application may have (by extension; the backend checks the content). */
export const SCHOLAR_FILE_PATTERN = /\.(pdf|docx?|xlsx?|png|jpe?g|gif|webp)$/i;
export const SCHOLAR_FILE_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg,.gif,.webp';
export const SCHOLAR_FILE_MAX_BYTES = 10 * 1024 * 1024;

const scholarFile = chosenFile(verificationMessages.fileRequired)
  .refine((f) => SCHOLAR_FILE_PATTERN.test(f.name), verificationMessages.fileType)
  .refine((f) => f.size <= SCHOLAR_FILE_MAX_BYTES, verificationMessages.fileSize);

/** 学者认证: the applicant's facts and the supporting file (工作证明、职称证书 …). */
export const scholarSchema = z.object({
  realName: realNameField,
  institution: z
    .string({ error: verificationMessages.institutionRequired })
    .trim()
    .min(1, verificationMessages.institutionRequired)
    .max(100, verificationMessages.institutionLength),
  title: z.string({ error: verificationMessages.titleRequired }).trim().min(1, verificationMessages.titleRequired).max(30, verificationMessages.titleLength),
  researchField: z
    .string({ error: verificationMessages.researchFieldRequired })
    .trim()
    .min(1, verificationMessages.researchFieldRequired)
    .max(100, verificationMessages.researchFieldLength),
  file: scholarFile,
});
export type ScholarInput = z.output<typeof scholarSchema>;

/**
 * Digits, spaces, '+', '-' and parentheses. Checked with refine, not regex: as an HTML
 * `pattern` (v flag) its character class would be invalid.
 */
const PHONE_PATTERN = /^[\d\-+() ]{7,20}$/;

/** Invoice title types of the contract (5 发票类型): 1 个人, 2 单位. */
export const INVOICE_TYPES = [
  { value: '1', label: '个人' },
  { value: '2', label: '单位' },
] as const;

/**
 * 开票信息. A company (type 2) needs its taxpayer number, unless one is saved already
 * (`keepTaxpayerNo`: the saved number is never sent to the page, only its mask); a
 * personal invoice has none.
 */
export const invoiceSchema = z
  .object({
    type: z.enum(['1', '2'], { error: verificationMessages.invoiceTypeRequired }),
    title: z
      .string({ error: verificationMessages.invoiceTitleRequired })
      .trim()
      .min(1, verificationMessages.invoiceTitleRequired)
      .max(100, verificationMessages.invoiceTitleLength),
    taxpayerNo: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .optional(),
    keepTaxpayerNo: z.literal('1').optional(),
    address: z.string().trim().max(200, verificationMessages.addressLength).optional(),
    phone: z
      .string()
      .trim()
      .refine((v) => PHONE_PATTERN.test(v), verificationMessages.phoneInvalid)
      .optional(),
    bank: z.string().trim().max(100, verificationMessages.bankLength).optional(),
    account: z
      .string()
      .trim()
      .regex(/^[\d ]{8,32}$/, verificationMessages.accountInvalid)
      .optional(),
    email: z.email({ error: verificationMessages.emailInvalid }).max(100, verificationMessages.emailInvalid).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== '2') return;
    if (!value.taxpayerNo) {
      if (!value.keepTaxpayerNo) ctx.addIssue({ code: 'custom', path: ['taxpayerNo'], message: verificationMessages.taxpayerRequired });
      return;
    }
    const problem = taxpayerNoProblem(value.taxpayerNo);
    if (problem) ctx.addIssue({ code: 'custom', path: ['taxpayerNo'], message: problem });
  });
export type InvoiceInput = z.output<typeof invoiceSchema>;

export const FEEDBACK_MIN = 5;
export const FEEDBACK_MAX = 500;

/** 意见反馈: a type from the backend's 反馈类型 table (checked by the backend), the text and a contact. */
export const feedbackSchema = z.object({
  type: z
    .string({ error: verificationMessages.feedbackTypeInvalid })
    .trim()
    .min(1, verificationMessages.feedbackTypeInvalid)
    .max(20, verificationMessages.feedbackTypeInvalid),
  content: z
    .string({ error: verificationMessages.contentRequired })
    .trim()
    .min(FEEDBACK_MIN, verificationMessages.contentLength)
    .max(FEEDBACK_MAX, verificationMessages.contentLength),
  contact: z.string().trim().max(100, verificationMessages.contactLength).optional(),
});
export type FeedbackInput = z.output<typeof feedbackSchema>;

/** The length the rules count (after trimming, as the schema and the backend do). */
export function charCount(value: string): number {
  return value.trim().length;
}

/** The fields that show the backend's refusals of these forms (app/schemas/refusal.ts). */
export const identityRefusalFields = sameNames('realName', 'idNumber');
export const scholarRefusalFields = sameNames('realName', 'institution', 'title', 'researchField', 'file');
export const invoiceRefusalFields = sameNames('type', 'title', 'taxpayerNo', 'address', 'phone', 'bank', 'account', 'email');
export const feedbackRefusalFields = sameNames('type', 'content', 'contact');
