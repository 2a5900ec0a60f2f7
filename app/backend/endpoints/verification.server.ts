import { z } from 'zod';
import { defineEndpoint } from '../client.server';

/**
 * The account's verification, invoicing and feedback calls (docs/product.md#backend-calls, personal centre),
 * with the payloads of docs/backend-contract.md: 实名认证 and 人脸识别
 * (`/manage/employee/`), 学者认证 (`/manage/process/employeeScholarAudit/`), 开票信息
 * (`/manage/employee/employeeInvoicingInformation/`), 意见反馈 (`/manage/terrace/feedBack/`)
 * and the 反馈类型 code table (`/manage/platform/coding/`). All need the session's token.
 */

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const int = z.coerce.number().int();

// --- 实名认证 ---

/** `identityInformation` (the number arrives masked: 110101********1234). */
export const identitySchema = z.object({
  realName: z.string(),
  idTypeName: z.string().catch('居民身份证'),
  idNumber: z.string(),
  gender: int.nullish().transform((v) => v ?? null),
  birthDate: text,
  verified: z.boolean().catch(true),
  verifiedTime: text,
  faceVerified: z.boolean().catch(false),
  faceVerifiedTime: text,
});
export type Identity = z.infer<typeof identitySchema>;

export const identityInformation = defineEndpoint<void, Identity | null>('POST', '/manage/employee/identityInformation', identitySchema.nullable());
export const queryIdentityInformation = defineEndpoint<
  void,
  { authenticated: boolean; realName: string | null; idNumber: string | null; faceVerified: boolean }
>(
  'POST',
  '/manage/employee/queryIdentityInformation',
  z.object({ authenticated: z.boolean(), realName: text, idNumber: text, faceVerified: z.boolean().catch(false) }),
);
export const authorIdentityAuthentication = defineEndpoint<{ realName: string; idNumber: string }, Identity>(
  'POST',
  '/manage/employee/authorIdentityAuthentication',
  identitySchema,
);

// --- 人脸识别 ---

export const faceStartSchema = z.object({ ticket: z.string().min(1).max(200), url: z.string().min(1).max(2000), expiresIn: int.catch(600) });
export type FaceStart = z.infer<typeof faceStartSchema>;
export const faceRecognition = defineEndpoint<void, FaceStart>('POST', '/manage/employee/employeeFaceRecognition/faceRecognition', faceStartSchema);

export const faceResultSchema = z.object({
  status: z.enum(['pending', 'passed', 'failed', 'expired']).catch('pending'),
  statusName: z.string().catch(''),
  finishedTime: text,
});
export type FaceResult = z.infer<typeof faceResultSchema>;
export const getFaceRecognitionResult = defineEndpoint<{ ticket: string }, FaceResult>(
  'POST',
  '/manage/employee/employeeFaceRecognition/getFaceRecognitionResult',
  faceResultSchema,
);

// --- 学者认证 ---

const fileSchema = z.object({ fileName: z.string(), fileType: text, size: int.catch(0), previewUrl: text, downloadUrl: text });
export const scholarApplicationSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  realName: z.string(),
  institution: z.string(),
  title: z.string(),
  researchField: z.string(),
  status: z.string(),
  statusName: z.string(),
  opinion: text,
  createTime: text,
  decideTime: text,
  file: fileSchema.nullish().transform((v) => v ?? null),
});
export type ScholarApplication = z.infer<typeof scholarApplicationSchema>;

export const scholarStateSchema = z.object({
  applied: z.boolean(),
  status: z.enum(['none', 'pending', 'approved', 'rejected']).catch('none'),
  statusName: z.string(),
  application: scholarApplicationSchema.nullish().transform((v) => v ?? null),
});
export type ScholarState = z.infer<typeof scholarStateSchema>;
export const isScholarApplication = defineEndpoint<void, ScholarState>('POST', '/manage/process/employeeScholarAudit/isScholarApplication', scholarStateSchema);
/** Multipart (the fields, then `file`): streamed through `streamUpload`, never read here. */
export const SCHOLAR_APPLICATION_PATH = '/manage/process/employeeScholarAudit/scholarApplication';

// --- 开票信息 ---

export const invoicingSchema = z.object({
  type: int,
  typeName: z.string().catch(''),
  title: z.string(),
  taxpayerNo: text,
  address: text,
  phone: text,
  bank: text,
  account: text,
  email: text,
  updateTime: text,
});
export type Invoicing = z.infer<typeof invoicingSchema>;

export interface InvoicingInput {
  type: number;
  title: string;
  taxpayerNo?: string;
  address?: string;
  phone?: string;
  bank?: string;
  account?: string;
  email?: string;
}
export const getInvoicingInformation = defineEndpoint<void, Invoicing | null>(
  'POST',
  '/manage/employee/employeeInvoicingInformation/getInvoicingInformation',
  invoicingSchema.nullable(),
);
export const addInvoicingInformation = defineEndpoint<InvoicingInput, Invoicing>(
  'POST',
  '/manage/employee/employeeInvoicingInformation/addInvoicingInformation',
  invoicingSchema,
);

// --- 意见反馈 ---

export const addFeedBack = defineEndpoint<{ type: string; content: string; contact?: string }, { id: string; createTime: string | null }>(
  'POST',
  '/manage/terrace/feedBack/addFeedBack',
  z.object({ id: z.union([z.string(), z.number()]).transform(String), createTime: text }),
);

/** Code tables (`fatherId` 6 = 反馈类型): `[{ id, code, name, sort }]`. */
export const getCodingByFatherId = defineEndpoint<{ fatherId: number }, { code: string; name: string }[]>(
  'POST',
  '/manage/platform/coding/getCodingByFatherId',
  z.array(z.object({ code: z.string(), name: z.string() })),
);
export const FEEDBACK_TYPE_TABLE = 6;
