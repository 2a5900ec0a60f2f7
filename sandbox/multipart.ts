// Streaming multipart/form-data parser (no dependency): file parts go straight to a temp
// file while their SHA-256 is computed; size limits are enforced while streaming.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import { ApiError, bizError } from './http.js';

export interface MultipartFile {
  field: string;
  fileName: string;
  /** Temp file holding the bytes; the caller commits or discards it. */
  tmpPath: string;
  size: number;
  sha256: string;
  /** First bytes of the content, for type detection. */
  head: Buffer;
}

export interface MultipartResult {
  fields: Record<string, string>;
  files: MultipartFile[];
}

export interface MultipartLimits {
  tmpDir: string;
  maxFileBytes: number;
  maxFiles?: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data/i.test(req.get('content-type') ?? '');
}

export function fileTooLarge(maxBytes: number): ApiError {
  const mb = maxBytes / (1024 * 1024);
  const size = mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB` : `${Math.round(maxBytes / 1024)}KB`;
  return new ApiError(413, `文件大小不能超过${size}`, 413);
}

function boundaryOf(contentType: string): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const b = m?.[1] ?? m?.[2];
  return b && b.length <= 200 ? b : null;
}

/** Parameters of a Content-Disposition header (quoted values, RFC 5987 filename*). */
function dispositionParams(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of value.matchAll(/;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    const key = (m[1] ?? '').toLowerCase();
    let v = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '').trim();
    if (key.endsWith('*')) {
      const enc = /^([\w-]*)'[^']*'(.*)$/.exec(v);
      if (enc) {
        try {
          v = decodeURIComponent(enc[2] ?? '');
        } catch {
          continue;
        }
      }
      out[key.slice(0, -1)] = v;
    } else if (!(key in out)) {
      out[key] = v;
    }
  }
  return out;
}

const HEADER_MAX = 16 * 1024;
const DRAIN_MAX = 200 * 1024 * 1024;

type State = 'preamble' | 'afterDelim' | 'headers' | 'body' | 'done';

interface Part {
  name: string;
  file: null | {
    fileName: string;
    tmpPath: string;
    stream: fs.WriteStream;
    hash: ReturnType<typeof createHash>;
    size: number;
    head: Buffer[];
    headLen: number;
  };
  chunks: Buffer[];
  length: number;
}

export async function readMultipart(req: Request, limits: MultipartLimits): Promise<MultipartResult> {
  const boundary = boundaryOf(req.get('content-type') ?? '');
  if (!boundary) throw bizError('上传数据格式错误');
  const maxFiles = limits.maxFiles ?? 1;
  const maxFields = limits.maxFields ?? 50;
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  const declared = Number(req.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxFileBytes * maxFiles + 1024 * 1024) {
    throw fileTooLarge(limits.maxFileBytes);
  }
  fs.mkdirSync(limits.tmpDir, { recursive: true });

  const delim = Buffer.from(`\r\n--${boundary}`);
  const result: MultipartResult = { fields: {}, files: [] };
  const temps: string[] = [];
  const openStreams: fs.WriteStream[] = [];
  let buf: Buffer = Buffer.from('\r\n');
  let state = 'preamble' as State;
  let part: Part | null = null;
  let error: ApiError | null = null;
  let fieldCount = 0;
  let received = 0;

  const fail = (e: ApiError) => {
    error ??= e;
    if (part?.file) {
      part.file.stream.destroy();
      part = { ...part, file: null };
    }
  };

  const startPart = (headerText: string): Part => {
    const headers = new Map<string, string>();
    for (const line of headerText.split('\r\n')) {
      const i = line.indexOf(':');
      if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
    }
    const params = dispositionParams(`;${(headers.get('content-disposition') ?? '').replace(/^[^;]*/, '')}`);
    const name = params.name ?? '';
    if (params.filename === undefined) {
      if (++fieldCount > maxFields) fail(bizError('上传数据字段过多'));
      return { name, file: null, chunks: [], length: 0 };
    }
    if (result.files.length >= maxFiles) {
      fail(bizError(`一次最多上传${maxFiles}个文件`));
      return { name, file: null, chunks: [], length: 0 };
    }
    const tmpPath = path.join(limits.tmpDir, `upload-${randomBytes(12).toString('hex')}`);
    temps.push(tmpPath);
    const fileName = path
      .basename(params.filename.replace(/\\/g, '/'))
      .replace(/[\r\n\0]/g, '')
      .slice(0, 200);
    const stream = fs.createWriteStream(tmpPath);
    openStreams.push(stream);
    // A write error (disk full …) fails the upload; after a destroy it is ignored.
    stream.on('error', () => fail(bizError('文件保存失败，请稍后重试', 500)));
    return {
      name,
      file: { fileName, tmpPath, stream, hash: createHash('sha256'), size: 0, head: [], headLen: 0 },
      chunks: [],
      length: 0,
    };
  };

  const emit = async (data: Buffer) => {
    if (!part || data.length === 0 || error) return;
    const f = part.file;
    if (!f) {
      part.length += data.length;
      if (part.length > maxFieldBytes) fail(bizError('上传字段内容过长'));
      else part.chunks.push(data);
      return;
    }
    f.size += data.length;
    if (f.size > limits.maxFileBytes) {
      fail(fileTooLarge(limits.maxFileBytes));
      return;
    }
    f.hash.update(data);
    if (f.headLen < 16) {
      f.head.push(data.subarray(0, 16 - f.headLen));
      f.headLen += Math.min(data.length, 16 - f.headLen);
    }
    if (!f.stream.write(data)) {
      await new Promise<void>((resolve) => {
        f.stream.once('drain', resolve);
        f.stream.once('close', resolve);
      });
    }
  };

  const endPart = async () => {
    const p = part;
    part = null;
    if (!p || error) return;
    if (!p.file) {
      if (p.name && !(p.name in result.fields)) result.fields[p.name] = Buffer.concat(p.chunks).toString('utf8');
      return;
    }
    const f = p.file;
    await new Promise<void>((resolve, reject) => f.stream.end((err?: Error | null) => (err ? reject(err) : resolve())));
    if (f.size === 0 && !f.fileName) return; // an empty file input
    result.files.push({
      field: p.name,
      fileName: f.fileName,
      tmpPath: f.tmpPath,
      size: f.size,
      sha256: f.hash.digest('hex'),
      head: Buffer.concat(f.head),
    });
  };

  const step = async () => {
    for (;;) {
      if (state === 'done') {
        buf = Buffer.alloc(0);
        return;
      }
      if (state === 'preamble') {
        const i = buf.indexOf(delim);
        if (i < 0) {
          buf = buf.subarray(Math.max(0, buf.length - delim.length + 1));
          return;
        }
        buf = buf.subarray(i + delim.length);
        state = 'afterDelim';
      } else if (state === 'afterDelim') {
        if (buf.length < 2) return;
        if (buf[0] === 0x2d && buf[1] === 0x2d) {
          state = 'done';
          continue;
        }
        const eol = buf.indexOf('\r\n');
        if (eol < 0 || buf.subarray(0, eol).toString('latin1').trim() !== '') {
          if (eol < 0 && buf.length < 64) return;
          throw bizError('上传数据格式错误');
        }
        buf = buf.subarray(eol + 2);
        state = 'headers';
      } else if (state === 'headers') {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buf.length > HEADER_MAX) throw bizError('上传数据格式错误');
          return;
        }
        part = startPart(buf.subarray(0, end).toString('utf8'));
        buf = buf.subarray(end + 4);
        state = 'body';
      } else {
        const i = buf.indexOf(delim);
        if (i >= 0) {
          await emit(buf.subarray(0, i));
          await endPart();
          buf = buf.subarray(i + delim.length);
          state = 'afterDelim';
          continue;
        }
        const safe = buf.length - (delim.length - 1);
        if (safe > 0) {
          await emit(buf.subarray(0, safe));
          buf = buf.subarray(safe);
        }
        return;
      }
    }
  };

  // Each temp file is removed once its stream has closed: a stream still opening would
  // otherwise create the file after its removal (an upload aborted at its start).
  const cleanup = async () => {
    await Promise.all(
      openStreams.map((stream) =>
        stream.closed
          ? undefined
          : new Promise<void>((resolve) => {
              stream.once('close', () => resolve());
              stream.destroy();
            }),
      ),
    );
    await Promise.all(temps.map((t) => fs.promises.rm(t, { force: true })));
  };

  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (error && received > DRAIN_MAX) break;
      if (state === 'done' || error) continue; // drain, so the client gets the answer
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      await step();
    }
    if (!error) {
      await step();
      if (state !== 'done') throw bizError('上传数据不完整');
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
  if (error) {
    await cleanup();
    throw error;
  }
  return result;
}

/** Removes the temp files of a parse result that were not committed. */
export function discardUploads(result: MultipartResult | null): void {
  for (const f of result?.files ?? []) fs.rm(f.tmpPath, { force: true }, () => {});
}
