import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

/**
 * Requests the portal answers before anything reads them, because they cannot be meant
 * for it: a method it does not serve (405 for HTTP's own, such as TRACE or PUT; 501 for
 * anything else), a request target that is not a path (absolute-form `GET http://…`,
 * which only proxies receive), a forwarded scheme that is neither http nor https, and
 * a request with two `Host` headers.
 * Each gets a short Chinese page, the request id, and a warning in the log, not an error.
 */
const SERVED = new Set(['GET', 'HEAD', 'POST']);
const KNOWN = new Set(['OPTIONS', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'TRACK', 'CONNECT']);
const ALLOW = 'GET, HEAD, POST';

function refuse(res: Response, status: number, message: string) {
  const requestId = String(res.getHeader('X-Request-Id') ?? '');
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>${message}</title></head>` +
        `<body style="font-family:sans-serif;text-align:center;padding:80px 20px;color:#1f2733">` +
        `<h1 style="font-size:24px">${message}</h1><p>请求编号：${requestId}</p><p><a href="/">返回首页</a></p></body></html>`,
    );
}

/** How many times a header was sent (Node keeps only the first `Host` of several). */
function sentCount(req: IncomingMessage, name: string): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === name) count += 1;
  return count;
}

/** Why the portal refuses a request before anything reads it, or undefined when it does not. */
export function shapeRefusal(req: IncomingMessage): { status: number; message: string; allow?: string } | undefined {
  const method = req.method ?? '';
  if (!SERVED.has(method)) return KNOWN.has(method) ? { status: 405, message: '不支持的请求方式', allow: ALLOW } : { status: 501, message: '不支持的请求方式' };
  if (!(req.url ?? '').startsWith('/')) return { status: 400, message: '请求地址无效' };
  // Two Hosts: a proxy and the portal could each read another one.
  if (sentCount(req, 'host') > 1) return { status: 400, message: '请求无效' };
  const forwarded = req.headers['x-forwarded-proto'];
  if (forwarded !== undefined && !/^\s*https?\s*(,|$)/i.test(String(forwarded))) return { status: 400, message: '请求无效' };
  return undefined;
}

export function requestShape(req: Request, res: Response, next: NextFunction) {
  // Every URL is built from PUBLIC_URL and the gateway passes the visitor's Host: a
  // forwarded host can only be a client's word, and nothing here (Express's hostname,
  // React Router's request URL and origin check on actions) may read it.
  delete req.headers['x-forwarded-host'];
  const refusal = shapeRefusal(req);
  if (!refusal) return next();
  if (refusal.allow) res.set('Allow', refusal.allow);
  refuse(res, refusal.status, refusal.message);
}
