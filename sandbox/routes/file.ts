// /api/file/file/download: streams an article PDF by the two file-object values hash + fileName.
import { countUsage } from '../usage.js';
import { z } from 'zod';
import type { DB } from '../db.js';
import { recordArticleActivity } from '../recording.js';
import { RESPONDED, bizError, createApi, optStr, parse, reqStr, type Logger } from '../http.js';
import { buildCjkPdf } from '../pdf.js';
import { ARTICLE_SELECT, pdfFileName, type ArticleRow } from '../articles.js';

/** RFC 6266 / 5987: an ASCII fallback name for old clients plus the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string, fallback = 'download.pdf'): string {
  const ascii = /^[\x20-\x7e]+$/.test(fileName) ? fileName.replace(/["\\]/g, '_') : fallback;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The full-width space Chinese typesetting puts between names. */
const IDEOGRAPHIC_SPACE = '\u3000';

export interface PdfAuthor {
  name: string;
  name_en: string | null;
  institution: string;
}

/**
 * An article's PDF, its first page as the journal prints it: the title and the authors as the
 * article page shows them (so an indexer can match the file to its page, as Google Scholar
 * does), their institutions, the abstract, keywords and the citation line; the document's
 * Title and Author entries say the same.
 */
export function articlePdf(row: ArticleRow, authors: PdfAuthor[]): Buffer {
  const institutions = [...new Set(authors.map((a) => a.institution).filter(Boolean))];
  const keywords = JSON.parse(row.keywords) as string[];
  const english = authors.map((a) => a.name_en).filter(Boolean);
  return buildCjkPdf({
    title: row.title,
    byline: [authors.map((a) => a.name).join(IDEOGRAPHIC_SPACE), ...(institutions.length ? [`（${institutions.join('；')}）`] : [])],
    paragraphs: [
      `摘要：${row.abstract}`,
      `关键词：${keywords.join('；')}`,
      `引用本文：${authors.map((a) => a.name).join('，')}. ${row.title}[J]. ${row.journal_name}, ${row.year}, ${row.volume}(${row.issue_no}): ${row.first_page}-${row.last_page}.`,
      [`DOI：${row.doi}`, `ISSN ${row.issn}`, `CN ${row.cn}`, `中图分类号：${row.clc}`].join(IDEOGRAPHIC_SPACE),
      '',
      row.title_en,
      ...(english.length ? [english.join(', ')] : []),
      `${row.journal_name_en}, Vol. ${row.volume}, No. ${row.issue_no} (${row.year}), pp. ${row.first_page}-${row.last_page}`,
      '',
      '本文件由期刊平台沙箱后端生成，仅供演示。',
    ],
    author: authors.map((a) => a.name).join('; '),
    keywords: keywords.join('; '),
  });
}

export function fileRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  api.get('/file/download', ({ params, res, auth }) => {
    const q = parse(z.object({ hash: reqStr('缺少参数：hash'), fileName: optStr(), inline: optStr() }), params);
    const row = db.prepare(`${ARTICLE_SELECT} WHERE a.pdf_hash = ?`).get(q.hash) as ArticleRow | undefined;
    if (!row) throw bizError('文件不存在或已被删除', 404);
    const inline = q.inline === '1' || q.inline === 'true';
    if (!inline) countUsage(db, row.id, 'downloads');
    if (!inline && auth) recordArticleActivity(db, auth.employeeId, row.id, 'download');
    const authors = db.prepare('SELECT name, name_en, institution FROM article_authors WHERE article_id = ? ORDER BY seq').all(row.id) as PdfAuthor[];
    const pdf = articlePdf(row, authors);
    const name = (q.fileName ?? pdfFileName(row)).replace(/[\r\n/\\]/g, '_');
    res.status(200);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Length', String(pdf.length));
    res.setHeader(
      'Content-Disposition',
      contentDisposition(inline ? 'inline' : 'attachment', name.endsWith('.pdf') ? name : `${name}.pdf`, `${row.doi.split('/').pop() ?? 'paper'}.pdf`),
    );
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.end(pdf);
    return RESPONDED;
  });

  return api.router;
}
