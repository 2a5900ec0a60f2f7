/**
 * Text fields of a multipart body that is streamed through to the backend unread: the
 * chunks pass unchanged (never buffered beyond `limit` bytes), and the text fields that
 * come before the first file part are read from a copy of the first bytes. So an action
 * that forwards an upload can still give back what the author typed when the backend
 * refuses it (nothing is lost). Forms put their text fields before the file input.
 */

const decoder = new TextDecoder();

export function boundaryOf(contentType: string | null): string | null {
  const match = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** Complete text parts of `head` (a prefix of the body) until the first file part. */
export function leadingFields(head: Uint8Array, boundary: string): Record<string, string> {
  const text = decoder.decode(head);
  const delimiter = `--${boundary}`;
  const fields: Record<string, string> = {};
  const parts = text.split(delimiter);
  // parts[0] is the preamble; the last one may be cut off (or is the closing `--`).
  for (let i = 1; i < parts.length - 1; i += 1) {
    const part = parts[i]!;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) break;
    const headers = part.slice(0, split);
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    if (/filename\*?=/i.test(disposition)) break;
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (!name) continue;
    // The value ends with the CRLF that precedes the next delimiter.
    fields[name] ??= part.slice(split + 4).replace(/\r\n$/, '');
  }
  return fields;
}

export function watchLeadingFields(body: ReadableStream<Uint8Array>, contentType: string | null, limit = 64 * 1024) {
  const boundary = boundaryOf(contentType);
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
    fields: (): Record<string, string> => (boundary ? leadingFields(head.subarray(0, filled), boundary) : {}),
  };
}
