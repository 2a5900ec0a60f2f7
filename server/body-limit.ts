import type { NextFunction, Request, Response } from 'express';

/**
 * Form and JSON bodies of the portal's own actions: 1 MB at most (uploads have their
 * own, larger limit). A larger body is refused with 413 before anything reads it; a
 * body of unknown length (chunked) is refused with 411, since browsers always send one.
 */

export interface BodyLimitOptions {
  formBytes: number;
  uploadBytes: number;
  /** Whether a path's actions take file uploads (its route's policy). */
  isUpload: (path: string) => boolean;
}

function refuse(req: Request, res: Response, status: 411 | 413, message: string) {
  res.status(status).set('Connection', 'close').set('Cache-Control', 'no-store');
  // The rest of the body is not read: the connection closes after this answer.
  req.unpipe();
  if (req.accepts(['html', 'json']) === 'json' || req.path.endsWith('.data')) {
    res.json({ code: status, success: false, message, entity: null });
    return;
  }
  res
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>${message}</title></head>` +
        `<body style="font-family:sans-serif;text-align:center;padding:80px 20px;color:#1f2733">` +
        `<h1 style="font-size:24px">${message}</h1><p><a href="/">返回首页</a></p></body></html>`,
    );
}

export function bodyLimit(options: BodyLimitOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const upload = options.isUpload(req.path);
    const limit = upload ? options.uploadBytes : options.formBytes;
    const lengthHeader = req.get('content-length');
    if (lengthHeader === undefined) {
      if (req.get('transfer-encoding')) return refuse(req, res, 411, '请求缺少内容长度，请刷新页面后重试');
      return next();
    }
    const length = Number(lengthHeader);
    if (!Number.isFinite(length) || length < 0) return refuse(req, res, 411, '请求内容长度无效');
    if (length > limit) {
      const mb = Math.round(limit / 1024 / 1024);
      return refuse(req, res, 413, upload ? `文件过大，最大允许 ${mb} MB` : `提交的内容过大（最大 ${mb} MB），请精简后重试`);
    }
    next();
  };
}
