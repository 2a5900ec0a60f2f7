import './zod-config';
import { chosenFile } from './files';
import { sameNames } from './refusal';
import { z } from 'zod';
import { account as copy } from '~/copy/account';
import { mailboxField, messages, mobileField, passwordField, smsCodeField } from './auth';

/**
 * The account settings' forms: profile, avatar, password change, mobile change
 * and account cancellation. The same schemas validate in the browser (conform, as one
 * types) and in the actions (the real check). conform turns empty fields into `undefined`.
 */

export const accountMessages = {
  realNameInvalid: '请输入正确的姓名（2-30个汉字）',
  genderInvalid: '请选择性别',
  titleTooLong: '职称不能超过30个字符',
  educationTooLong: '学历不能超过30个字符',
  institutionTooLong: '工作单位不能超过100个字符',
  departmentTooLong: '院系/部门不能超过100个字符',
  researchFieldTooLong: '每个研究方向不能超过30个字符',
  researchFieldsTooMany: '研究方向不超过10个',
  addressTooLong: '通讯地址不能超过200个字符',
  postcodeInvalid: '请输入6位邮政编码',
  orcidInvalid: 'ORCID格式不正确，例如 0000-0002-1825-0097',
  bioTooLong: '个人简介不能超过1000个字符',
  oldPasswordRequired: '请输入原密码',
  samePassword: '新密码不能与原密码相同',
  acknowledgeRequired: copy.security.cancel.acknowledgeRequired,
  reasonTooLong: '注销原因不能超过200个字符',
} as const;

/** Chinese name as the backend accepts it (identity documents: Han characters and the middle dot). */
export const REAL_NAME_PATTERN = /^[\u4e00-\u9fa5·]{2,30}$/;
export const POSTCODE_PATTERN = /^\d{6}$/;
export const ORCID_PATTERN = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;
/** Research fields are typed as one line, separated by Chinese or ASCII separators. */
const FIELD_SEPARATORS = /[;；,，、]+/;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export function splitResearchFields(value: string | undefined): string[] {
  return (value ?? '')
    .split(FIELD_SEPARATORS)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** 基本资料: every field optional (the backend keeps what is not sent). */
export const profileSchema = z.object({
  realName: z.string().trim().regex(REAL_NAME_PATTERN, accountMessages.realNameInvalid).optional(),
  gender: z.enum(['1', '2'], { error: accountMessages.genderInvalid }).optional(),
  mailbox: mailboxField,
  title: optionalText(30, accountMessages.titleTooLong),
  education: optionalText(30, accountMessages.educationTooLong),
  institution: optionalText(100, accountMessages.institutionTooLong),
  department: optionalText(100, accountMessages.departmentTooLong),
  researchFields: z
    .string()
    .max(400, accountMessages.researchFieldsTooMany)
    .optional()
    .superRefine((value, ctx) => {
      const fields = splitResearchFields(value);
      if (fields.length > 10) ctx.addIssue({ code: 'custom', message: accountMessages.researchFieldsTooMany });
      else if (fields.some((f) => f.length > 30)) ctx.addIssue({ code: 'custom', message: accountMessages.researchFieldTooLong });
    }),
  address: optionalText(200, accountMessages.addressTooLong),
  postcode: z.string().trim().regex(POSTCODE_PATTERN, accountMessages.postcodeInvalid).optional(),
  orcid: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(ORCID_PATTERN, accountMessages.orcidInvalid))
    .optional(),
  bio: optionalText(1000, accountMessages.bioTooLong),
});
export type ProfileFormValues = z.output<typeof profileSchema>;

// --- avatar ---

/** Spec/contract: avatars are PNG, JPG, GIF or WEBP images of at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,.png,.jpg,.jpeg,.gif,.webp';
export type ImageType = 'png' | 'jpg' | 'gif' | 'webp';
/** Bytes needed to recognise every accepted image type. */
export const IMAGE_MAGIC_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** The image type its first bytes say (never the name or the declared content type), or null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

const EXTENSIONS: Record<ImageType, RegExp> = { png: /\.png$/i, jpg: /\.jpe?g$/i, gif: /\.gif$/i, webp: /\.webp$/i };

/**
 * The avatar file as far as it is known before it is sent: its size (when known), its
 * first bytes and its name. The browser checks the chosen file with it; the action checks
 * the head of the streamed upload and the request's length.
 */
export const avatarSchema = z
  .object({
    size: z.number().int().min(1, copy.profile.avatar.required).max(AVATAR_MAX_BYTES, copy.profile.avatar.tooLarge).optional(),
    head: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    name: z.string().optional(),
  })
  .superRefine((file, ctx) => {
    const type = imageTypeOf(file.head);
    if (!type) ctx.addIssue({ code: 'custom', path: ['head'], message: copy.profile.avatar.wrongType });
    else if (file.name && !EXTENSIONS[type].test(file.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: copy.profile.avatar.wrongType });
  });

/** The chosen avatar as the form checks it before reading it: there, and within the size. */
export const avatarFileSchema = z.object({
  file: chosenFile<File>(copy.profile.avatar.required).refine((f) => f.size <= AVATAR_MAX_BYTES, copy.profile.avatar.tooLarge),
});

/** The first message of an avatar check, or null when the file may be sent. */
export function avatarError(file: z.input<typeof avatarSchema>): string | null {
  const result = avatarSchema.safeParse(file);
  return result.success ? null : (result.error.issues[0]?.message ?? copy.profile.avatar.wrongType);
}

// --- account security ---

/** Which form of /personal/account/security a submission comes from (a hidden field). */
export const SECURITY_FORMS = ['password', 'mobile', 'wechat', 'cancel'] as const;
export type SecurityForm = (typeof SECURITY_FORMS)[number];
export const FORM_FIELD = 'form';

export function securityForm(formData: FormData): SecurityForm | null {
  const value = formData.get(FORM_FIELD);
  return (SECURITY_FORMS as readonly unknown[]).includes(value) ? (value as SecurityForm) : null;
}

export const passwordChangeSchema = z
  .object({
    oldPassword: z.string({ error: accountMessages.oldPasswordRequired }).max(50, messages.passwordInvalid),
    password: passwordField,
    confirmPassword: z.string({ error: messages.confirmRequired }),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.confirmMismatch });
    if (value.oldPassword === value.password) ctx.addIssue({ code: 'custom', path: ['password'], message: accountMessages.samePassword });
  });

/** 获取验证码 of the mobile change: the password stands in for the image captcha. */
export const mobileSendCodeSchema = z.object({
  password: z.string({ error: messages.passwordRequired }).max(50, messages.passwordInvalid),
  mobileNo: mobileField,
});

/** The mobile change itself: the new number and the code sent to it. */
export const mobileChangeSchema = z.object({
  mobileNo: mobileField,
  code: smsCodeField,
});

/** The schema a mobile-form submission is checked with: its 获取验证码 button's, or the form's. */
export function mobileSchemaFor(intent: unknown) {
  return intent === 'sendSms' ? mobileSendCodeSchema : mobileChangeSchema;
}

export const cancellationSchema = z.object({
  password: z.string({ error: messages.passwordRequired }).max(50, messages.passwordInvalid),
  reason: z.string().trim().max(200, accountMessages.reasonTooLong).optional(),
  acknowledge: z.literal('on', { error: accountMessages.acknowledgeRequired }),
});

/** The fields that show the backend's refusals of these forms (app/schemas/refusal.ts). */
export const passwordChangeRefusalFields = sameNames('oldPassword', 'password', 'confirmPassword');
export const mobileChangeRefusalFields = sameNames('password', 'mobileNo', 'code');
export const cancellationRefusalFields = sameNames('password', 'reason');
