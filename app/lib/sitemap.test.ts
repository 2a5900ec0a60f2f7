import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { buildUrlset, escapeXml, SITEMAP_URL_LIMIT, sitemapPart, sitemapRoot, splitSitemap, w3cDate, type SitemapEntry } from './sitemap';

const ORIGIN = 'https://journal.example.cn';

/** Parses XML strictly; throws on a malformed document. */
function parseXml(xml: string) {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`malformed XML: ${error.textContent}`);
  return doc;
}

const locs = (xml: string) => [...parseXml(xml).getElementsByTagName('loc')].map((loc) => loc.textContent);

const entries = (n: number): SitemapEntry[] =>
  Array.from({ length: n }, (_, i) => ({ path: `/journal/detail?id=${i + 1}`, lastmod: `2025-0${(i % 9) + 1}-15` }));

describe('escapeXml', () => {
  it('escapes the five XML characters, ampersand first', () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });
  it('drops characters XML 1.0 forbids and keeps Chinese text', () => {
    expect(escapeXml('数据\u0000法学\u000b')).toBe('数据法学');
  });
});

describe('w3cDate', () => {
  it('keeps the date of backend dates and times', () => {
    expect(w3cDate('2025-12-01')).toBe('2025-12-01');
    expect(w3cDate('2025-12-01 08:30:00')).toBe('2025-12-01');
    expect(w3cDate('soon')).toBeNull();
    expect(w3cDate(null)).toBeNull();
  });
});

describe('buildUrlset', () => {
  it('writes valid XML with absolute, escaped URLs and lastmod where known', () => {
    const xml = buildUrlset(ORIGIN, [{ path: '/journal/1?issueId=2&x=<y>', lastmod: '2025-06-30' }, { path: '/aboutUs' }]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<loc>https://journal.example.cn/journal/1?issueId=2&amp;x=&lt;y&gt;</loc><lastmod>2025-06-30</lastmod>');
    expect(xml).toContain('<url><loc>https://journal.example.cn/aboutUs</loc></url>');
    const doc = parseXml(xml);
    expect(doc.documentElement.tagName).toBe('urlset');
    expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(locs(xml)).toEqual(['https://journal.example.cn/journal/1?issueId=2&x=<y>', 'https://journal.example.cn/aboutUs']);
  });
});

describe('splitting at the limit', () => {
  it('uses the protocol limit of 50,000 by default', () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    expect(splitSitemap(entries(3))).toHaveLength(1);
  });

  it('serves one urlset while the URLs fit, and no parts', () => {
    const xml = sitemapRoot(ORIGIN, entries(5), 5);
    expect(parseXml(xml).documentElement.tagName).toBe('urlset');
    expect(locs(xml)).toHaveLength(5);
    expect(sitemapPart(ORIGIN, entries(5), 1, 5)).toBeNull();
  });

  it('turns into an index of parts once over the limit', () => {
    const all = entries(11);
    const xml = sitemapRoot(ORIGIN, all, 5);
    const doc = parseXml(xml);
    expect(doc.documentElement.tagName).toBe('sitemapindex');
    expect(locs(xml)).toEqual([`${ORIGIN}/sitemap/1.xml`, `${ORIGIN}/sitemap/2.xml`, `${ORIGIN}/sitemap/3.xml`]);
    // Each part's lastmod is its newest entry.
    expect([...doc.getElementsByTagName('lastmod')].map((e) => e.textContent)).toEqual(['2025-05-15', '2025-09-15', '2025-02-15']);

    const parts = [1, 2, 3].map((n) => locs(sitemapPart(ORIGIN, all, n, 5) ?? ''));
    expect(parts.map((p) => p.length)).toEqual([5, 5, 1]);
    expect(parts.flat()).toEqual(all.map((e) => `${ORIGIN}${e.path}`));
    expect(sitemapPart(ORIGIN, all, 4, 5)).toBeNull();
    expect(sitemapPart(ORIGIN, all, 0, 5)).toBeNull();
  });

  it('splits exactly at the limit', () => {
    expect(splitSitemap(entries(10), 5).map((p) => p.length)).toEqual([5, 5]);
    expect(parseXml(sitemapRoot(ORIGIN, entries(10), 10)).documentElement.tagName).toBe('urlset');
    expect(() => splitSitemap(entries(1), 0)).toThrow(RangeError);
  });
});
