import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { readMultipart } from './multipart.js';

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'multipart-test-'));
afterAll(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

/** A request whose body arrives in chunks of `size` bytes. */
function fakeRequest(body: Buffer, boundary: string, size: number): Request {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) chunks.push(body.subarray(i, i + size));
  const stream = Readable.from(chunks) as Readable & { get(name: string): string | undefined };
  stream.get = (name: string) => (name.toLowerCase() === 'content-type' ? `multipart/form-data; boundary=${boundary}` : undefined);
  return stream as unknown as Request;
}

const boundary = '----WebKitFormBoundaryABC123';
const content = Buffer.concat([Buffer.from('%PDF-1.4\r\n'), Buffer.from(`\r\n--${boundary.slice(0, 10)}`), Buffer.alloc(3000, 0x41)]);
const body = Buffer.concat([
  Buffer.from(`preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="journalId"\r\n\r\n1\r\n`),
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n数据法学\r\n`),
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="稿件 (1).pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
  content,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

describe('multipart parser', () => {
  it.each([1, 7, 64, 100_000])('parses fields and streams the file whatever the chunk size (%i)', async (size) => {
    const r = await readMultipart(fakeRequest(body, boundary, size), { tmpDir, maxFileBytes: 10_000 });
    expect(r.fields).toEqual({ journalId: '1', title: '数据法学' });
    expect(r.files).toHaveLength(1);
    const f = r.files[0]!;
    expect(f).toMatchObject({ field: 'file', fileName: '稿件 (1).pdf', size: content.length });
    expect(fs.readFileSync(f.tmpPath).equals(content)).toBe(true);
    expect(f.head.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('refuses a file above the limit with 413 and leaves no temp file', async () => {
    await expect(readMultipart(fakeRequest(body, boundary, 512), { tmpDir, maxFileBytes: 1000 })).rejects.toMatchObject({ code: 413, status: 413 });
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.readdirSync(tmpDir).filter((n) => n.startsWith('upload-') && n.length > 20).length).toBeLessThanOrEqual(4);
  });

  it.each([0, 1, 3])('leaves no temp file when the client aborts the upload (after %i chunks of the file)', async (chunksOfFile) => {
    const dir = fs.mkdtempSync(path.join(tmpDir, 'aborted-'));
    const head = body.subarray(0, body.indexOf(content) + chunksOfFile * 256);
    // As a dropped connection does: the bytes sent so far, then an error.
    const aborting = new Readable({ read() {} }) as Readable & { get(name: string): string | undefined };
    aborting.get = (name: string) => (name.toLowerCase() === 'content-type' ? `multipart/form-data; boundary=${boundary}` : undefined);
    aborting.push(head);
    setImmediate(() => aborting.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
    await expect(readMultipart(aborting as unknown as Request, { tmpDir: dir, maxFileBytes: 10_000 })).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a truncated body', async () => {
    await expect(readMultipart(fakeRequest(body.subarray(0, body.length - 20), boundary, 256), { tmpDir, maxFileBytes: 10_000 })).rejects.toMatchObject({
      message: '上传数据不完整',
    });
  });
});
