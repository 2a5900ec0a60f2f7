import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
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
    const entries = text
      .slice(xrefAt)
      .split('\n')
      .slice(3)
      .filter((l) => / n $/.test(l));
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

/** A PDF as pdf.js (Firefox's reader) reads it: the text of its page and its document properties. */
async function readPdf(data: Uint8Array) {
  // The Adobe character maps a non-embedded Chinese font needs, as every reader ships them.
  const pdfjs = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const document = await getDocument({ data, cMapUrl: `${pdfjs}/cmaps/`, cMapPacked: true, standardFontDataUrl: `${pdfjs}/standard_fonts/`, verbosity: 0 })
    .promise;
  const page = await document.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join('\n');
  const { info } = (await document.getMetadata()) as { info: { Title?: string; Author?: string } };
  await document.destroy();
  return { text, info };
}

describe('an article PDF, read back by a PDF reader', () => {
  it('states the title and the authors as the article page does, in its text and its document properties', async () => {
    type Detail = { title: string; authors: { name: string; institution: string }[]; pdfFile: { downloadUrl: string } };
    // The first article with several authors, so their order shows.
    let article: Detail | undefined;
    for (let id = 1; !article && id <= 20; id++) {
      const detail = (await sb.post('/api/paperSearchApi/literatureBaseDetails', { id })).body.entity as Detail;
      if (detail.authors.length > 1) article = detail;
    }
    if (!article) throw new Error('The sandbox has no article with several authors.');
    const res = await fetch(sb.url + article.pdfFile.downloadUrl);
    const { text, info } = await readPdf(new Uint8Array(await res.arrayBuffer()));
    const names = article.authors.map((a) => a.name);
    expect(info.Title).toBe(article.title);
    expect(info.Author).toBe(names.join('; '));
    // The title may wrap onto a second line: compare it without line breaks.
    expect(text.replace(/\n/g, '')).toContain(article.title);
    for (const name of names) expect(text).toContain(name);
    // Authors in the order of the page.
    const at = names.map((name) => text.indexOf(name));
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain(article.authors[0]!.institution);
  });
});
