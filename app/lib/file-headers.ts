/**
 * The headers every file the portal hands out is sent with (through the proxy or a
 * download route): its recorded type and name, saved unless its type is one a browser
 * shows without running anything, never sniffed, and sandboxed should a browser render it.
 */

/** A file as the backend records it: name, type (by content) and whether anyone may read it. */
export interface FileRecord {
  hash: string;
  fileName: string;
  fileType: string;
  contentType: string;
  public: boolean;
}

/** Types a browser may show in place: they run no script of the portal's origin. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/** A MIME type as recorded, lower-cased without parameters; anything malformed is a plain byte stream. */
function mediaType(contentType: string): string {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return /^[a-z]+\/[a-z0-9.+-]+$/.test(type) ? type : 'application/octet-stream';
}

/**
 * The name a saved file gets: the recorded name's stem (letters, digits and a few plain
 * marks; anything else becomes `_`) and the recorded type's extension, whatever the
 * stored name ends with.
 */
export function safeFileName(record: Pick<FileRecord, 'fileName' | 'fileType'>): string {
  const ext = /^[a-z0-9]{1,8}$/i.test(record.fileType) ? record.fileType.toLowerCase() : 'bin';
  const stem = record.fileName
    .normalize('NFC')
    .replace(/\.[^./\\]*$/, '')
    .replace(/[^\p{L}\p{N} _\-()（）—·]/gu, '_')
    .replace(/^[\s._]+|[\s._]+$/g, '')
    .slice(0, 80);
  return `${stem || 'file'}.${ext}`;
}

/** RFC 6266 / 5987: an ASCII fallback for old clients plus the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ext = name.slice(name.lastIndexOf('.'));
  const ascii = /^[\x20-\x7e]+$/.test(name) ? name.replace(/["\\]/g, '_') : `download${ext}`;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers a file is sent with: its recorded type, `attachment` unless it was asked
 * for inline and its type is on the inline list, never sniffed, and sandboxed (no script,
 * no same-origin) should a browser render it after all.
 */
export function fileHeaders(record: Pick<FileRecord, 'fileName' | 'fileType' | 'contentType'>, askedInline: boolean): Record<string, string> {
  const type = mediaType(record.contentType);
  const inline = askedInline && INLINE_TYPES.has(type);
  return {
    'content-type': type,
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', safeFileName(record)),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
  };
}

/** The file name a `Content-Disposition` gives (`filename*` first), or null. */
function dispositionName(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/** The headers of a file a download route streams from the backend, named as the backend named it: always saved. */
export function backendFileHeaders(backend: Headers): Record<string, string> {
  const fileName = dispositionName(backend.get('Content-Disposition')) ?? 'file';
  const fileType = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1] ?? 'bin';
  return fileHeaders({ fileName, fileType, contentType: backend.get('Content-Type') ?? '' }, false);
}
