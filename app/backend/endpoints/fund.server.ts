import { z } from 'zod';
import { defineEndpoint } from '../client.server';
import { manuscriptSummarySchema, orderSchema } from './manuscripts.server';

/**
 * 版面费 (page fee) payment of an accepted manuscript: whether it can be paid
 * (`/manage/journal/issue/whetherCanBePaid`), the order to pay and its confirmation
 * (`/manage/fund/pay/*`), and the receipt. The sandbox stands in for the payment processor.
 */

export const whetherCanBePaidSchema = z.object({
  paperId: z.number(),
  canPay: z.boolean(),
  paid: z.boolean(),
  reason: z.string().nullish(),
  orderNo: z.string().nullish(),
  amount: z.number().nullish(),
});
export type WhetherCanBePaid = z.infer<typeof whetherCanBePaidSchema>;
export const whetherCanBePaid = defineEndpoint<{ paperId: number }, WhetherCanBePaid>('POST', '/manage/journal/issue/whetherCanBePaid', whetherCanBePaidSchema);

const invoicingSchema = z.object({
  type: z.number().nullish(),
  typeName: z.string().nullish(),
  title: z.string().nullish(),
  taxpayerNo: z.string().nullish(),
  email: z.string().nullish(),
});

export const orderSubmissionSchema = orderSchema.extend({
  items: z.array(z.object({ name: z.string(), quantity: z.number(), unit: z.string().nullish(), unitPrice: z.number(), amount: z.number() })).default([]),
  paper: manuscriptSummarySchema.partial().nullish(),
  payee: z.string().nullish(),
  payMethods: z.array(z.object({ code: z.string(), name: z.string() })).default([]),
  invoicingInformation: invoicingSchema.nullish(),
  invoice: invoicingSchema.nullish(),
});
export type OrderSubmission = z.infer<typeof orderSubmissionSchema>;

/** The order of a manuscript (`paperId`) or by number, with its items, payee and pay methods. */
export const getOrderSubmissionInformation = defineEndpoint<{ paperId?: number; orderNo?: string }, OrderSubmission>(
  'POST',
  '/manage/fund/pay/getOrderSubmissionInformation',
  orderSubmissionSchema,
);

/** Pays the order (simulated processor in the sandbox); paying a paid order answers it again. */
export const confirmThePayment = defineEndpoint<{ orderNo: string; payMethod: string; needInvoice?: boolean }, z.infer<typeof orderSchema>>(
  'POST',
  '/manage/fund/pay/confirmThePayment',
  orderSchema,
);

/** 缴费凭证 PDF of a paid order (`orderNo` or `paperId`), streamed. */
export const PAYMENT_RECEIPT_PATH = '/manage/fund/fullProofOrder/download';
