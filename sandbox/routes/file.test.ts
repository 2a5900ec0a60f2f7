import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../testing.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox(20);
});
afterAll(() => sb.close());

describe('file download', () => {
  it('streams a valid PDF with the right headers and counts the download', async () => {
    const before = (await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 2 })).body.entity;
    const res = await fetch(sb.url + before.pdfFile.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const buf = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(buf.length);
    const cd = res.headers.get('content-disposition') ?? '';
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+\.pdf"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toBe(before.pdfFile.fileName);
    expect(buf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(buf.subarray(-6).toString('latin1')).toBe('%%EOF\n');

    // every xref offset points at its object
    const text = buf.toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = text.slice(xrefAt).split('\n').slice(3).filter((l) => / n $/.test(l));
    entries.forEach((e, i) => expect(text.slice(Number(e.slice(0, 10))).startsWith(`${i + 1} 0 obj`)).toBe(true));

    const after = (await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 2 })).body.entity;
    expect(after.downloads).toBe(before.downloads + 1);
  });

  it('serves inline previews and 404s unknown files with an envelope', async () => {
    const preview = (await sb.post('/api/paperSearchApi/previewPath', { id: 3 })).body.entity;
    const res = await fetch(sb.url + preview.url);
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
    const missing = await sb.get('/api/file/file/download?hash=deadbeef&fileName=x.pdf');
    expect(missing.body).toMatchObject({ success: false, code: 404 });
  });
});
