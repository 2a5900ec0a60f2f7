// Envelope, parameter parsing, auth and error handling shared by every route module.
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Envelope, Page } from '../contract/envelope.js';
import type { DB } from './db.js';
import { sha256 } from './security.js';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

export type { Envelope, Page } from '../contract/envelope.js';

export const MSG = {
  ok: '操作成功',
  expired: '登录状态已失效，请重新登录',
  notFound: '请求的资源不存在',
  noSuchEndpoint: '接口不存在',
  tooLarge: '请求内容过大，请控制在1MB以内',
  badBody: '请求数据格式错误',
  internal: '服务器繁忙，请稍后再试',
  badParam: '请求参数不正确',
} as const;

export function ok<T>(entity: T, message: string = MSG.ok): Envelope<T> {
  return { code: 200, success: true, message, entity };
}

/** A refusal; `field` names the request parameter it is about, when it is about one. */
export function fail(code: number, message: string, field?: string, account?: string): Envelope<null> {
  return { code, success: false, message, entity: null, ...(field ? { field } : {}), ...(account ? { account } : {}) };
}

/**
 * A failure the client is meant to show. Business failures keep HTTP 200 (the portal
 * reads `code`); auth and routing failures carry their own HTTP status.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
    /** The request parameter the refusal is about (the portal shows it at that field). */
    readonly field?: string,
    /** A refused sign-in of an existing account names it (its username), for the portal's per-account limit. */
    public account?: string,
  ) {
    super(message);
  }
}

export const bizError = (message: string, code = 400, field?: string) => new ApiError(code, message, 200, field);
export const forbidden = () => new ApiError(403, MSG.expired, 403);
export const notFound = (message: string = MSG.notFound) => new ApiError(404, message, 404);

// --- parameters ---

export type Params = Record<string, unknown>;

const HAS_CJK = /[\u4e00-\u9fa5]/;

/** Validates request parameters; the first problem becomes a Chinese 400 message. */
export function parse<S extends z.ZodType>(schema: S, params: Params): z.infer<S> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue && HAS_CJK.test(issue.message) ? issue.message : `${MSG.badParam}${issue?.path.length ? `：${issue.path.join('.')}` : ''}`;
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  throw bizError(message, 400, field);
}

/** Form posts send '' for empty fields; treat them as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const optInt = () => z.preprocess(blankToUndefined, z.coerce.number().int().optional());
export const reqId = (message = '缺少参数：id') =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }));
export const optStr = () => z.preprocess((v) => (typeof v === 'string' ? v.trim() || undefined : blankToUndefined(v)), z.string().optional());
export const reqStr = (message: string) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: message }).min(1, { error: message }));

/** Booleans from JSON or forms: true/'true'/'1'/'on' and false/'false'/'0'/'off'. */
export const optBool = () =>
  z.preprocess((v) => {
    if (v === '' || v === null || v === undefined) return undefined;
    if (v === true || v === 1 || v === 'true' || v === '1' || v === 'on') return true;
    if (v === false || v === 0 || v === 'false' || v === '0' || v === 'off') return false;
    return v;
  }, z.boolean({ error: MSG.badParam }).optional());

export const pagingSchema = z.object({
  current: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
  // Sizes above 100 are clamped rather than refused.
  size: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .transform((n) => Math.min(n, 100)),
  ),
});
export type Paging = z.infer<typeof pagingSchema>;

export function paging(params: Params): Paging & { offset: number } {
  const p = parse(pagingSchema, params);
  return { ...p, offset: (p.current - 1) * p.size };
}

export function page<T>(records: T[], total: number, p: Paging): Page<T> {
  return { records, total, current: p.current, size: p.size };
}

// --- auth ---

export interface Auth {
  employeeId: number;
  roleId: number | null;
  tokenHash: string;
  token: string;
}

/** The token arrives raw or as `Bearer <token>`. */
export function tokenFrom(req: Request): string | null {
  const header = req.get('authorization')?.trim();
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

/**
 * Resolves the token of every request. A token that is present but unknown or expired is
 * refused with 403 even on public endpoints, so the portal clears it at once.
 */
export function authMiddleware(db: DB) {
  const find = db.prepare<[string, number], { employee_id: number; role_id: number | null }>(
    'SELECT employee_id, role_id FROM sessions WHERE token_hash = ? AND expires_at > ?',
  );
  return (req: Request, res: Response, next: NextFunction) => {
    const token = tokenFrom(req);
    if (!token) return next();
    const tokenHash = sha256(token);
    const row = find.get(tokenHash, Date.now());
    if (!row) return next(forbidden());
    const auth: Auth = { employeeId: row.employee_id, roleId: row.role_id, tokenHash, token };
    res.locals.auth = auth;
    next();
  };
}

export function requireAuthMiddleware(_req: Request, res: Response, next: NextFunction) {
  if (!res.locals.auth) return next(forbidden());
  next();
}

// --- route registration ---

export interface Ctx {
  req: Request;
  res: Response;
  db: DB;
  log: Logger;
  /** Query parameters merged with the body (body wins). */
  params: Params;
  auth: Auth | null;
  /** The caller's session, or a 403. */
  user(): Auth;
}

/** Returned by handlers that wrote the response themselves (files, images, redirects). */
export const RESPONDED = Symbol('responded');

export type Handler = (ctx: Ctx) => unknown;

export interface Api {
  get(path: string, handler: Handler): void;
  post(path: string, handler: Handler): void;
  /** GET and POST on the same path. */
  any(path: string, handler: Handler): void;
  router: Router;
}

export function createApi(db: DB, log: Logger): Api {
  const router = express.Router();
  const wrap = (handler: Handler) => async (req: Request, res: Response) => {
    const auth = (res.locals.auth as Auth | undefined) ?? null;
    const body = req.body && typeof req.body === 'object' ? (req.body as Params) : {};
    const ctx: Ctx = {
      req,
      res,
      db,
      log,
      params: { ...(req.query as Params), ...body },
      auth,
      user() {
        if (!auth) throw forbidden();
        return auth;
      },
    };
    const result = await handler(ctx);
    if (result === RESPONDED) return;
    if (result instanceof Reply) {
      res.json(result.value);
      return;
    }
    res.json(ok(result === undefined ? null : result));
  };
  return {
    router,
    get: (path, h) => void router.get(path, wrap(h)),
    post: (path, h) => void router.post(path, wrap(h)),
    any: (path, h) => {
      router.get(path, wrap(h));
      router.post(path, wrap(h));
    },
  };
}

/** Lets a handler choose the whole envelope, e.g. a custom success message. */
export class Reply {
  constructor(readonly value: Envelope<unknown>) {}
}

export function withMessage<T>(entity: T, message: string): Reply {
  return new Reply(ok(entity, message));
}

// --- errors ---

interface BodyParserError {
  type?: string;
  status?: number;
}

export function errorHandler(log: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (err instanceof ApiError) {
      res.status(err.status).json(fail(err.code, err.message, err.field, err.account));
      return;
    }
    // body-parser errors carry a 4xx status and a type; their text stays internal.
    const bp = err as BodyParserError | null;
    if (bp && typeof bp.type === 'string' && typeof bp.status === 'number' && bp.status >= 400 && bp.status < 500) {
      const tooLarge = bp.status === 413;
      res.status(tooLarge ? 413 : 400).json(fail(tooLarge ? 413 : 400, tooLarge ? MSG.tooLarge : MSG.badBody));
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'sandbox request failed');
    res.status(500).json(fail(500, MSG.internal));
  };
}
