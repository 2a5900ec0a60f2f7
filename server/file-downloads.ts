import { z } from 'zod';
import { BROWSER_ENDPOINTS } from '../app/backend/browser-endpoints';
import type { FileRecord } from '../app/lib/file-headers';

/**
 * Files the browser fetches through the proxy (article PDFs, attachments, manuscript files)
 * are described by the backend's record of the file, never by the request: the query's
 * `fileName` is dropped, the name is the recorded one with the recorded type's extension,
 * and only a short list of types is ever shown inline, in a sandbox. Whether the caller
 * may read the file is the record lookup's answer too (the backend knows the owner).
 */

/** Endpoints that serve a file, and whether they are asked to show it (else save it). */
const FILE_ENDPOINTS = new Map<string, { inline: (query: URLSearchParams) => boolean }>([
  [BROWSER_ENDPOINTS.attachmentDownload.path, { inline: () => false }],
  [BROWSER_ENDPOINTS.attachmentView.path, { inline: () => true }],
  [BROWSER_ENDPOINTS.articlePdf.path, { inline: (query) => query.get('inline') === '1' }],
]);

/** The record lookup (backend, by hash; answers 404 to whoever may not read the file). */
export const FILE_RECORD_PATH = '/api/attachmentApi/fileRecord';

/** A content hash as the backend gives them: MD5 (article PDFs) or SHA-256 (uploads). */
const HASH = /^[0-9a-f]{32,64}$/;

export const fileRecordSchema = z.object({
  hash: z.string(),
  fileName: z.string().max(500),
  fileType: z.string(),
  contentType: z.string(),
  public: z.boolean(),
}) satisfies z.ZodType<FileRecord>;

export interface FileRequest {
  hash: string;
  inline: boolean;
  /** Path and query sent to the backend: the hash (and `inline=1`), nothing else of the request's. */
  forward: string;
}

/** The file a request asks for, or null when the path is not a file endpoint; `hash` '' when it names none. */
export function fileRequestOf(pathAndQuery: string): FileRequest | null {
  const [path, query = ''] = pathAndQuery.split('?', 2) as [string, string?];
  const endpoint = FILE_ENDPOINTS.get(path);
  if (!endpoint) return null;
  const params = new URLSearchParams(query);
  const hash = (params.get('hash') ?? '').toLowerCase();
  if (!HASH.test(hash)) return { hash: '', inline: false, forward: path };
  const inline = endpoint.inline(params);
  const forward = new URLSearchParams({ hash });
  if (inline && path === BROWSER_ENDPOINTS.articlePdf.path) forward.set('inline', '1');
  return { hash, inline, forward: `${path}?${forward.toString()}` };
}

export { fileHeaders, type FileRecord } from '../app/lib/file-headers';
