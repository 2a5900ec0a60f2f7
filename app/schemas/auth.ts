import './zod-config';
import { z } from 'zod';

/**
 * Every sign-in form's rules and messages (docs/product.md#validation), word for word. The same schemas run
 * in the browser (live validation) and in the actions (the real check). conform turns
 * empty fields into `undefined`, so "required" is the missing-value message.
 */

export const messages = {
  mobileRequired: '请输入手机号',
  mobileInvalid: '请输入完整、正确的手机号',
  passwordRequired: '请输入密码',
  passwordInvalid: '请输入6-20位，至少包含数字、字母及字符两种元素，区分大小写',
  confirmRequired: '确认密码不能为空',
  confirmMismatch: '两次输入密码不一致!',
  userNameRequired: '请输入用户名',
  userNameInvalid: '请输入正确的用户名!',
  userNameTaken: '该用户名已被注册',
  mailboxInvalid: '请输入正确的邮箱地址',
  smsCodeRequired: '请输入验证码',
  captchaRequired: '请输入图形验证码',
  agreementRequired: '请阅读并同意《用户注册协议》、《用户隐私协议》',
} as const;

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** At least two kinds among digits, letters and symbols (anything else printable). */
export function passwordKinds(value: string): number {
  let kinds = 0;
  if (/\d/.test(value)) kinds += 1;
  if (/[A-Za-z]/.test(value)) kinds += 1;
  if (/[^A-Za-z\d\s]/.test(value)) kinds += 1;
  return kinds;
}

/** Letters, digits, underscore and Chinese characters; no spaces, punctuation or Chinese punctuation. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_\u4e00-\u9fa5]{1,30}$/;

export const mobileField = z.string({ error: messages.mobileRequired }).trim().regex(MOBILE_PATTERN, messages.mobileInvalid);

export const passwordField = z
  .string({ error: messages.passwordRequired })
  .refine((v) => v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX && !/\s/.test(v) && passwordKinds(v) >= 2, messages.passwordInvalid);

export const userNameField = z.string({ error: messages.userNameRequired }).trim().regex(USERNAME_PATTERN, messages.userNameInvalid);

export const smsCodeField = z.string({ error: messages.smsCodeRequired }).trim().min(1, messages.smsCodeRequired).max(10, messages.smsCodeRequired);

export const captchaField = z.string({ error: messages.captchaRequired }).trim().min(1, messages.captchaRequired).max(10, messages.captchaRequired);

export const mailboxField = z.email({ error: messages.mailboxInvalid }).max(100, messages.mailboxInvalid).optional();

/** The agreement checkbox: conform sends "on" when ticked, nothing when not. */
export const agreementField = z.literal('on', { error: messages.agreementRequired });

/**
 * The mismatch is said with the other fields' errors, not only once they are all valid (the
 * form without JavaScript shows every error of one submission at once).
 */
function bothPasswordsTyped({ value }: { value: unknown }) {
  const form = value as { password?: unknown; confirmPassword?: unknown } | null;
  return typeof form?.password === 'string' && typeof form?.confirmPassword === 'string';
}

function confirmMatches<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (typeof value.confirmPassword === 'string' && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: messages.confirmMismatch });
  }
}

export const loginSchema = z
  .object({
    username: z.string({ error: messages.userNameRequired }).trim().min(1, messages.userNameRequired).max(50, messages.userNameInvalid),
    password: z.string({ error: messages.passwordRequired }).max(50, messages.passwordInvalid),
    captcha: z.string().trim().max(10).optional(),
    /** Present once the backend asked for the image captcha (code 505). */
    uuid: z.string().max(100).optional(),
    agreement: agreementField,
  })
  .superRefine((value, ctx) => {
    if (value.uuid && !value.captcha) ctx.addIssue({ code: 'custom', path: ['captcha'], message: messages.captchaRequired });
  });

export const registerSchema = z
  .object({
    mobileNo: mobileField,
    verificationCode: smsCodeField,
    mailbox: mailboxField,
    userName: userNameField,
    password: passwordField,
    confirmPassword: z.string({ error: messages.confirmRequired }),
    agreement: agreementField,
  })
  .superRefine(confirmMatches, { when: bothPasswordsTyped });

export const resetSchema = z
  .object({
    mobileNo: mobileField,
    verificationCode: smsCodeField,
    userName: userNameField,
    password: passwordField,
    confirmPassword: z.string({ error: messages.confirmRequired }),
  })
  .superRefine(confirmMatches, { when: bothPasswordsTyped });

/**
 * Binding a WeChat account to a mobile (the bind form, docs/product.md#entities: mobileNo, code, userName).
 * The openid and `type: 0` are added by the server: the openid waits in a sealed cookie
 * since the WeChat callback and never travels through the browser's form.
 */
export const bindMobileSchema = z.object({
  mobileNo: mobileField,
  code: smsCodeField,
  userName: userNameField,
});

/** WeChat login starts only once the agreement is ticked (docs/product.md#validation). */
export const wechatLoginSchema = z.object({
  agreement: agreementField,
});

/** Sending an SMS code needs a valid mobile and the image captcha (docs/product.md#validation). */
export const sendSmsSchema = z.object({
  mobileNo: mobileField,
  captcha: captchaField,
  uuid: z.string({ error: messages.captchaRequired }).min(1, messages.captchaRequired).max(100, messages.captchaRequired),
});

/**
 * What a sign-in form's button asks for: `submit` (the form itself), `sendSms` (the
 * 获取验证码 button) or `refreshCaptcha` (a new captcha image, without JavaScript).
 * Each is a real submit button, so every form works without JavaScript.
 */
export const INTENTS = ['submit', 'sendSms', 'refreshCaptcha'] as const;
export type Intent = (typeof INTENTS)[number];
export const INTENT_FIELD = 'intent';

export function formIntent(formData: FormData): Intent {
  const value = formData.get(INTENT_FIELD);
  return (INTENTS as readonly unknown[]).includes(value) ? (value as Intent) : 'submit';
}

const nothingToCheck = z.object({});

/** The schema a submission is checked with: the form's own, or the SMS button's. */
export function schemaForIntent<S extends z.ZodType>(schema: S, formData: FormData): S | typeof sendSmsSchema | typeof nothingToCheck {
  const intent = formIntent(formData);
  if (intent === 'sendSms') return sendSmsSchema;
  if (intent === 'refreshCaptcha') return nothingToCheck;
  return schema;
}

export const findAccountSchema = z.object({
  mobileNo: mobileField,
  verificationCode: smsCodeField,
});
