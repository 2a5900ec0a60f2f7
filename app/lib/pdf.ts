import { BROWSER_ENDPOINTS } from '~/backend/browser-endpoints';

/** An article's PDF through the BFF proxy (docs/product.md#entities: two values of the file object as the query). */
export function articlePdfHref(file: { hash: string; fileName: string } | null | undefined, inline = false): string | null {
  if (!file) return null;
  const params = new URLSearchParams({ hash: file.hash, fileName: file.fileName });
  if (inline) params.set('inline', '1');
  return `${BROWSER_ENDPOINTS.articlePdf.path}?${params.toString()}`;
}

/**
 * robots.txt lines for the public files, which live under the otherwise disallowed `/api/`:
 * Google Scholar indexes full text only when the `citation_pdf_url` may be crawled, and a
 * share-card reader that honours robots.txt fetches a journal's cover (the picture its
 * articles share) only when allowed. The published links (`?hash=…`) are allowed (a private
 * file there answers 404 to anyone but its owner); a PDF's inline preview, the same file
 * again, is not. Crawlers take the longest matching rule, so these win over `Disallow: /api/`.
 */
export const PUBLIC_FILE_ROBOTS = {
  allow: [`${BROWSER_ENDPOINTS.articlePdf.path}?hash=`, `${BROWSER_ENDPOINTS.attachmentView.path}?hash=`],
  disallow: [`${BROWSER_ENDPOINTS.articlePdf.path}?*inline=`],
};
