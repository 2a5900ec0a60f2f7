import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FileDropZone, fileKind, formatFileSize } from './FileDropZone';

describe('FileDropZone', () => {
  it('is the real file input, named and described as given, over a zone that says what it takes in Chinese', () => {
    const html = renderToStaticMarkup(
      <FileDropZone
        id="manuscript"
        name="file"
        required
        accept=".doc,.docx,.pdf"
        formats="Word（.doc、.docx）或 PDF，不超过 50 MB"
        aria-describedby="manuscript-hint"
      />,
    );
    expect(html).toMatch(/<input[^>]*id="manuscript"[^>]*>/);
    const input = /<input[^>]*>/.exec(html)![0];
    expect(input).toContain('type="file"');
    expect(input).toContain('name="file"');
    expect(input).toContain('required=""');
    expect(input).toContain('accept=".doc,.docx,.pdf"');
    expect(input).toContain('aria-describedby="manuscript-hint"');
    expect(html).toContain('点击选择文件，或将文件拖到此处');
    expect(html).toContain('Word（.doc、.docx）或 PDF，不超过 50 MB');
    // The browser's own button text never shows: the input is laid transparent over the zone.
    expect(html).not.toMatch(/Choose File|No file chosen/);
  });

  it('tells sizes and kinds as a reader reads them', () => {
    expect(formatFileSize(800)).toBe('800 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(12.3 * 1024 * 1024)).toBe('12.3 MB');
    expect(fileKind({ name: '修改稿（第二轮）.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toBe('DOCX 文件');
    expect(fileKind({ name: 'scan', type: 'image/png' })).toBe('image/png');
    expect(fileKind({ name: 'scan', type: '' })).toBe('未知类型');
  });
});
