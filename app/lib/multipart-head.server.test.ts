import { describe, expect, it } from 'vitest';
import { multipartBoundary, readLeadingFields, scanLeadingParts, watchLeadingFields } from './multipart-head.server';

/** A browser-like multipart request whose body arrives in `chunkSize` pieces. */
async function multipartRequest(form: FormData, chunkSize = 7) {
  const encoded = new Response(form);
  const contentType = encoded.headers.get('Content-Type')!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  let offset = 0;
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls += 1;
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  const request = new Request('http://portal.test/personal/account/verification', {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, bytes, read: () => offset, pulls: () => pulls };
}

const big = new Uint8Array(200_000).fill(65);

describe('readLeadingFields', () => {
  it('reads the text parts before the file, stops there, and passes the whole body on unchanged', async () => {
    const form = new FormData();
    form.set('intent', 'scholar');
    form.set('realName', '张晓明');
    form.set('institution', '中国人民大学法学院\r\n--not a boundary');
    form.set('file', new File([big], '职称 证书".pdf', { type: 'application/pdf' }));
    const { request, bytes, read } = await multipartRequest(form, 1000);
    const lead = await readLeadingFields(request);
    expect(lead).not.toBeNull();
    expect(lead!.fields).toEqual({ intent: 'scholar', realName: '张晓明', institution: '中国人民大学法学院\r\n--not a boundary' });
    expect(lead!.file).toEqual({ field: 'file', name: '职称 证书".pdf' });
    // Only the head was read: the file's bytes are still waiting.
    expect(read()).toBeLessThan(5000);
    const passed = new Uint8Array(await new Response(lead!.body).arrayBuffer());
    expect(Buffer.from(passed).equals(Buffer.from(bytes))).toBe(true);
  });

  it('reports an empty file input as a file part without a name', async () => {
    const form = new FormData();
    form.set('realName', '李四');
    form.set('file', new File([], ''));
    const { request } = await multipartRequest(form);
    const lead = await readLeadingFields(request);
    expect(lead!.file).toEqual({ field: 'file', name: '' });
  });

  it('reads forms without a file to the end', async () => {
    const form = new FormData();
    form.set('a', '1');
    form.set('b', '二');
    const { request } = await multipartRequest(form);
    const lead = await readLeadingFields(request);
    expect(lead!.fields).toEqual({ a: '1', b: '二' });
    expect(lead!.file).toBeNull();
  });

  it('drops the rest of a refused upload', async () => {
    const form = new FormData();
    form.set('realName', 'x');
    form.set('file', new File([big], 'a.pdf'));
    const { request, bytes, read } = await multipartRequest(form, 4096);
    const lead = await readLeadingFields(request);
    await lead!.discard();
    expect(read()).toBeGreaterThanOrEqual(bytes.length);
  });

  it('refuses bodies that are not multipart, or whose head is too long', async () => {
    const plain = new Request('http://portal.test/', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(await readLeadingFields(plain)).toBeNull();
    const form = new FormData();
    form.set('long', 'x'.repeat(100_000));
    form.set('file', new File([big], 'a.pdf'));
    const { request } = await multipartRequest(form, 4096);
    expect(await readLeadingFields(request, { maxLeadBytes: 64 * 1024 })).toBeNull();
    const broken = new Request('http://portal.test/', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=abc' },
      body: 'garbage without parts',
    });
    expect(await readLeadingFields(broken)).toBeNull();
  });

  it('reads the first bytes of the file when asked, fewer when the file is shorter', async () => {
    const form = new FormData();
    form.set('file', new File([big], 'a.png'));
    const { request, read } = await multipartRequest(form, 1000);
    const lead = await readLeadingFields(request, { fileHeadBytes: 12 });
    expect(Array.from(lead!.fileHead)).toEqual(Array.from(big.subarray(0, 12)));
    expect(read()).toBeLessThan(5000);
    const short = new FormData();
    short.set('file', new File([new Uint8Array([1, 2, 3])], 'b.png'));
    const lead2 = await readLeadingFields((await multipartRequest(short)).request, { fileHeadBytes: 12 });
    expect(Array.from(lead2!.fileHead)).toEqual([1, 2, 3]);
  });

  it('drops the rest of a malformed body when asked to, instead of cancelling it', async () => {
    const form = new FormData();
    form.set('long', 'x'.repeat(100_000));
    form.set('file', new File([big], 'a.pdf'));
    const { request, bytes, read } = await multipartRequest(form, 4096);
    expect(await readLeadingFields(request, { drainMalformed: true })).toBeNull();
    expect(read()).toBeGreaterThanOrEqual(bytes.length);
  });
});

describe('multipartBoundary', () => {
  it('finds the boundary, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryAbC')).toBe('----WebKitFormBoundaryAbC');
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
  });
});

describe('scanLeadingParts', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  const avatar = (name: string) =>
    new Uint8Array(
      Buffer.concat([
        Buffer.from(`------portal1234\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        PNG,
        Buffer.from('\r\n------portal1234--\r\n'),
      ]),
    );

  it('finds the file part, its name and first bytes', () => {
    const found = scanLeadingParts(avatar('头像.png'), '----portal1234', true, 12);
    expect(found).toMatchObject({ state: 'done', file: { field: 'file', name: '头像.png' } });
    expect(Array.from(found.state === 'done' ? found.fileHead : [])).toEqual(Array.from(PNG.subarray(0, 12)));
    expect(scanLeadingParts(avatar('a.png').subarray(0, 40), '----portal1234', false, 12).state).toBe('more');
  });

  it('only reads complete parts of a prefix', () => {
    const head = new TextEncoder().encode(
      '--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--B\r\nContent-Disposition: form-data; name="b"\r\n\r\n2',
    );
    expect(scanLeadingParts(head, 'B', false)).toEqual({ state: 'more', fields: { a: '1' } });
  });
});

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

describe('watchLeadingFields', () => {
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
});
