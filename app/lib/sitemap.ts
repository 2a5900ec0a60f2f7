/**
 * Sitemaps (sitemaps.org protocol 0.9): one `<urlset>` while the site has at most
 * SITEMAP_URL_LIMIT URLs, otherwise a `<sitemapindex>` at /sitemap.xml whose parts are
 * /sitemap/1.xml, /sitemap/2.xml … of at most SITEMAP_URL_LIMIT URLs each.
 */

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export interface SitemapEntry {
  /** Path and query of the page, starting with `/`. */
  path: string;
  /** `YYYY-MM-DD` (or any ISO 8601 date), when known. */
  lastmod?: string | null;
}

/** Characters XML 1.0 does not allow at all (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Escapes text for XML content and attribute values (`&` first). */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(FORBIDDEN_IN_XML, '');
}

/** The W3C date of a backend date (`YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`), or null. */
export function w3cDate(value: string | null | undefined): string | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function urlElement(origin: string, entry: SitemapEntry): string {
  const lastmod = w3cDate(entry.lastmod);
  return `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

/** A `<urlset>` of the given entries, as absolute URLs of `origin`. */
export function buildUrlset(origin: string, entries: readonly SitemapEntry[]): string {
  return `${XML_DECLARATION}\n<urlset xmlns="${XMLNS}">\n${entries.map((e) => urlElement(origin, e)).join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` of the parts /sitemap/1.xml … /sitemap/{count}.xml. */
export function buildSitemapIndex(origin: string, parts: readonly { lastmod?: string | null }[]): string {
  const items = parts.map((part, index) => {
    const lastmod = w3cDate(part.lastmod);
    return `<sitemap><loc>${escapeXml(`${origin}/sitemap/${index + 1}.xml`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
  });
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${XMLNS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Splits the entries into parts of at most `limit` URLs. */
export function splitSitemap<T>(entries: readonly T[], limit = SITEMAP_URL_LIMIT): T[][] {
  if (limit < 1) throw new RangeError('sitemap limit must be positive');
  const parts: T[][] = [];
  for (let start = 0; start < entries.length; start += limit) parts.push(entries.slice(start, start + limit));
  return parts;
}

/** The newest lastmod of some entries (ISO dates compare as strings). */
function newest(entries: readonly SitemapEntry[]): string | null {
  let best: string | null = null;
  for (const entry of entries) {
    const date = w3cDate(entry.lastmod);
    if (date && (!best || date > best)) best = date;
  }
  return best;
}

/** The document at /sitemap.xml: the urlset itself, or an index once there are more than `limit` URLs. */
export function sitemapRoot(origin: string, entries: readonly SitemapEntry[], limit = SITEMAP_URL_LIMIT): string {
  if (entries.length <= limit) return buildUrlset(origin, entries);
  return buildSitemapIndex(
    origin,
    splitSitemap(entries, limit).map((part) => ({ lastmod: newest(part) })),
  );
}

/** Part `n` (1-based) of an index, or null when there is no such part (or no index at all). */
export function sitemapPart(origin: string, entries: readonly SitemapEntry[], n: number, limit = SITEMAP_URL_LIMIT): string | null {
  if (entries.length <= limit) return null;
  const part = splitSitemap(entries, limit)[n - 1];
  return part ? buildUrlset(origin, part) : null;
}
