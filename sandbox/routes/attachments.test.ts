import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../testing.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox(5);
});
afterAll(() => sb.close());

/** The record a server serving files asks for: name, type by content, and who may read it. */
describe('fileRecord', () => {
  const record = (hash: string, token?: string) => sb.post('/api/attachmentApi/fileRecord', { hash }, token ? { token } : undefined);

  it('describes a published article PDF to anyone', async () => {
    const article = (await sb.post('/api/paperSearchApi/literatureBaseDetails', { id: 2 })).body.entity;
    const { body } = await record(article.pdfFile.hash);
    expect(body.entity).toMatchObject({
      hash: article.pdfFile.hash,
      fileName: article.pdfFile.fileName,
      fileType: 'pdf',
      contentType: 'application/pdf',
      public: true,
    });
  });

  it('describes a submission template to anyone', async () => {
    const token = await sb.login('demo_author');
    const templates = (await sb.post('/manage/platform/fileTemplate/getAttachmentByType', {}, { token })).body.entity as { hash: string; fileName: string }[];
    const { body } = await record(templates[0]!.hash);
    expect(body.entity).toMatchObject({ fileName: templates[0]!.fileName, fileType: 'docx', public: true });
  });

  it("gives a personal upload's record to its owner only, with the type its content has", async () => {
    const owner = await sb.login('demo_author');
    const other = await sb.login('demo_reader');
    // The probe's polyglot: a PDF header, then a batch file.
    const polyglot = '%PDF-1.4\r\n@echo off & calc.exe & exit /b\r\n%%EOF\n';
    const uploaded = await sb.upload(
      '/api/attachmentApi/upload',
      { name: '论文模板.pdf', data: polyglot, type: 'application/pdf' },
      { kind: 'attachment' },
      { token: owner },
    );
    expect(uploaded.body.success, uploaded.body.message).toBe(true);
    const hash = uploaded.body.entity.hash as string;
    expect((await record(hash, owner)).body.entity).toMatchObject({ fileType: 'pdf', contentType: 'application/pdf', public: false });
    for (const caller of [undefined, other]) expect((await record(hash, caller)).body).toMatchObject({ success: false, code: 404 });
    expect((await record('0'.repeat(64), owner)).body).toMatchObject({ success: false, code: 404 });
  });
});
