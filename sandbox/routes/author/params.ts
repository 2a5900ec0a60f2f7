// What the author's route files share: the parameter schemas of a manuscript, the
// parallel-submission limit and the per-request helpers.
import { z } from 'zod';
import { nowTime } from '../../clock.js';
import type { DB } from '../../db.js';
import type { SandboxEnv } from '../../env.js';
import { optInt, optStr, parse, reqStr, type Ctx, type Params } from '../../http.js';
import { IN_PROGRESS, PARALLEL_LIMIT, UNDER_REVIEW, ownManuscript } from '../../manuscripts.js';
import { EMAIL_RE, MOBILE_RE } from '../../security.js';

// --- parameter schemas ---

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';

/** Form posts send arrays and objects as JSON strings. */
const jsonish = (v: unknown) => {
  if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }
  return v;
};

export const keywordsSchema = z.preprocess(
  (v) => {
    const j = jsonish(v);
    if (typeof j === 'string')
      return j
        .split(/[;；,，、]+/)
        .map((s) => s.trim())
        .filter(Boolean);
    return Array.isArray(j) ? j.map((s) => String(s).trim()).filter(Boolean) : j;
  },
  z
    .array(z.string().max(30, { error: '单个关键词不能超过30个字符' }), { error: '请填写关键词' })
    .min(3, { error: '关键词请填写3-8个' })
    .max(8, { error: '关键词请填写3-8个' }),
);

const authorSchema = z.object({
  name: reqStr('请填写作者姓名').pipe(z.string().max(30, { error: '作者姓名不能超过30个字符' })),
  institution: reqStr('请填写作者单位').pipe(z.string().max(100, { error: '作者单位不能超过100个字符' })),
  email: optStr().pipe(z.string().regex(EMAIL_RE, { error: '请输入正确的作者邮箱' }).optional()),
  mobile: optStr().pipe(z.string().regex(MOBILE_RE, { error: '请输入正确的作者手机号' }).optional()),
  title: optStr(),
  corresponding: z.preprocess(truthy, z.boolean()),
});

export const authorsSchema = z.preprocess(
  jsonish,
  z
    .array(authorSchema, { error: '请填写作者信息' })
    .min(1, { error: '请至少填写一位作者' })
    .max(10, { error: '作者不能超过10位' })
    .refine((list) => list.some((a) => a.corresponding), { error: '请指定通讯作者' })
    .refine((list) => list.filter((a) => a.corresponding).every((a) => a.email && a.mobile), {
      error: '通讯作者须填写邮箱和手机号',
    }),
);

const titleSchema = reqStr('请填写稿件标题').pipe(z.string().min(5, { error: '标题长度应为5-100个字符' }).max(100, { error: '标题长度应为5-100个字符' }));
const abstractSchema = reqStr('请填写摘要').pipe(z.string().min(50, { error: '摘要长度应为50-1000个字符' }).max(1000, { error: '摘要长度应为50-1000个字符' }));
export const PAPER_TYPES = ['学术论文', '综述', '案例评析', '书评', '译文'] as const;
const paperTypeSchema = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  z.enum(PAPER_TYPES, { error: '论文类型不正确' }).default('学术论文'),
);

export const confirmSchema = z.object({
  paperId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: '请先上传稿件' }).int().positive({ error: '请先上传稿件' })),
  idempotencyKey: reqStr('缺少参数：idempotencyKey').pipe(
    z.string().min(8, { error: 'idempotencyKey长度应为8-100个字符' }).max(100, { error: 'idempotencyKey长度应为8-100个字符' }),
  ),
  columnId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: '请选择栏目' }).int().positive({ error: '请选择栏目' })),
  title: titleSchema,
  titleEn: optStr().pipe(z.string().max(300, { error: '英文标题不能超过300个字符' }).optional()),
  abstract: abstractSchema,
  keywords: keywordsSchema,
  fund: optStr().pipe(z.string().max(500, { error: '基金项目不能超过500个字符' }).optional()),
  paperType: paperTypeSchema,
  authors: authorsSchema,
  remark: optStr().pipe(z.string().max(500, { error: '给编辑部的留言不能超过500个字符' }).optional()),
  themeId: optInt(),
  agreement: z.preprocess(truthy, z.literal(true, { error: '请阅读并同意《投稿须知》及《版权转让协议》' })),
  uuid: optStr(),
  captcha: optStr(),
  partnerUnit: optStr().pipe(z.string().max(100, { error: '推荐单位不能超过100个字符' }).optional()),
});

export const modifySchema = z.object({
  title: titleSchema.optional(),
  titleEn: optStr(),
  abstract: abstractSchema.optional(),
  keywords: keywordsSchema.optional(),
  fund: optStr(),
  paperType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PAPER_TYPES, { error: '论文类型不正确' }).optional()),
  columnId: optInt(),
  authors: authorsSchema.optional(),
  remark: optStr(),
});

/** `id` or `paperId`. */
export function paperIdOf(params: Params): number {
  const raw = params.id ?? params.paperId;
  const { id } = parse(
    z.object({ id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number({ error: '缺少参数：id' }).int().positive({ error: '缺少参数：id' })) }),
    { id: raw },
  );
  return id;
}

export function uploadVerificationOpen(env: SandboxEnv): boolean {
  const row = env.db.prepare(`SELECT value FROM sandbox_meta WHERE key = 'upload_verification'`).get() as { value: string } | undefined;
  return row ? row.value === '1' : true;
}

/** The request's clock and "the manuscript named by this request, if it is the user's". */
export function authorTools(env: SandboxEnv) {
  const { db } = env;
  return {
    now: () => nowTime(db),
    mine: (ctx: Ctx) => ownManuscript(db, ctx.user().employeeId, paperIdOf(ctx.params)),
  };
}

/** Whether the author may submit one more manuscript to a journal (limit, same title). */
export function parallelCheck(db: DB, employeeId: number, journalId: number, title: string | undefined, exceptId: number | null) {
  const marks = IN_PROGRESS.map(() => '?').join(',');
  const inProgress = (
    db
      .prepare(
        `SELECT count(*) AS n FROM manuscripts WHERE employee_id = ? AND journal_id = ? AND status IN (${UNDER_REVIEW.map(() => '?').join(',')}) AND id IS NOT ?`,
      )
      .get(employeeId, journalId, ...UNDER_REVIEW, exceptId) as { n: number }
  ).n;
  const duplicateTitle = title
    ? db
        .prepare(`SELECT 1 FROM manuscripts WHERE employee_id = ? AND title = ? AND status IN (${marks}) AND id IS NOT ?`)
        .get(employeeId, title.trim(), ...IN_PROGRESS, exceptId) !== undefined
    : false;
  const allowed = inProgress < PARALLEL_LIMIT && !duplicateTitle;
  const message = duplicateTitle
    ? '您已投递过同名稿件，请勿一稿多投'
    : inProgress >= PARALLEL_LIMIT
      ? `您在该刊审理中的稿件已达${PARALLEL_LIMIT}篇，请待已有稿件处理完毕后再投稿`
      : '可以投稿';
  return { allowed, limit: PARALLEL_LIMIT, inProgress, duplicateTitle, message };
}
