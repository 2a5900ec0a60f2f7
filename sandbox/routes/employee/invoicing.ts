// /manage/employee: the invoice details (开票信息) used when paying fees.
import { z } from 'zod';
import { nowTime } from '../../clock.js';
import type { SandboxEnv } from '../../env.js';
import { bizError, createApi, optStr, parse, reqStr, withMessage } from '../../http.js';
import { EMAIL_RE } from '../../security.js';

export interface InvoicingRow {
  employee_id: number;
  type: number;
  title: string;
  taxpayer_no: string | null;
  address: string | null;
  phone: string | null;
  bank: string | null;
  account: string | null;
  email: string | null;
  updated_at: string;
}

export function invoicingJson(r: InvoicingRow) {
  return {
    type: r.type,
    typeName: r.type === 2 ? '单位' : '个人',
    title: r.title,
    taxpayerNo: r.taxpayer_no,
    address: r.address,
    phone: r.phone,
    bank: r.bank,
    account: r.account,
    email: r.email,
    updateTime: r.updated_at,
  };
}

/** Taxpayer number: 15, 18 (统一社会信用代码) or 20 characters, digits and capitals. */
export const TAXPAYER_RE = /^(?:[0-9A-Z]{15}|[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}|[0-9A-Z]{20})$/;

export function invoicingRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

  api.post('/employeeInvoicingInformation/addInvoicingInformation', ({ params, user }) => {
    const auth = user();
    const q = parse(
      z.object({
        type: z.preprocess(
          (v) => (v === '' || v === undefined ? 1 : v),
          z.coerce.number().int().min(1, { error: '发票抬头类型不正确' }).max(2, { error: '发票抬头类型不正确' }),
        ),
        title: reqStr('请填写发票抬头').pipe(z.string().max(100, { error: '发票抬头不能超过100个字符' })),
        taxpayerNo: optStr().pipe(
          z
            .string()
            .transform((s) => s.toUpperCase())
            .pipe(z.string().regex(TAXPAYER_RE, { error: '纳税人识别号应为15、18或20位数字或大写字母' }))
            .optional(),
        ),
        address: optStr().pipe(z.string().max(200, { error: '地址不能超过200个字符' }).optional()),
        phone: optStr().pipe(
          z
            .string()
            .regex(/^[\d\-+() ]{7,20}$/, { error: '请输入正确的电话号码' })
            .optional(),
        ),
        bank: optStr().pipe(z.string().max(100, { error: '开户行不能超过100个字符' }).optional()),
        account: optStr().pipe(
          z
            .string()
            .regex(/^[\d ]{8,32}$/, { error: '请输入正确的银行账号' })
            .optional(),
        ),
        email: optStr().pipe(z.string().regex(EMAIL_RE, { error: '请输入正确的邮箱地址' }).optional()),
      }),
      params,
    );
    if (q.type === 2 && !q.taxpayerNo) throw bizError('单位发票请填写纳税人识别号', 400, 'taxpayerNo');
    const t = nowTime(db);
    db.prepare(
      `INSERT INTO invoicing_info (employee_id, type, title, taxpayer_no, address, phone, bank, account, email, updated_at)
      VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT(employee_id) DO UPDATE SET type = excluded.type, title = excluded.title,
      taxpayer_no = excluded.taxpayer_no, address = excluded.address, phone = excluded.phone, bank = excluded.bank,
      account = excluded.account, email = excluded.email, updated_at = excluded.updated_at`,
    ).run(auth.employeeId, q.type, q.title, q.taxpayerNo ?? null, q.address ?? null, q.phone ?? null, q.bank ?? null, q.account ?? null, q.email ?? null, t);
    return withMessage(
      invoicingJson(db.prepare('SELECT * FROM invoicing_info WHERE employee_id = ?').get(auth.employeeId) as InvoicingRow),
      '开票信息保存成功',
    );
  });

  api.post('/employeeInvoicingInformation/getInvoicingInformation', ({ user }) => {
    const r = db.prepare('SELECT * FROM invoicing_info WHERE employee_id = ?').get(user().employeeId) as InvoicingRow | undefined;
    return r ? invoicingJson(r) : null;
  });

  return api.router;
}
