/**
 * The head of a multipart upload, read without buffering the file. Forms put their text
 * inputs before the file input, so the browser sends the text parts first: an action can
 * read them (and the file's name and first bytes), check them, keep the user's values on a
 * refusal, and still stream the body on to the backend byte for byte.
 *
 * Two ways to read it: `readLeadingFields` reads ahead up to the file part and then replays
 * what it read before the rest of the body (the fields are known before the upload is sent
 * on); `watchLeadingFields` only keeps a copy of the first bytes as they stream by (the
 * fields are known once the backend has answered).
 */

export interface FilePart {
  field: string;
  /** The file name without any path ('' when the input was left empty). */
  name: string;
}

export type LeadScan =
  /** More of the body is needed; `fields` are the complete text parts so far. */
  | { state: 'more'; fields: Record<string, string> }
  | { state: 'bad' }
  /** `file` is the first file part (null when there is none); `fileHead`, its first bytes as asked. */
  | { state: 'done'; fields: Record<string, string>; file: FilePart | null; fileHead: Uint8Array };

export interface LeadingFields {
  fields: Record<string, string>;
  /** The first file part, or null when the form has none. */
  file: FilePart | null;
  /** The first `fileHeadBytes` of the file (fewer when it is shorter). */
  fileHead: Uint8Array;
  /** The whole body, byte for byte: what was read, then the rest. */
  body: ReadableStream<Uint8Array>;
  /** Reads and drops the rest of the body (when the upload is refused before it is sent on). */
  discard(): Promise<void>;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const NO_BYTES = new Uint8Array(0);
/** Text parts (and the file's first bytes) must arrive within this much of the body. */
const MAX_LEAD_BYTES = 64 * 1024;

export function multipartBoundary(contentType: string | null): string | null {
  const match = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function dispositionParam(headers: string, param: string): string | null {
  const line = headers.split('\r\n').find((l) => /^content-disposition\s*:/i.test(l));
  if (!line) return null;
  const match = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(line) ?? new RegExp(`;\\s*${param}=([^;\\s]+)`, 'i').exec(line);
  return match ? (match[1] as string).replace(/%22/g, '"').replace(/\\(.)/g, '$1') : null;
}

/**
 * Parses the parts at the head of `bytes` (a prefix of the body, the whole of it when
 * `complete`) up to the first file part and, when `fileHeadBytes` is asked, that many of
 * the file's first bytes.
 */
export function scanLeadingParts(bytes: Uint8Array, boundary: string, complete: boolean, fileHeadBytes = 0): LeadScan {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const partEnd = Buffer.concat([CRLF, delimiter]);
  const fields: Record<string, string> = {};
  const more = (): LeadScan => (complete ? { state: 'bad' } : { state: 'more', fields });
  let pos = buffer.indexOf(delimiter);
  if (pos < 0) return more();
  for (;;) {
    pos += delimiter.length;
    if (buffer.length < pos + 2) return more();
    if (buffer[pos] === 0x2d && buffer[pos + 1] === 0x2d) return { state: 'done', fields, file: null, fileHead: NO_BYTES };
    if (!buffer.subarray(pos, pos + 2).equals(CRLF)) return { state: 'bad' };
    const headerEnd = buffer.indexOf(HEADER_END, pos);
    if (headerEnd < 0) return more();
    const headers = buffer.subarray(pos + 2, headerEnd).toString('utf8');
    const name = dispositionParam(headers, 'name');
    if (name === null) return { state: 'bad' };
    const start = headerEnd + HEADER_END.length;
    // A file part has a file name ('' for an empty input), or at least a content type of its own.
    const fileName = dispositionParam(headers, 'filename') ?? (/^content-type\s*:/im.test(headers) ? '' : null);
    if (fileName !== null) {
      const file = { field: name, name: fileName.split(/[\\/]/).pop() ?? '' };
      if (fileHeadBytes === 0) return { state: 'done', fields, file, fileHead: NO_BYTES };
      const end = buffer.indexOf(partEnd, start);
      // A file shorter than asked ends before; otherwise wait until a delimiter starting among its first bytes would have been seen whole.
      if (end >= 0 && end - start < fileHeadBytes) return { state: 'done', fields, file, fileHead: buffer.slice(start, end) };
      if (buffer.length - start >= fileHeadBytes + partEnd.length) return { state: 'done', fields, file, fileHead: buffer.slice(start, start + fileHeadBytes) };
      return complete ? { state: 'done', fields, file, fileHead: buffer.slice(start) } : { state: 'more', fields };
    }
    const next = buffer.indexOf(partEnd, start);
    if (next < 0) return more();
    // The first value of a name wins, as FormData.get() would give.
    fields[name] ??= buffer.subarray(start, next).toString('utf8');
    pos = next + CRLF.length;
  }
}

/** Reads `reader` to its end and drops what comes. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    for (;;) if ((await reader.read()).done) break;
  } catch {
    // The client went away: nothing left to drop.
  }
}

/** Reads and drops a whole body: a browser whose upload is cut off shows a network error instead of the answer. */
export function discardBody(body: ReadableStream<Uint8Array>): Promise<void> {
  return drain(body.getReader());
}

/**
 * Reads the leading text parts of `request` (and the first `fileHeadBytes` of its file),
 * at most `maxLeadBytes` of the body; null when the body is not a well-formed multipart
 * form, after dropping the rest of it when `drainMalformed` (else the read is cancelled).
 */
export async function readLeadingFields(
  request: Request,
  {
    maxLeadBytes = MAX_LEAD_BYTES,
    fileHeadBytes = 0,
    drainMalformed = false,
  }: { maxLeadBytes?: number; fileHeadBytes?: number; drainMalformed?: boolean } = {},
): Promise<LeadingFields | null> {
  const boundary = multipartBoundary(request.headers.get('Content-Type'));
  if (!boundary || !request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  let scan: LeadScan = { state: 'more', fields: {} };
  while (scan.state === 'more') {
    const { done, value } = await reader.read();
    if (done) ended = true;
    else {
      chunks.push(value);
      size += value.byteLength;
    }
    scan = scanLeadingParts(Buffer.concat(chunks), boundary, ended, fileHeadBytes);
    if (scan.state === 'more' && (ended || size > maxLeadBytes)) scan = { state: 'bad' };
  }
  if (scan.state === 'bad') {
    if (drainMalformed && !ended) await drain(reader);
    else await reader.cancel().catch(() => {});
    return null;
  }
  const head = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = head.shift();
      if (next) return controller.enqueue(next);
      if (ended) return controller.close();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return {
    fields: scan.fields,
    file: scan.file,
    fileHead: scan.fileHead,
    body,
    discard: () => (ended ? Promise.resolve() : drain(reader)),
  };
}

/**
 * Streams `body` through unchanged while keeping a copy of its first `limit` bytes, whose
 * complete text parts before the file part `fields()` gives back.
 */
export function watchLeadingFields(body: ReadableStream<Uint8Array>, contentType: string | null, limit = MAX_LEAD_BYTES) {
  const boundary = multipartBoundary(contentType);
  const head = new Uint8Array(limit);
  let filled = 0;
  const watch = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (filled < limit) {
        const take = Math.min(limit - filled, chunk.byteLength);
        head.set(chunk.subarray(0, take), filled);
        filled += take;
      }
      controller.enqueue(chunk);
    },
  });
  return {
    stream: body.pipeThrough(watch),
    /** The text fields seen so far (call once the backend has answered). */
    fields: (): Record<string, string> => {
      const scan = boundary ? scanLeadingParts(head.subarray(0, filled), boundary, false) : null;
      return scan && scan.state !== 'bad' ? scan.fields : {};
    },
  };
}
