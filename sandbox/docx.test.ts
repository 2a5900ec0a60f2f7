import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyseDocx, analyseParagraphs, buildDocx, docxParagraphs } from './docx.js';
import { detectType } from './files.js';
import { wordLikeDocx } from './testing.js';
import { ZipReader, buildZip, crc32 } from './zip.js';

describe('zip', () => {
  it('round-trips entries (deflated) and computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    const zip = buildZip([
      { name: 'a.txt', data: 'hello 数据法学' },
      { name: 'dir/b.bin', data: Buffer.alloc(10_000, 7) },
    ]);
    const r = ZipReader.fromBuffer(zip);
    expect(r.entries.map((e) => e.name)).toEqual(['a.txt', 'dir/b.bin']);
    expect(r.read('a.txt')?.toString('utf8')).toBe('hello 数据法学');
    expect(r.read('dir/b.bin')?.equals(Buffer.alloc(10_000, 7))).toBe(true);
    expect(r.read('missing')).toBeNull();
    expect(zlib.inflateRawSync(zip.subarray(30 + 5, 30 + 5 + r.entries[0]!.compressedSize)).toString()).toBe('hello 数据法学');
  });
});

describe('docx analysis', () => {
  it('extracts title, English title, abstract, keywords, authors and fund', () => {
    const info = analyseDocx(wordLikeDocx());
    expect(info).toMatchObject({
      title: '数据交易场所的法律定位',
      titleEn: 'On the Legal Status of Data Exchanges',
      abstract: '数据交易场所兼具市场组织者与自律管理者的双重角色&地位。',
      keywords: ['数据交易', '数据交易所', '自律监管'],
      authors: [
        { name: '李明', institution: '北京大学法学院' },
        { name: '赵丽', institution: '复旦大学法学院' },
      ],
      fund: '国家社会科学基金项目(22BFX101)',
    });
    expect(info.wordCount).toBeGreaterThan(50);
  });

  it('pairs authors with a separate 作者单位 line and reads our own writer', () => {
    const info = analyseParagraphs(['标题', '作者：甲，乙', '作者单位：A大学；B大学', '摘要：内容']);
    expect(info.authors).toEqual([
      { name: '甲', institution: 'A大学' },
      { name: '乙', institution: 'B大学' },
    ]);
    const doc = buildDocx([{ text: '论数据<权利>', bold: true }, '摘要：一段摘要', '关键词：甲；乙；丙']);
    expect(detectType(doc.subarray(0, 16), doc)).toBe('docx');
    expect(docxParagraphs(ZipReader.fromBuffer(doc).read('word/document.xml')!.toString())).toEqual(['论数据<权利>', '摘要：一段摘要', '关键词：甲；乙；丙']);
  });
});
