import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { buildRss, rfc822Date } from './rss';

function parseXml(xml: string) {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`malformed XML: ${error.textContent}`);
  return doc;
}

/** RFC 822 date-time with a four-digit year, as RSS 2.0 uses it. */
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;

describe('rfc822Date', () => {
  it('writes backend dates as Beijing midnight', () => {
    expect(rfc822Date('2026-01-01')).toBe('Thu, 01 Jan 2026 00:00:00 +0800');
    expect(rfc822Date('2025-12-31')).toBe('Wed, 31 Dec 2025 00:00:00 +0800');
    expect(rfc822Date('2024-02-29')).toBe('Thu, 29 Feb 2024 00:00:00 +0800');
  });
  it('keeps the time of backend times', () => {
    expect(rfc822Date('2025-03-08 09:05:07')).toBe('Sat, 08 Mar 2025 09:05:07 +0800');
    expect(rfc822Date('2025-03-08T21:30')).toBe('Sat, 08 Mar 2025 21:30:00 +0800');
  });
  it('writes a Date in GMT', () => {
    expect(rfc822Date(new Date(Date.UTC(2025, 6, 4, 3, 2, 1)))).toBe('Fri, 04 Jul 2025 03:02:01 GMT');
  });
  it('refuses what is not a date', () => {
    for (const bad of ['2025-02-30', '2025-13-01', '2025-01-01 25:00:00', 'yesterday', '', null, undefined, new Date('x')]) expect(rfc822Date(bad)).toBeNull();
  });
});

describe('buildRss', () => {
  const xml = buildRss({
    title: '数据法学期刊平台 · 最新文献',
    link: 'https://journal.example.cn/journal',
    selfUrl: 'https://journal.example.cn/rss/articles.xml?a=1&b=2',
    description: '最新发表的文献',
    ttl: 60,
    items: [
      {
        title: '数据产权“三权分置”的法理基础 & 制度构造 <研究>',
        link: 'https://journal.example.cn/journal/detail?id=7&from=rss',
        description: 'A < B && "C"',
        pubDate: '2025-12-20',
        category: '《数据法学》',
        creators: ['张三', '李四'],
      },
      { title: '无日期条目', link: 'https://journal.example.cn/news/2' },
    ],
  });
  const doc = parseXml(xml);

  it('is a well-formed RSS 2.0 document', () => {
    expect(doc.documentElement.tagName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    expect(doc.getElementsByTagName('channel')).toHaveLength(1);
    expect(doc.getElementsByTagName('item')).toHaveLength(2);
    expect(doc.getElementsByTagName('language')[0]?.textContent).toBe('zh-CN');
    expect(doc.getElementsByTagName('ttl')[0]?.textContent).toBe('60');
  });

  it('escapes text and URLs, which read back unchanged', () => {
    const item = doc.getElementsByTagName('item')[0]!;
    expect(item.getElementsByTagName('title')[0]?.textContent).toBe('数据产权“三权分置”的法理基础 & 制度构造 <研究>');
    expect(item.getElementsByTagName('description')[0]?.textContent).toBe('A < B && "C"');
    expect(item.getElementsByTagName('link')[0]?.textContent).toBe('https://journal.example.cn/journal/detail?id=7&from=rss');
    expect(item.getElementsByTagName('guid')[0]?.getAttribute('isPermaLink')).toBe('true');
    // One dc:creator per author, as feed readers and Dublin Core expect.
    expect([...item.getElementsByTagName('dc:creator')].map((e) => e.textContent)).toEqual(['张三', '李四']);
    expect(xml).toContain('&amp; 制度构造 &lt;研究&gt;');
    expect(xml).toContain('<atom:link href="https://journal.example.cn/rss/articles.xml?a=1&amp;b=2" rel="self" type="application/rss+xml"/>');
  });

  it('dates items and the channel in RFC 822', () => {
    const pubDates = [...doc.getElementsByTagName('pubDate')].map((e) => e.textContent ?? '');
    expect(pubDates).toEqual(['Sat, 20 Dec 2025 00:00:00 +0800']);
    for (const date of pubDates) expect(date).toMatch(RFC822);
    expect(doc.getElementsByTagName('lastBuildDate')[0]?.textContent).toBe('Sat, 20 Dec 2025 00:00:00 +0800');
  });
});
