import { BROWSER_ENDPOINTS } from '~/backend/browser-endpoints';

/** An article's PDF through the BFF proxy (docs/product.md#entities: two values of the file object as the query). */
export function articlePdfHref(file: { hash: string; fileName: string } | null | undefined, inline = false): string | null {
  if (!file) return null;
  const params = new URLSearchParams({ hash: file.hash, fileName: file.fileName });
  if (inline) params.set('inline', '1');
  return `${BROWSER_ENDPOINTS.articlePdf.path}?${params.toString()}`;
}
