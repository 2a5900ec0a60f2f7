import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { profileSchema } from './personal.server';

/**
 * Account settings calls of spec §7 (issue 6): profile, avatar, password and mobile
 * (`/manage/employee/*`), WeChat bind and unbind (`/api/weiXinApi/*`) and the account
 * cancellation (`/manage/author/paper/authorAccountCancellation`), with the payloads of
 * docs/backend-contract.md. All need the session's token.
 */

const text = z.string().nullish().transform((v) => v ?? null);

/**
 * The whole profile (contract: user plus the profile fields). `getProfile` of
 * personal.server.ts reads the card's subset of the same answer; the settings form needs all of it.
 */
export const accountProfileSchema = profileSchema.extend({
  type: z.coerce.number().nullish().transform((v) => v ?? null),
  wechatBound: z.boolean().catch(false),
  gender: z.coerce.number().int().nullish().transform((v) => (v === 1 || v === 2 ? v : null)),
  department: text,
  education: text,
  researchFields: z.array(z.string()).nullish().transform((v) => v ?? []),
  address: text,
  postcode: text,
  orcid: text,
  bio: text,
  createTime: text,
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

export const getAccountProfile = defineEndpoint<void, AccountProfile>('POST', '/manage/employee/getProfile', accountProfileSchema);

/** Fields the profile form may send; `clear` names the optional fields the user emptied. */
export const PROFILE_FIELDS = ['realName', 'gender', 'mailbox', 'title', 'education', 'institution', 'department', 'researchFields', 'address', 'postcode', 'orcid', 'bio'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export interface ModifyProfileInput {
  realName?: string;
  gender?: number;
  mailbox?: string;
  title?: string;
  education?: string;
  institution?: string;
  department?: string;
  researchFields?: string[];
  address?: string;
  postcode?: string;
  orcid?: string;
  bio?: string;
  clear?: Exclude<ProfileField, 'realName'>[];
}
export const modifyProfile = defineEndpoint<ModifyProfileInput, AccountProfile>('POST', '/manage/employee/modifyProfile', accountProfileSchema);

/** Multipart `file` (an image of at most 2 MB), streamed through `streamUpload`. */
export const SET_HEAD_IMG_PATH = '/manage/employee/setUpHeadImgUrl';
export const headImgAnswerSchema = z.object({ headImgUrl: z.string().regex(/^\/api\/attachmentApi\/fileBrowsing\?hash=[0-9a-f]{64}$/) });

export const passwordChange = defineEndpoint<{ oldPassword: string; password: string; confirmPassword: string }, unknown>(
  'POST',
  '/manage/employee/passwordChange',
  z.unknown(),
);

/** Checks the password and sends an SMS code to the new mobile. */
export const verificationPasswordAndSendCode = defineEndpoint<{ password: string; mobileNo: string }, { mobile: string; resendIn: number }>(
  'POST',
  '/manage/employee/verificationPasswordAndSendCode',
  z.object({ mobile: z.string(), resendIn: z.coerce.number().int().catch(60) }),
);

export const mobileNoChange = defineEndpoint<{ mobileNo: string; code: string }, { mobileNo: string }>(
  'POST',
  '/manage/employee/mobileNoChange',
  z.object({ mobileNo: z.string() }),
);

/**
 * Binding from the personal centre: the signed-in caller's token and the openid of a
 * WeChat callback (contract: the signed-in form of userBindWxChat, no SMS needed).
 */
export const bindWechatToAccount = defineEndpoint<{ openid: string }, unknown>('POST', '/api/weiXinApi/userBindWxChat', z.unknown());

export const userUnbindWxChat = defineEndpoint<void, unknown>('POST', '/api/weiXinApi/userUnbindWxChat', z.unknown());

export const authorAccountCancellation = defineEndpoint<{ password: string; reason?: string }, unknown>(
  'POST',
  '/manage/author/paper/authorAccountCancellation',
  z.unknown(),
);
