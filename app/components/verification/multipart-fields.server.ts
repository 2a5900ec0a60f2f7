/**
 * The text fields at the head of a multipart upload, read without buffering the file: the
 * form puts its file input last, so the browser sends the text parts first. Reading stops
 * at the file part's headers; the bytes read so far are then sent on unchanged, followed
 * by the rest of the body as it arrives. So an action can validate the fields (and keep
 * the user's values on a refusal) and still stream the file to the backend.
 */

export interface LeadingFields {
  fields: Record<string, string>;
  /** The file part's field and file name ('' when the input was left empty), or null when there is none. */
  file: { field: string; name: string } | null;
  /** The whole body, byte for byte: what was read, then the rest. */
  body: ReadableStream<Uint8Array>;
  /** Reads and drops the rest of the body (when the upload is refused before it is sent on). */
  discard(): Promise<void>;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

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

type Scan = { state: 'more' } | { state: 'bad' } | { state: 'done'; fields: Record<string, string>; file: LeadingFields['file'] };

/** Parses the parts at the head of `buffer` up to the first file part. */
export function scanLeadingParts(buffer: Buffer, boundary: string, complete: boolean): Scan {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  let pos = buffer.indexOf(delimiter);
  if (pos < 0) return complete ? { state: 'bad' } : { state: 'more' };
  for (;;) {
    pos += delimiter.length;
    if (buffer.length < pos + 2) return complete ? { state: 'bad' } : { state: 'more' };
    if (buffer[pos] === 0x2d && buffer[pos + 1] === 0x2d) return { state: 'done', fields, file: null };
    if (!buffer.subarray(pos, pos + 2).equals(CRLF)) return { state: 'bad' };
    const headerEnd = buffer.indexOf(HEADER_END, pos);
    if (headerEnd < 0) return complete ? { state: 'bad' } : { state: 'more' };
    const headers = buffer.subarray(pos + 2, headerEnd).toString('utf8');
    const name = dispositionParam(headers, 'name');
    if (name === null) return { state: 'bad' };
    // A file part has a file name ('' for an empty input), or at least a content type of its own.
    const fileName = dispositionParam(headers, 'filename') ?? (/^content-type\s*:/im.test(headers) ? '' : null);
    if (fileName !== null) return { state: 'done', fields, file: { field: name, name: fileName.split(/[\\/]/).pop() ?? '' } };
    const next = buffer.indexOf(Buffer.concat([CRLF, delimiter]), headerEnd + 4);
    if (next < 0) return complete ? { state: 'bad' } : { state: 'more' };
    // The first value of a name wins, as FormData.get() would give.
    fields[name] ??= buffer.subarray(headerEnd + 4, next).toString('utf8');
    pos = next + CRLF.length;
  }
}

/**
 * Reads the leading text parts of `request` (at most `maxLeadBytes` before the file part);
 * null when the body is not a well-formed multipart form.
 */
export async function readLeadingFields(request: Request, maxLeadBytes = 64 * 1024): Promise<LeadingFields | null> {
  const boundary = multipartBoundary(request.headers.get('Content-Type'));
  if (!boundary || !request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  let scan: Scan = { state: 'more' };
  while (scan.state === 'more') {
    const { done, value } = await reader.read();
    if (done) ended = true;
    else {
      chunks.push(value);
      size += value.byteLength;
    }
    scan = scanLeadingParts(Buffer.concat(chunks), boundary, ended);
    if (scan.state === 'more' && (ended || size > maxLeadBytes)) scan = { state: 'bad' };
  }
  if (scan.state === 'bad') {
    await reader.cancel().catch(() => {});
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
    body,
    async discard() {
      if (ended) return;
      try {
        for (;;) if ((await reader.read()).done) break;
      } catch {
        // the browser went away: nothing left to drop
      }
    },
  };
}
