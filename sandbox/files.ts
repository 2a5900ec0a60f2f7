// Content-addressed file store: <dir>/<hash[0:2]>/<hash>. Uploads are committed from
// the multipart temp files; generated and seeded files carry a recipe and are rebuilt
// on demand when their bytes are missing (a fresh :memory: sandbox, a reset).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'express';
import type { DB } from './db.js';
import { buildDocx, type DocxParagraph } from './docx.js';
import { bizError } from './http.js';
import { buildCjkPdf, buildPdf, type CjkPdfInput, type PdfInput } from './pdf.js';
import { ZipReader, buildZip } from './zip.js';
import { journalCoverPng } from './png.js';
import { contentDisposition } from './routes/file.js';

export type FileExt = 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'zip' | 'png' | 'jpg' | 'gif' | 'webp' | 'txt';

export const CONTENT_TYPES: Record<FileExt, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
};

export const MANUSCRIPT_TYPES: FileExt[] = ['pdf', 'doc', 'docx'];
export const IMAGE_TYPES: FileExt[] = ['png', 'jpg', 'gif', 'webp'];
export const ATTACHMENT_TYPES: FileExt[] = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'zip', 'png', 'jpg', 'gif', 'webp', 'txt'];

const TYPE_NAMES: Record<string, string> = { pdf: 'PDF', doc: 'DOC', docx: 'DOCX', png: 'PNG', jpg: 'JPG', gif: 'GIF', webp: 'WEBP' };

export type Recipe =
  | { kind: 'docx'; title: string; paragraphs: (DocxParagraph | string)[] }
  | { kind: 'pdf'; input: PdfInput }
  | { kind: 'cjkpdf'; input: CjkPdfInput }
  | { kind: 'zip'; entries: { name: string; text?: string; recipe?: Recipe }[] }
  | { kind: 'cover'; colour: [number, number, number] };

const RECIPE_EXT: Record<Recipe['kind'], FileExt> = { docx: 'docx', pdf: 'pdf', cjkpdf: 'pdf', zip: 'zip', cover: 'png' };

export function renderRecipe(r: Recipe): Buffer {
  switch (r.kind) {
    case 'docx':
      return buildDocx(r.paragraphs, r.title);
    case 'pdf':
      return buildPdf(r.input);
    case 'cjkpdf':
      return buildCjkPdf(r.input);
    case 'cover':
      return journalCoverPng(r.colour);
    case 'zip':
      return buildZip(r.entries.map((e) => ({ name: e.name, data: e.recipe ? renderRecipe(e.recipe) : (e.text ?? '') })));
  }
}

/** Records a recipe blob without writing it (it is built on first read). Deterministic. */
export function recordRecipe(db: DB, recipe: Recipe, now: string): BlobInfo {
  const buf = renderRecipe(recipe);
  const hash = sha256Hex(buf);
  const ext = RECIPE_EXT[recipe.kind];
  db.prepare('INSERT OR IGNORE INTO blobs (hash, size, content_type, ext, recipe, created_at) VALUES (?,?,?,?,?,?)').run(
    hash,
    buf.length,
    CONTENT_TYPES[ext],
    ext,
    JSON.stringify(recipe),
    now,
  );
  return { hash, size: buf.length, contentType: CONTENT_TYPES[ext], ext };
}

export function downloadUrlOf(hash: string, fileName: string): string {
  return `/api/attachmentApi/download?hash=${hash}&fileName=${encodeURIComponent(fileName)}`;
}

export function previewUrlOf(hash: string): string {
  return `/api/attachmentApi/fileBrowsing?hash=${hash}`;
}

/** The file object of the contract, for stored files. */
export function fileJson(f: { hash: string; fileName: string; size: number; contentType: string; ext: string }) {
  return {
    hash: f.hash,
    fileName: f.fileName,
    fileType: f.ext,
    contentType: f.contentType,
    size: f.size,
    downloadUrl: downloadUrlOf(f.hash, f.fileName),
    previewUrl: previewUrlOf(f.hash),
  };
}

export const sha256Hex = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** The type of a file judged by its content (magic bytes), never by its name. */
export function detectType(head: Buffer, file?: string | Buffer): FileExt | null {
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return 'pdf';
  if (head.subarray(0, 8).toString('hex') === 'd0cf11e0a1b11ae1') return 'doc'; // OLE2: .doc (or .xls)
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) {
    if (!file) return 'zip';
    try {
      const probe = (zip: ZipReader): FileExt => (zip.has('word/document.xml') ? 'docx' : zip.has('xl/workbook.xml') ? 'xlsx' : 'zip');
      return typeof file === 'string' ? ZipReader.withFile(file, probe) : probe(ZipReader.fromBuffer(file));
    } catch {
      return null;
    }
  }
  if (head.subarray(0, 8).toString('hex') === '89504e470d0a1a0a') return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (/^GIF8[79]a/.test(head.subarray(0, 6).toString('latin1'))) return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (head.length > 0 && !head.includes(0)) return 'txt';
  return null;
}

/** Extension of a file name, normalised (jpeg → jpg). */
export function nameExt(fileName: string): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
}

/**
 * Checks that the content is one of the allowed types and that the name says the same
 * (a PDF renamed .docx is refused). OLE2 content matches .doc and .xls.
 */
export function checkType(detected: FileExt | null, fileName: string, allowed: FileExt[]): FileExt {
  const list = allowed.map((t) => TYPE_NAMES[t] ?? t.toUpperCase()).join('、');
  const ext = nameExt(fileName);
  const real = detected === 'doc' && ext === 'xls' ? 'xls' : detected;
  if (!real || !allowed.includes(real)) throw bizError(`文件类型不正确，仅支持${list}格式`);
  if (ext !== real) throw bizError(`文件内容与扩展名不符，请上传真实的${list}文件`);
  return real;
}

export interface BlobInfo {
  hash: string;
  size: number;
  contentType: string;
  ext: FileExt;
}

interface BlobRow {
  hash: string;
  size: number;
  content_type: string;
  ext: FileExt;
  recipe: string | null;
}

export class FileStore {
  readonly dir: string;

  constructor(
    private readonly db: DB,
    dir?: string,
  ) {
    // Created lazily: an app that never stores a file leaves nothing behind.
    this.dir = dir ?? path.join(os.tmpdir(), `journal-sandbox-files-${randomBytes(6).toString('hex')}`);
  }

  get tmpDir(): string {
    return path.join(this.dir, 'tmp');
  }

  pathOf(hash: string): string {
    if (!/^[0-9a-f]{64}$/.test(hash)) throw bizError('文件标识不正确');
    return path.join(this.dir, hash.slice(0, 2), hash);
  }

  blob(hash: string): BlobInfo | undefined {
    const row = this.db.prepare('SELECT hash, size, content_type, ext, recipe FROM blobs WHERE hash = ?').get(hash) as BlobRow | undefined;
    return row && { hash: row.hash, size: row.size, contentType: row.content_type, ext: row.ext };
  }

  private record(hash: string, size: number, ext: FileExt, recipe: Recipe | null, now: string) {
    this.db
      .prepare('INSERT OR IGNORE INTO blobs (hash, size, content_type, ext, recipe, created_at) VALUES (?,?,?,?,?,?)')
      .run(hash, size, CONTENT_TYPES[ext], ext, recipe ? JSON.stringify(recipe) : null, now);
  }

  /** Moves an uploaded temp file into place under its hash. */
  commitUpload(tmpPath: string, hash: string, size: number, ext: FileExt, now: string): BlobInfo {
    const target = this.pathOf(hash);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (fs.existsSync(target)) fs.rmSync(tmpPath, { force: true });
    else fs.renameSync(tmpPath, target);
    this.record(hash, size, ext, null, now);
    return { hash, size, contentType: CONTENT_TYPES[ext], ext };
  }

  putBuffer(buf: Buffer, ext: FileExt, now: string, recipe: Recipe | null = null): BlobInfo {
    const hash = sha256Hex(buf);
    this.writeIfMissing(hash, buf);
    this.record(hash, buf.length, ext, recipe, now);
    return { hash, size: buf.length, contentType: CONTENT_TYPES[ext], ext };
  }

  /** Renders a recipe and stores the result (same recipe → same hash). */
  putRecipe(recipe: Recipe, now: string): BlobInfo {
    return this.putBuffer(renderRecipe(recipe), RECIPE_EXT[recipe.kind], now, recipe);
  }

  private writeIfMissing(hash: string, buf: Buffer) {
    const target = this.pathOf(hash);
    if (fs.existsSync(target)) return;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(tmp, buf);
    fs.renameSync(tmp, target);
  }

  /** Path of the bytes on disk, rebuilding a recipe blob if needed; null if unknown. */
  ensure(hash: string): { file: string; info: BlobInfo } | null {
    const row = this.db.prepare('SELECT hash, size, content_type, ext, recipe FROM blobs WHERE hash = ?').get(hash) as BlobRow | undefined;
    if (!row) return null;
    const file = this.pathOf(hash);
    if (!fs.existsSync(file)) {
      if (!row.recipe) return null;
      const buf = renderRecipe(JSON.parse(row.recipe) as Recipe);
      if (sha256Hex(buf) !== hash) return null;
      this.writeIfMissing(hash, buf);
    }
    return { file, info: { hash: row.hash, size: row.size, contentType: row.content_type, ext: row.ext } };
  }

  read(hash: string): Buffer | null {
    const found = this.ensure(hash);
    return found ? fs.readFileSync(found.file) : null;
  }

  /** Streams a stored file with its type, length and a Content-Disposition. */
  send(res: Response, hash: string, fileName: string, kind: 'attachment' | 'inline' = 'attachment'): void {
    const found = this.ensure(hash);
    if (!found) throw bizError('文件不存在或已被删除', 404);
    const safeName = fileName.replace(/[\r\n/\\]/g, '_');
    res.status(200);
    res.setHeader('Content-Type', found.info.contentType);
    res.setHeader('Content-Length', String(found.info.size));
    res.setHeader('Content-Disposition', contentDisposition(kind, safeName, `file.${found.info.ext}`));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    const stream = fs.createReadStream(found.file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}
