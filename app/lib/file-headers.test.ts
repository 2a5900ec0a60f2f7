import { describe, expect, it } from 'vitest';
import { backendFileHeaders, fileHeaders, safeFileName } from './file-headers';

describe('file headers', () => {
  it.each([
    ['论文模板.bat', 'pdf', '论文模板.pdf'],
    ['report.html', 'pdf', 'report.pdf'],
    ['a.svg', 'png', 'a.png'],
    ['../../etc/passwd', 'txt', 'etc_passwd.txt'],
    ['x"; filename=evil.exe', 'pdf', 'x__ filename_evil.pdf'],
    ['line\r\nbreak.docx', 'docx', 'line__break.docx'],
    ['.htaccess', 'txt', 'file.txt'],
    ['数据跨境.docx', 'docx', '数据跨境.docx'],
    ['name.pdf', 'p/df', 'name.bin'],
  ])('names %s recorded as %s: %s', (fileName, fileType, expected) => {
    expect(safeFileName({ fileName, fileType })).toBe(expected);
  });

  it('shows in place only PDFs and PNG/JPEG images, and only when asked', () => {
    const kind = (contentType: string, inline: boolean) =>
      fileHeaders({ fileName: 'a', fileType: 'x', contentType }, inline)['content-disposition']!.split(';')[0];
    expect(kind('application/pdf', true)).toBe('inline');
    expect(kind('IMAGE/PNG; charset=x', true)).toBe('inline');
    expect(kind('image/jpeg', true)).toBe('inline');
    for (const type of ['image/svg+xml', 'text/html', 'text/plain', 'application/xhtml+xml', 'text/xml', 'image/gif', 'bogus'])
      expect(kind(type, true)).toBe('attachment');
    expect(kind('application/pdf', false)).toBe('attachment');
  });

  it('sends every file unsniffable and sandboxed, with a malformed type as bytes', () => {
    const headers = fileHeaders({ fileName: 'a', fileType: 'pdf', contentType: 'text/html\r\nX: 1' }, true);
    expect(headers).toMatchObject({ 'content-type': 'application/octet-stream', 'x-content-type-options': 'nosniff' });
    expect(headers['content-security-policy']).toMatch(/^sandbox;/);
  });

  it("keeps the backend's name of a download route's file, but always saves it", () => {
    const headers = backendFileHeaders(
      new Headers({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="a.pdf"; filename*=UTF-8''${encodeURIComponent('录用通知-2026.pdf')}`,
      }),
    );
    expect(headers['content-disposition']).toBe(`attachment; filename="download.pdf"; filename*=UTF-8''${encodeURIComponent('录用通知-2026.pdf')}`);
  });
});
