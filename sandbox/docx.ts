// .docx files: a minimal writer (templates, generated forms) and a reader that pulls the
// manuscript metadata out of word/document.xml by simple heuristics.
import { ZipReader, buildZip } from './zip.js';

export interface DocxParagraph {
  text: string;
  bold?: boolean;
  /** Half-points, e.g. 32 = 16 pt. */
  size?: number;
  center?: boolean;
}

const xmlEscape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>
</Types>`;

const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
</Relationships>`;

function coreXml(title: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<dc:title>${xmlEscape(title)}</dc:title><dc:creator>数据法学期刊平台</dc:creator>
<dcterms:created xsi:type="dcterms:W3CDTF">2026-01-01T00:00:00Z</dcterms:created>
</cp:coreProperties>`;
}

export function buildDocx(paragraphs: (DocxParagraph | string)[], title = ''): Buffer {
  const body = paragraphs
    .map((p) => (typeof p === 'string' ? { text: p } : p))
    .map((p) => {
      const pPr = p.center ? '<w:pPr><w:jc w:val="center"/></w:pPr>' : '';
      const rPr = p.bold || p.size ? `<w:rPr><w:rFonts w:eastAsia="宋体"/>${p.bold ? '<w:b/>' : ''}${p.size ? `<w:sz w:val="${p.size}"/>` : ''}</w:rPr>` : '';
      return `<w:p>${pPr}<w:r>${rPr}<w:t xml:space="preserve">${xmlEscape(p.text)}</w:t></w:r></w:p>`;
    })
    .join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800"/></w:sectPr></w:body></w:document>`;
  return buildZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: RELS },
    { name: 'docProps/core.xml', data: coreXml(title) },
    { name: 'word/document.xml', data: document },
  ]);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? m;
  });
}

/** Text of every non-empty paragraph of word/document.xml, in order. */
export function docxParagraphs(documentXml: string): string[] {
  const out: string[] = [];
  const paraRe = /<w:p(?:\s[^>]*)?\/>|<w:p(?:\s[^>]*)?>[\s\S]*?<\/w:p>/g;
  for (const m of documentXml.matchAll(paraRe)) {
    const xml = m[0];
    let text = '';
    for (const t of xml.matchAll(/<w:(t|tab|br)(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/w:t>)/g)) {
      if (t[1] === 't') text += decodeXml(t[2] ?? '');
      else text += t[1] === 'tab' ? '\t' : '\n';
    }
    text = text.replace(/\s+/g, ' ').trim();
    if (text) out.push(text);
  }
  return out;
}

export function readDocxDocument(zip: ZipReader): string[] {
  const xml = zip.read('word/document.xml');
  if (!xml) throw new Error('word/document.xml missing');
  return docxParagraphs(xml.toString('utf8'));
}

export interface PaperInfo {
  title: string;
  titleEn: string | null;
  abstract: string;
  keywords: string[];
  authors: { name: string; institution: string }[];
  fund: string | null;
  wordCount: number;
}

const LABEL = /^[\s【[]*(摘\s*要|关\s*键\s*词|作者单位|作\s*者|单\s*位|基\s*金(?:项目)?|Abstract|Key\s*words|Title)[\s】\]]*[:：]?\s*/i;

function splitList(s: string): string[] {
  return s
    .split(/[;；,，、]+|\s{2,}/)
    .map((x) => x.trim().replace(/[。.]$/, ''))
    .filter(Boolean);
}

/**
 * Heuristics: the first paragraph is the title; paragraphs starting with 摘要, 关键词,
 * 作者, 单位 (作者单位) and 基金 carry those fields. Authors may carry their institution
 * in brackets: 张三（中国人民大学法学院）. An English title directly after the Chinese one
 * (ASCII only) is taken as titleEn.
 */
export function analyseParagraphs(paragraphs: string[]): PaperInfo {
  const info: PaperInfo = { title: '', titleEn: null, abstract: '', keywords: [], authors: [], fund: null, wordCount: 0 };
  let institutions: string[] = [];
  paragraphs.forEach((p, i) => {
    const label = LABEL.exec(p);
    if (i === 0 && !label) {
      info.title = p.slice(0, 200);
      return;
    }
    if (!label) {
      if (i === 1 && /^[\x20-\x7e]+$/.test(p) && !info.titleEn) info.titleEn = p.slice(0, 300);
      return;
    }
    const key = (label[1] ?? '').replace(/\s/g, '').toLowerCase();
    const rest = p.slice(label[0].length).trim();
    if (key === '摘要' && !info.abstract) info.abstract = rest;
    else if (key === '关键词' && info.keywords.length === 0) info.keywords = splitList(rest).slice(0, 10);
    else if (key === '作者' && info.authors.length === 0) {
      info.authors = splitList(rest).map((a) => {
        const m = /^(.+?)[（(](.+?)[）)]$/.exec(a);
        return m ? { name: (m[1] ?? '').trim(), institution: (m[2] ?? '').trim() } : { name: a.replace(/\d+$/, ''), institution: '' };
      });
    } else if ((key === '作者单位' || key === '单位') && institutions.length === 0) institutions = splitList(rest);
    else if (key.startsWith('基金') && !info.fund) info.fund = rest;
    else if (key === 'title' && !info.titleEn) info.titleEn = rest;
  });
  if (!info.title && paragraphs[0]) info.title = paragraphs[0].replace(LABEL, '').slice(0, 200);
  info.authors = info.authors.map((a, i) => ({ ...a, institution: a.institution || institutions[i] || institutions[0] || '' }));
  info.wordCount = paragraphs.join('').replace(/\s/g, '').length;
  return info;
}

/** Extracted metadata of a .docx held in a buffer. */
export function analyseDocx(buf: Buffer): PaperInfo {
  return analyseParagraphs(readDocxDocument(ZipReader.fromBuffer(buf)));
}

export function analyseDocxFile(file: string): PaperInfo {
  return ZipReader.withFile(file, (zip) => analyseParagraphs(readDocxDocument(zip)));
}
