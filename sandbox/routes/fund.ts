// /manage/fund/*: 版面费 orders. The sandbox stands in for the payment processor: an
// order is created when a manuscript reaches the payment stage, and confirmThePayment
// simulates a successful payment.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { nowTime } from '../clock.js';
import type { SandboxEnv } from '../env.js';
import { RESPONDED, bizError, createApi, optBool, optStr, parse, withMessage, type Ctx } from '../http.js';
import {
  PAY_METHODS,
  addEvent,
  manuscriptRow,
  notify,
  orderJson,
  orderOf,
  ownManuscript,
  receiptRecipe,
  summaryJson,
  type ManuscriptRow,
  type OrderRow,
  type PayMethod,
} from '../manuscripts.js';
import { invoicingJson, type InvoicingRow } from './employee/invoicing.js';

export function fundRoutes(env: SandboxEnv) {
  const { db, log, files } = env;
  const api = createApi(db, log);

  /** The caller's order, by `orderNo` or by the manuscript (`paperId` / `id`). */
  const findOrder = (ctx: Ctx): { order: OrderRow; row: ManuscriptRow } => {
    const auth = ctx.user();
    const q = parse(z.object({ orderNo: optStr() }), ctx.params);
    if (q.orderNo) {
      const order = db.prepare('SELECT * FROM payment_orders WHERE order_no = ? AND employee_id = ?').get(q.orderNo, auth.employeeId) as OrderRow | undefined;
      if (!order) throw bizError('订单不存在', 404);
      return { order, row: manuscriptRow(db, order.manuscript_id) as ManuscriptRow };
    }
    const raw = ctx.params.paperId ?? ctx.params.id;
    const id = Number(raw);
    if (!raw || !Number.isInteger(id) || id <= 0) throw bizError('缺少参数：orderNo 或 paperId');
    const row = ownManuscript(db, auth.employeeId, id);
    const order = orderOf(db, row.id);
    if (!order) throw bizError(row.status === 'payment' ? '订单不存在' : '稿件尚未进入缴费阶段', 404);
    return { order, row };
  };

  const invoiceOf = (employeeId: number) => {
    const inv = db.prepare('SELECT * FROM invoicing_info WHERE employee_id = ?').get(employeeId) as InvoicingRow | undefined;
    return inv ? invoicingJson(inv) : null;
  };

  api.post('/pay/getOrderSubmissionInformation', (ctx) => {
    const { order, row } = findOrder(ctx);
    return {
      ...orderJson(order),
      items: [{ name: '版面费', quantity: order.pages, unit: '版', unitPrice: order.unit_price / 100, amount: order.amount / 100 }],
      paper: summaryJson(db, row),
      payee: `《${row.journal_name}》编辑部`,
      payMethods: Object.entries(PAY_METHODS).map(([code, name]) => ({ code, name })),
      invoicingInformation: invoiceOf(order.employee_id),
    };
  });

  api.post('/pay/confirmThePayment', (ctx) => {
    const { order, row } = findOrder(ctx);
    const q = parse(
      z.object({
        payMethod: z.preprocess(
          (v) => (v === '' || v === undefined ? 'wechat' : v),
          z.enum(Object.keys(PAY_METHODS) as [PayMethod, ...PayMethod[]], { error: '支付方式不正确' }),
        ),
        needInvoice: optBool(),
      }),
      ctx.params,
    );
    if (order.status === 'paid') return withMessage(orderJson(order), '订单已支付');
    if (row.status !== 'payment') throw bizError('稿件当前不在缴费阶段');
    const wantInvoice = q.needInvoice === true;
    const invoice = wantInvoice ? invoiceOf(order.employee_id) : null;
    if (wantInvoice && !invoice) throw bizError('请先填写开票信息');
    const t = nowTime(db);
    const txn = `SBX${t.replace(/\D/g, '')}${randomBytes(4).toString('hex').toUpperCase()}`;
    db.transaction(() => {
      db.prepare(
        `UPDATE payment_orders SET status = 'paid', pay_method = ?, transaction_no = ?, invoice = ?, paid_at = ? WHERE id = ? AND status = 'unpaid'`,
      ).run(q.payMethod, txn, invoice ? JSON.stringify(invoice) : null, t, order.id);
      addEvent(db, row.id, 'payment', `作者已缴纳版面费${(order.amount / 100).toFixed(2)}元（${PAY_METHODS[q.payMethod]}）`, '作者', t);
      db.prepare('UPDATE manuscripts SET updated_at = ? WHERE id = ?').run(t, row.id);
      notify(
        db,
        order.employee_id,
        '缴费成功',
        `您已成功缴纳稿件《${row.title}》的版面费${(order.amount / 100).toFixed(2)}元，订单号${order.order_no}。`,
        t,
        4,
        row.id,
      );
    })();
    log.info({ event: 'order_paid', orderNo: order.order_no }, 'sandbox order paid');
    return withMessage(orderJson(db.prepare('SELECT * FROM payment_orders WHERE id = ?').get(order.id) as OrderRow), '支付成功');
  });

  // The payment receipt (缴费凭证) of a paid order, as a PDF.
  api.any('/fullProofOrder/download', (ctx) => {
    const { order, row } = findOrder(ctx);
    if (order.status !== 'paid') throw bizError('订单尚未支付');
    const blob = files.putRecipe(receiptRecipe(order, row), nowTime(db));
    files.send(ctx.res, blob.hash, `缴费凭证-${order.order_no}.pdf`);
    return RESPONDED;
  });

  return api.router;
}
