// /api/attachmentApi/*: uploads (multipart, stored by content hash) and file access by
// ossKey or hash. Files are addressed by their SHA-256, which is unguessable: holding the
// hash is the permission to read (like the image host of getOssKey).
import { z } from 'zod';
import { nowTime } from '../clock.js';
import { readDocxDocument } from '../docx.js';
import type { SandboxEnv } from '../env.js';
import { ATTACHMENT_TYPES, IMAGE_TYPES, fileJson, previewUrlOf } from '../files.js';
import { RESPONDED, bizError, createApi, optStr, parse, withMessage, type Params } from '../http.js';
import { receiveUpload, uploadJson } from '../uploads.js';
import { ZipReader } from '../zip.js';
import { pdfFileName } from '../articles.js';
import { TEMPLATES } from './platform.js';

interface AttachmentRow {
  id: number;
  oss_key: string;
  hash: string;
  file_name: string;
  kind: string;
  created_at: string;
  size: number;
  content_type: string;
  ext: string;
}

const ATT_SELECT = `SELECT a.id, a.oss_key, a.hash, a.file_name, a.kind, a.created_at, b.size, b.content_type, b.ext
  FROM attachments a JOIN blobs b ON b.hash = a.hash`;

export function attachmentJson(a: AttachmentRow) {
  return {
    id: a.id,
    ossKey: a.oss_key,
    kind: a.kind,
    createTime: a.created_at,
    ...fileJson({ hash: a.hash, fileName: a.file_name, size: a.size, contentType: a.content_type, ext: a.ext }),
  };
}

const KINDS = ['attachment', 'avatar', 'scholar', 'feedback', 'manuscript'] as const;
/** Attachment kinds shown to anyone: people's avatars (the templates are built, see TEMPLATES). */
const PUBLIC_KINDS = new Set(['avatar']);

export function attachmentRoutes(env: SandboxEnv) {
  const { db, log, files } = env;
  const api = createApi(db, log);

  /** The file named by `ossKey` or `hash` (+ optional `fileName`). */
  const resolve = (params: Params) => {
    const q = parse(z.object({ ossKey: optStr(), hash: optStr(), fileName: optStr() }), params);
    let row: AttachmentRow | undefined;
    if (q.ossKey) row = db.prepare(`${ATT_SELECT} WHERE a.oss_key = ?`).get(q.ossKey) as AttachmentRow | undefined;
    else if (q.hash) {
      const hash = q.hash.toLowerCase();
      row = db.prepare(`${ATT_SELECT} WHERE a.hash = ? ORDER BY a.id DESC LIMIT 1`).get(hash) as AttachmentRow | undefined;
      if (!row) {
        const b = files.blob(hash);
        const named = db.prepare('SELECT file_name FROM manuscript_files WHERE hash = ? ORDER BY id DESC LIMIT 1').get(hash) as
          | { file_name: string }
          | undefined;
        if (b)
          row = {
            id: 0,
            oss_key: '',
            hash,
            file_name: named?.file_name ?? `file.${b.ext}`,
            kind: 'generated',
            created_at: '',
            size: b.size,
            content_type: b.contentType,
            ext: b.ext,
          };
      }
    } else throw bizError('缺少参数：ossKey 或 hash');
    if (!row) throw bizError('文件不存在或已被删除', 404);
    return { row, fileName: (q.fileName ?? row.file_name).slice(0, 200) };
  };

  api.post('/upload', async (ctx) => {
    const auth = ctx.user();
    const { kind } = parse(z.object({ kind: optStr() }), ctx.params);
    const t = nowTime(db);
    const k = (KINDS as readonly string[]).includes(kind ?? '') ? (kind as string) : 'attachment';
    const { file } = await receiveUpload(env, ctx.req, {
      allowed: k === 'avatar' ? IMAGE_TYPES : ATTACHMENT_TYPES,
      maxBytes: env.uploadLimitBytes,
      kind: k,
      employeeId: auth.employeeId,
      now: t,
    });
    if (!file) throw bizError('请选择要上传的文件');
    log.info({ event: 'attachment_uploaded', size: file.size, type: file.ext }, 'sandbox attachment uploaded');
    return withMessage(uploadJson(file, t), '上传成功');
  });

  // The record of a file by its hash, for whoever serves it (the portal): its stored name,
  // type (by content, never by a name) and whether anyone may read it. Published article
  // PDFs, journal covers, the submission templates and avatars are public; manuscript files and personal
  // uploads only to their owner. Anyone else gets the same 404 as an unknown hash.
  let templateNames: Map<string, string> | undefined;
  api.post('/fileRecord', ({ params, auth }) => {
    const { hash } = parse(z.object({ hash: z.string().regex(/^[0-9a-fA-F]{32,64}$/, { error: '文件不存在或已被删除' }) }), params);
    const h = hash.toLowerCase();
    const caller = auth?.employeeId ?? null;
    const article = db.prepare('SELECT title FROM articles WHERE pdf_hash = ?').get(h) as { title: string } | undefined;
    if (article) return { hash: h, fileName: pdfFileName(article), fileType: 'pdf', contentType: 'application/pdf', public: true };
    // Journal covers are shown to anyone (share cards).
    const journal = db.prepare('SELECT name FROM journals WHERE cover = ?').get(previewUrlOf(h)) as { name: string } | undefined;
    if (journal) return { hash: h, fileName: `${journal.name}封面.png`, fileType: 'png', contentType: 'image/png', public: true };
    templateNames ??= new Map(Object.values(TEMPLATES).map((t) => [files.putRecipe(t.recipe, nowTime(db)).hash, t.name]));
    const blob = files.blob(h);
    const template = templateNames.get(h);
    if (blob && template) return { hash: h, fileName: template, fileType: blob.ext, contentType: blob.contentType, public: true };
    const attachment = db.prepare('SELECT file_name, kind, employee_id FROM attachments WHERE hash = ? ORDER BY id DESC LIMIT 1').get(h) as
      | { file_name: string; kind: string; employee_id: number | null }
      | undefined;
    const manuscript = db
      .prepare(
        'SELECT f.file_name, m.employee_id FROM manuscript_files f JOIN manuscripts m ON m.id = f.manuscript_id WHERE f.hash = ? ORDER BY f.id DESC LIMIT 1',
      )
      .get(h) as { file_name: string; employee_id: number } | undefined;
    if (!blob) throw bizError('文件不存在或已被删除', 404);
    const record = attachment ?? manuscript;
    const isPublic = !manuscript && attachment !== undefined && PUBLIC_KINDS.has(attachment.kind);
    // A document built on request (a manuscript's title page or information form) has no
    // row of its own: any signed-in user holding its hash, which only its owner is given.
    const owner = record ? record.employee_id : undefined;
    const allowed = isPublic || (caller !== null && (owner === undefined || owner === caller));
    if (!allowed) throw bizError('文件不存在或已被删除', 404);
    const fileName = record?.file_name ?? `file.${blob.ext}`;
    return { hash: h, fileName, fileType: blob.ext, contentType: blob.contentType, public: isPublic };
  });

  api.post('/ossKeyGetAttachment', ({ params }) => attachmentJson(resolve(params).row));

  api.any('/download', ({ params, res }) => {
    const { row, fileName } = resolve(params);
    files.send(res, row.hash, fileName);
    return RESPONDED;
  });

  api.get('/fileBrowsing', ({ params, res }) => {
    const { row, fileName } = resolve({ hash: params.hash, fileName: params.fileName });
    files.send(res, row.hash, fileName, 'inline');
    return RESPONDED;
  });

  // Text of a document (DOCX paragraphs, plain text), for quick previews.
  api.post('/getString', ({ params }) => {
    const { row } = resolve(params);
    const buf = files.read(row.hash);
    if (!buf) throw bizError('文件不存在或已被删除', 404);
    let text: string;
    if (row.ext === 'docx') {
      try {
        text = readDocxDocument(ZipReader.fromBuffer(buf)).join('\n');
      } catch {
        throw bizError('文件无法解析');
      }
    } else if (row.ext === 'txt') text = buf.subarray(0, 1024 * 1024).toString('utf8');
    else throw bizError('该文件类型不支持文本预览');
    return { hash: row.hash, fileName: row.file_name, fileType: row.ext, text };
  });

  // Online preview (PageOffice in production): where and how the browser shows the file.
  api.post('/pageOfficeExamine', ({ params }) => {
    const { row } = resolve(params);
    const previewType = row.ext === 'pdf' ? 'pdf' : IMAGE_TYPES.includes(row.ext as never) ? 'image' : row.ext === 'txt' ? 'text' : 'office';
    return { ...attachmentJson(row), url: `/api/attachmentApi/fileBrowsing?hash=${row.hash}`, previewType, editable: false };
  });

  return api.router;
}
