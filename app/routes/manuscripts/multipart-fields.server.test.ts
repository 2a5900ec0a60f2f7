import { describe, expect, it } from 'vitest';
import { boundaryOf, leadingFields, watchLeadingFields } from './multipart-fields.server';

/** A browser-like multipart body of `form`, with its Content-Type. */
async function multipart(form: FormData) {
  const request = new Request('http://portal.test/', { method: 'POST', body: form });
  return { contentType: request.headers.get('Content-Type'), bytes: new Uint8Array(await request.arrayBuffer()) };
}

function streamOf(bytes: Uint8Array, chunk = 7): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe('the text fields of a streamed multipart body', () => {
  it('reads the boundary, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
  });

  it('passes every byte through unchanged and gives back the fields before the file', async () => {
    const form = new FormData();
    form.set('id', '42');
    form.set('responseLetter', '已按审稿意见修改：\r\n1. 补充文献；\r\n2. 调整结构。');
    form.set('file', new Blob([new Uint8Array(4096).fill(0x41)]), '修改稿.pdf');
    form.set('after', 'not read');
    const { contentType, bytes } = await multipart(form);
    const watched = watchLeadingFields(streamOf(bytes), contentType);
    const out = await drain(watched.stream);
    expect(Buffer.from(out).equals(Buffer.from(bytes))).toBe(true);
    expect(watched.fields()).toEqual({ id: '42', responseLetter: '已按审稿意见修改：\r\n1. 补充文献；\r\n2. 调整结构。' });
  });

  it('keeps at most `limit` bytes and never returns a field cut in the middle', async () => {
    const form = new FormData();
    form.set('short', 'ok');
    form.set('long', '长'.repeat(2000));
    const { contentType, bytes } = await multipart(form);
    const watched = watchLeadingFields(streamOf(bytes, 1000), contentType, 1024);
    await drain(watched.stream);
    expect(watched.fields()).toEqual({ short: 'ok' });
  });

  it('gives nothing for a body without a boundary', async () => {
    const watched = watchLeadingFields(streamOf(new TextEncoder().encode('a=1')), 'application/x-www-form-urlencoded');
    await drain(watched.stream);
    expect(watched.fields()).toEqual({});
  });

  it('only reads complete parts of a prefix', () => {
    const head = new TextEncoder().encode('--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--B\r\nContent-Disposition: form-data; name="b"\r\n\r\n2');
    expect(leadingFields(head, 'B')).toEqual({ a: '1' });
  });
});
