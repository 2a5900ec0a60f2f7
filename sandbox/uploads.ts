// Multipart uploads into the file store: type by content, size limits, attachment rows.
import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type { SandboxEnv } from './env.js';
import { checkType, detectType, fileJson, type FileExt } from './files.js';
import { bizError } from './http.js';
import { discardUploads, isMultipart, readMultipart, type MultipartResult } from './multipart.js';

export interface StoredUpload {
  attachmentId: number;
  ossKey: string;
  hash: string;
  size: number;
  contentType: string;
  ext: FileExt;
  fileName: string;
}

export interface UploadOptions {
  allowed: FileExt[];
  maxBytes: number;
  kind: string;
  employeeId: number | null;
  now: string;
  /** Form field of the file (any file field when omitted). */
  field?: string;
  required?: boolean;
}

export function newOssKey(kind: string, now: string, hash: string, ext: string): string {
  return `${kind}/${now.slice(0, 7).replace('-', '')}/${randomBytes(6).toString('hex')}-${hash.slice(0, 12)}.${ext}`;
}

export function insertAttachment(
  env: SandboxEnv,
  a: { hash: string; fileName: string; kind: string; employeeId: number | null; now: string; ext: string },
): { id: number; ossKey: string } {
  const ossKey = newOssKey(a.kind, a.now, a.hash, a.ext);
  const info = env.db
    .prepare('INSERT INTO attachments (oss_key, hash, file_name, kind, employee_id, created_at) VALUES (?,?,?,?,?,?)')
    .run(ossKey, a.hash, a.fileName, a.kind, a.employeeId, a.now);
  return { id: Number(info.lastInsertRowid), ossKey };
}

/**
 * Reads a multipart request, checks its one file (type by content, size) and stores it.
 * Returns the text fields and the stored file (null when none was sent and not required).
 */
export async function receiveUpload(
  env: SandboxEnv,
  req: Request,
  opts: UploadOptions,
): Promise<{ fields: Record<string, string>; file: StoredUpload | null }> {
  if (!isMultipart(req)) throw bizError('请以 multipart/form-data 方式上传文件');
  let parsed: MultipartResult | null = null;
  try {
    parsed = await readMultipart(req, { tmpDir: env.files.tmpDir, maxFileBytes: opts.maxBytes, maxFiles: 1 });
    const f = parsed.files.find((x) => !opts.field || x.field === opts.field) ?? null;
    if (!f) {
      if (opts.required !== false) throw bizError('请选择要上传的文件');
      discardUploads(parsed);
      return { fields: parsed.fields, file: null };
    }
    if (f.size === 0) throw bizError('文件内容为空');
    const ext = checkType(detectType(f.head, f.tmpPath), f.fileName, opts.allowed);
    const blob = env.files.commitUpload(f.tmpPath, f.sha256, f.size, ext, opts.now);
    const att = insertAttachment(env, { hash: blob.hash, fileName: f.fileName, kind: opts.kind, employeeId: opts.employeeId, now: opts.now, ext });
    return {
      fields: parsed.fields,
      file: { attachmentId: att.id, ossKey: att.ossKey, hash: blob.hash, size: blob.size, contentType: blob.contentType, ext, fileName: f.fileName },
    };
  } catch (err) {
    discardUploads(parsed);
    throw err;
  }
}

export function uploadJson(u: StoredUpload, createTime: string) {
  return { id: u.attachmentId, ossKey: u.ossKey, createTime, ...fileJson(u) };
}
