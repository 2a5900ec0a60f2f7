import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { profileSchema, type Profile } from './personal.server';

/**
 * Account settings calls (docs/product.md#backend-calls): profile, avatar, password and mobile
 * (`/manage/employee/*`), WeChat bind and unbind (`/api/weiXinApi/*`) and the account
 * cancellation (`/manage/author/paper/authorAccountCancellation`), with the payloads of
 * docs/backend-contract.md. All need the session's token.
 */

/** The whole profile is `getProfile` of personal.server.ts: the card and the settings form read the same answer. */
export type AccountProfile = Profile;

/** Fields the profile form may send; `clear` names the optional fields the user emptied. */
export const PROFILE_FIELDS = [
  'realName',
  'gender',
  'mailbox',
  'title',
  'education',
  'institution',
  'department',
  'researchFields',
  'address',
  'postcode',
  'orcid',
  'bio',
] as const;
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
export const modifyProfile = defineEndpoint<ModifyProfileInput, AccountProfile>('POST', '/manage/employee/modifyProfile', profileSchema);

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
