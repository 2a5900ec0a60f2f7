// /api/file/file/download: streams an article PDF by the two file-object values hash + fileName.
import { z } from 'zod';
import type { DB } from '../db.js';
import { recordArticleActivity } from '../recording.js';
import { RESPONDED, bizError, createApi, optStr, parse, reqStr, type Logger } from '../http.js';
import { buildPdf, wrap } from '../pdf.js';
import { ARTICLE_SELECT, pdfFileName, type ArticleRow } from '../articles.js';

/** RFC 6266 / 5987: an ASCII fallback name for old clients plus the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string, fallback = 'download.pdf'): string {
  const ascii = /^[\x20-\x7e]+$/.test(fileName) ? fileName.replace(/["\\]/g, '_') : fallback;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function articlePdf(row: ArticleRow): Buffer {
  const authorsCount = row.authors_text.split('；').length;
  return buildPdf({
    title: row.title_en,
    lines: [
      '',
      `${row.journal_name_en}, Vol. ${row.volume}, No. ${row.issue_no} (${row.year}), pp. ${row.first_page}-${row.last_page}`,
      `ISSN ${row.issn}   CN ${row.cn}   DOI: ${row.doi}`,
      `Authors: ${authorsCount}   Published: ${row.published_date}   CLC: ${row.clc}`,
      `Keywords: ${(JSON.parse(row.keywords_en) as string[]).join('; ')}`,
      '',
      'Abstract:',
      ...wrap(row.abstract_en),
      '',
      'This is a sample file served by the journal portal sandbox backend.',
    ],
  });
}

export function fileRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  api.get('/file/download', ({ params, res, auth }) => {
    const q = parse(z.object({ hash: reqStr('缺少参数：hash'), fileName: optStr(), inline: optStr() }), params);
    const row = db.prepare(`${ARTICLE_SELECT} WHERE a.pdf_hash = ?`).get(q.hash) as ArticleRow | undefined;
    if (!row) throw bizError('文件不存在或已被删除', 404);
    const inline = q.inline === '1' || q.inline === 'true';
    if (!inline) db.prepare('UPDATE articles SET downloads = downloads + 1 WHERE id = ?').run(row.id);
    if (!inline && auth) recordArticleActivity(db, auth.employeeId, row.id, 'download');
    const pdf = articlePdf(row);
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
