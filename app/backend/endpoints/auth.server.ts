import { z } from 'zod';
import { defineEndpoint } from '../client.server';

/**
 * Sign-in calls (docs/product.md#backend-calls) (`/api/loginApi/*`, `/api/weiXinApi/*`, `/logout`), with the
 * payloads of docs/backend-contract.md. Only server actions make the token-issuing ones
 * (login, menus, the WeChat callback and bind): the BFF proxy refuses them from browsers.
 */

const id = z.union([z.string(), z.number()]).transform(String);

export const roleSchema = z.object({ id, type: z.coerce.number() });

/** The login response (docs/product.md#entities): token, employee, employeeRole list, employeeType. */
export const loginEntitySchema = z.object({
  token: z.string().min(1),
  employee: z.object({
    id,
    username: z.string(),
    headImgUrl: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    type: z.coerce
      .number()
      .nullish()
      .transform((v) => v ?? null),
  }),
  employeeRole: z
    .array(roleSchema)
    .nullish()
    .transform((v) => v ?? []),
  employeeType: z.coerce
    .number()
    .nullish()
    .transform((v) => v ?? null),
});
export type LoginEntity = z.infer<typeof loginEntitySchema>;

export const login = defineEndpoint<{ username: string; password: string; captcha?: string; uuid?: string }, LoginEntity>(
  'POST',
  '/api/loginApi/login',
  loginEntitySchema,
);

export const register = defineEndpoint<
  { mobileNo: string; verificationCode: string; mailbox?: string; userName: string; password: string; confirmPassword: string },
  unknown
>('POST', '/api/loginApi/register', z.unknown());

export const forgotPassword = defineEndpoint<
  { mobileNo: string; verificationCode: string; userName: string; password: string; confirmPassword: string },
  unknown
>('POST', '/api/loginApi/forgotPassword', z.unknown());

/** Sends an SMS code; `code` is the image captcha's text for `uuid`. */
export const sendCode = defineEndpoint<{ mobile: string; code: string; uuid: string }, unknown>('POST', '/api/loginApi/sendCode', z.unknown());

/** The signed-in user (docs/product.md#startup). */
export const getUser = defineEndpoint<void, { id: string; username: string; headImgUrl: string | null; type: number | null; employeeType: number | null }>(
  'POST',
  '/api/loginApi/getUser',
  z.object({
    id,
    username: z.string(),
    headImgUrl: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    type: z.coerce
      .number()
      .nullish()
      .transform((v) => v ?? null),
    employeeType: z.coerce
      .number()
      .nullish()
      .transform((v) => v ?? null),
  }),
);

/** Selects the active role (`id`: a role id, or a user id for the author role); may renew the token. */
export const menus = defineEndpoint<{ id: string }, { token: string | null; role: z.infer<typeof roleSchema> | null }>(
  'POST',
  '/api/loginApi/menus',
  z.object({
    token: z
      .string()
      .min(1)
      .nullish()
      .transform((v) => v ?? null),
    role: roleSchema.nullish().transform((v) => v ?? null),
  }),
);

/** true: the username is free. */
export const queryUsername = defineEndpoint<{ username: string }, boolean>('POST', '/api/loginApi/queryUsername', z.boolean());

/** The key of a new image captcha. */
export const getRandomUUID = defineEndpoint<void, string>('GET', '/api/loginApi/getRandomUUID', z.string().min(1).max(100));

/** The captcha image itself is not JSON: fetched with the client's `raw`. */
export const CAPTCHA_IMAGE_PATH = '/api/loginApi/sendVerificationCode';

/** Account lookup by mobile and SMS code (findAccountInfo, docs/product.md#entities). */
export const findAccount = defineEndpoint<
  { mobileNo: string; verificationCode: string },
  { accountName: string; phoneNumber: string | null; cardNo: string | null; fullName: string | null }
>(
  'POST',
  '/api/loginApi/findAccount',
  z.object({
    accountName: z.string(),
    phoneNumber: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    cardNo: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    fullName: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
  }),
);

/** WeChat login: type 1 = login, projectType 2 = this portal; the browser goes to `url`. */
export const requestCode = defineEndpoint<{ type: 1; projectType: 2; redirectUri: string }, { url: string; state: string | null }>(
  'POST',
  '/api/weiXinApi/requestCode',
  z.object({
    url: z.url({ protocol: /^https?$/ }),
    state: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
  }),
);

/** After WeChat consent: a bound user gets a login entity, an unbound one only the openid. */
export const userConfirmationCallback = defineEndpoint<
  { code: string; state: string },
  ({ bound: true } & LoginEntity & { openid: string }) | { bound: false; openid: string }
>(
  'GET',
  '/api/weiXinApi/userConfirmationCallback',
  z.union([loginEntitySchema.extend({ bound: z.literal(true), openid: z.string() }), z.object({ bound: z.literal(false), openid: z.string().min(1) })]),
);

/** Binds the WeChat openid to the account of a mobile (type is always 0). */
export const userBindWxChat = defineEndpoint<{ mobileNo: string; code: string; userName: string; openid: string; type: 0 }, LoginEntity>(
  'POST',
  '/api/weiXinApi/userBindWxChat',
  loginEntitySchema,
);

export const logout = defineEndpoint('POST', '/logout', z.unknown());
