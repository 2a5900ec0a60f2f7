import { describe, expect, it } from 'vitest';
import { peekAvatar } from './account.server';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

function multipart(file: Buffer, name: string, boundary = '----portal1234') {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** A request whose body arrives in small chunks, like a slow upload. */
function upload(body: Buffer, boundary = '----portal1234', chunk = 7) {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < body.length; i += chunk) controller.enqueue(new Uint8Array(body.subarray(i, i + chunk)));
      controller.close();
    },
  });
  return new Request('http://portal.test/personal/account?index', {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) },
    body: stream,
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
}

describe('avatar upload head', () => {
  it('passes an image on with its whole body, read only at its head', async () => {
    const body = multipart(Buffer.concat([PNG, Buffer.alloc(5000, 1)]), 'me.png');
    const peeked = await peekAvatar(upload(body));
    expect(peeked.ok).toBe(true);
    if (!peeked.ok) return;
    expect(peeked.request.headers.get('Content-Type')).toContain('boundary=----portal1234');
    expect(Buffer.from(await peeked.request.arrayBuffer()).equals(body)).toBe(true);
  });

  it('refuses what is not an image, no file, a body too large, and a body that is not multipart', async () => {
    expect(await peekAvatar(upload(multipart(Buffer.from('%PDF-1.4\n%%EOF\n'), 'me.png')))).toEqual({
      ok: false,
      status: 400,
      message: '头像仅支持PNG、JPG、GIF、WEBP格式的图片',
    });
    expect(await peekAvatar(upload(multipart(Buffer.alloc(0), '')))).toEqual({ ok: false, status: 400, message: '请选择头像图片' });
    const big = upload(multipart(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 20 * 1024)]), 'big.png'), '----portal1234', 65536);
    expect(await peekAvatar(big)).toMatchObject({ ok: false, status: 413, message: '头像图片不能超过2MB' });
    const plain = new Request('http://portal.test/personal/account', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(await peekAvatar(plain)).toMatchObject({ ok: false, status: 400 });
  });
});
