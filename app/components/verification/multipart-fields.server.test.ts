import { describe, expect, it } from 'vitest';
import { multipartBoundary, readLeadingFields } from './multipart-fields.server';

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
  const request = new Request('http://portal.test/personal/account/verification', { method: 'POST', headers: { 'Content-Type': contentType }, body, duplex: 'half' } as RequestInit);
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
    expect(await readLeadingFields(request, 64 * 1024)).toBeNull();
    const broken = new Request('http://portal.test/', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=abc' }, body: 'garbage without parts' });
    expect(await readLeadingFields(broken)).toBeNull();
  });

  it('finds the boundary, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----WebKitFormBoundaryAbC')).toBe('----WebKitFormBoundaryAbC');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeNull();
  });
});
