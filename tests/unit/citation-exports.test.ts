import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import astrocite from 'astrocite';
import { describe, expect, it } from 'vitest';
import { toBibtex, toEndNote, toNoteExpress, toRis, type CitableArticle } from '~/lib/citation';

/**
 * The reference-manager exports read back by parsers nobody here wrote: citation-js and
 * astrocite for RIS and BibTeX. EndNote's tagged format (refer) and NoteExpress have no
 * maintained parser for Node, so the small reader below follows the formats as published:
 * one field per line ("%A value" / "{Author}: value"), a repeated tag adds a value, other
 * lines continue the previous field. The same reader takes RIS's PDF link (`L1`), which
 * both RIS parsers leave out (CSL has no field for it). What Zotero's own import makes of
 * the four files is recorded in docs/zotero-check.md.
 */

interface Record {
  title: string;
  /** `family|given`, or the name as one string when the format or the name keeps it whole. */
  authors: string[];
  journal: string;
  date: string;
  volume?: string;
  issue?: string;
  pages?: string;
  doi?: string;
  issn?: string;
  keywords?: string[];
  language?: string;
  pdf?: string;
}

const articles: CitableArticle[] = [
  {
    title: '数据跨境流动规则的体系化构建：以“安全 & 发展”为中心',
    authors: ['欧阳明远', '李静', '上官婉儿'],
    authorParts: [
      { family: '欧阳', given: '明远' },
      { family: '李', given: '静' },
      { family: '上官', given: '婉儿' },
    ],
    journal: '数据法学',
    year: 2025,
    date: '2025-04-15',
    volume: 3,
    issue: 2,
    firstPage: 1,
    lastPage: 15,
    doi: '10.12345/sjfx.2025.02.001',
    issn: '2096-0000',
    keywords: ['DEPA', '长臂管辖', '个人信息_保护'],
    abstract: '本文讨论 50% 的{问题}。\n第二段。',
    url: 'https://portal.example/journal/detail?id=1',
    pdfUrl: 'https://portal.example/api/file/file/download?hash=ab12&fileName=%E6%95%B0%E6%8D%AE.pdf',
  },
  {
    title: '算法解释权研究',
    authors: ['吴凯晨'],
    authorParts: [{ family: '吴', given: '凯晨' }],
    journal: '数字法治评论',
    year: 2023,
    volume: 1,
    issue: null,
    firstPage: 7,
    lastPage: 7,
    doi: null,
  },
];

type Field = keyof Record;

/** What a reader should find, less the fields its format or parser has no place for. */
function expected(
  a: CitableArticle,
  { without = [], wholeNames = false, date = 'day' }: { without?: Field[]; wholeNames?: boolean; date?: 'day' | 'month' } = {},
): Partial<Record> {
  const record: Partial<Record> = {
    title: a.title,
    authors: a.authors.map((name, i) => {
      const parts = a.authorParts?.[i];
      if (wholeNames || !parts) return name;
      return `${parts.family}|${parts.given}`;
    }),
    journal: a.journal,
    date: a.date ? (date === 'day' ? a.date : a.date.slice(0, 7)) : String(a.year),
    ...(a.volume != null ? { volume: String(a.volume) } : {}),
    ...(a.issue != null ? { issue: String(a.issue) } : {}),
    ...(a.firstPage != null ? { pages: a.lastPage != null && a.lastPage !== a.firstPage ? `${a.firstPage}-${a.lastPage}` : String(a.firstPage) } : {}),
    ...(a.doi ? { doi: a.doi } : {}),
    ...(a.issn ? { issn: a.issn } : {}),
    ...(a.keywords?.length ? { keywords: a.keywords } : {}),
    language: 'zh',
    ...(a.pdfUrl ? { pdf: a.pdfUrl } : {}),
  };
  for (const field of without) delete record[field];
  return record;
}

/** The language as an ISO 639-1 code, whichever name the format uses for Chinese. */
const language = (value: unknown) => (typeof value === 'string' && /^(zh|chinese)/i.test(value) ? 'zh' : value);

interface CslItem {
  title?: string;
  author?: { family?: string; given?: string; literal?: string }[];
  'container-title'?: string;
  issued?: { 'date-parts'?: (number | string)[][] };
  volume?: string | number;
  issue?: string | number;
  page?: string;
  DOI?: string;
  ISSN?: string;
  keyword?: string | string[];
  language?: string;
}

function fromCsl(item: CslItem): Partial<Record> {
  const defined = <T>(key: Field, value: T | undefined) => (value === undefined ? {} : { [key]: String(value) });
  const parts = (item.issued?.['date-parts']?.[0] ?? []).filter((part) => part !== '').map((part) => String(part).padStart(2, '0'));
  const keywords = typeof item.keyword === 'string' ? item.keyword.split(',').map((k) => k.trim()) : item.keyword;
  return {
    title: item.title ?? '',
    authors: (item.author ?? []).map((n) => n.literal ?? `${n.family}|${n.given}`),
    journal: item['container-title'] ?? '',
    date: parts.join('-'),
    ...defined('volume', item.volume),
    ...defined('issue', item.issue),
    ...defined('pages', item.page?.replace('–', '-')),
    ...defined('doi', item.DOI),
    ...defined('issn', item.ISSN),
    ...(keywords?.length ? { keywords } : {}),
    ...(item.language ? { language: language(item.language) as string } : {}),
  };
}

async function citationJs(text: string): Promise<CslItem> {
  const cite = await Cite.async(text);
  expect(cite.data).toHaveLength(1);
  return cite.data[0] as CslItem;
}

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** Tagged lines into a map of tag → values. */
function tagged(text: string, pattern: RegExp): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  let last: string[] | null = null;
  for (const line of text.split(/\r?\n/)) {
    const match = pattern.exec(line);
    if (match) {
      const [, tag = '', value = ''] = match;
      last = fields.get(tag) ?? [];
      last.push(value);
      fields.set(tag, last);
    } else if (line && last) {
      last[last.length - 1] += `\n${line}`;
    }
  }
  return fields;
}

function fromTagged(fields: Map<string, string[]>, tags: { [K in Field]-?: string }, splitName: (name: string) => string): Partial<Record> {
  const one = (tag: string) => fields.get(tag)?.[0];
  const optional = (key: Field, tag: string) => (one(tag) === undefined ? {} : { [key]: one(tag) });
  return {
    title: one(tags.title) ?? '',
    authors: (fields.get(tags.authors) ?? []).map(splitName),
    journal: one(tags.journal) ?? '',
    date: one(tags.date) ?? '',
    ...optional('volume', tags.volume),
    ...optional('issue', tags.issue),
    ...optional('pages', tags.pages),
    ...optional('doi', tags.doi),
    ...optional('issn', tags.issn),
    ...(fields.get(tags.keywords) ? { keywords: fields.get(tags.keywords) } : {}),
    ...(one(tags.language) ? { language: language(one(tags.language)) as string } : {}),
    ...optional('pdf', tags.pdf),
  };
}

/** `姓, 名` → `姓|名`; a name without a comma stays whole. */
const commaName = (name: string) => (name.includes(', ') ? name.replace(', ', '|') : name);

const each = articles.map((a, i) => [i + 1, a] as const);
const withDate = { ...articles[1]!, date: '2023-01-05' };

describe('citation exports read back by parsers', () => {
  describe('RIS', () => {
    it.each(each)('citation-js reads everything but the PDF link (article %i)', async (_, article) => {
      expect(fromCsl(await citationJs(toRis(article)))).toEqual(expected(article, { without: ['pdf'] }));
    });
    it.each(each)('astrocite reads everything but the PDF link (article %i)', (_, article) => {
      expect(fromCsl(only(astrocite.ris.parse(toRis(article)) as CslItem[]))).toEqual(expected(article, { without: ['pdf'] }));
    });
    it('carries the PDF link in L1, one per line in its own tag', () => {
      const fields = tagged(toRis(articles[0]!), /^([A-Z][A-Z0-9]) {2}- (.*)$/);
      expect(fields.get('L1')).toEqual([articles[0]!.pdfUrl]);
      expect(fields.get('KW')).toEqual(articles[0]!.keywords);
    });
  });

  describe('BibTeX', () => {
    it.each(each)('citation-js reads everything (article %i; BibTeX has no PDF field)', async (_, article) => {
      expect(fromCsl(await citationJs(toBibtex(article, 'a1')))).toEqual(expected(article, { without: ['pdf'] }));
    });
    it('citation-js reads a full date of an article without a DOI', async () => {
      expect(fromCsl(await citationJs(toBibtex(withDate, 'a2'))).date).toBe('2023-01-05');
    });
    it.each(each)('astrocite reads names, journal, year and month, numbers, DOI and ISSN (article %i)', (_, article) => {
      // astrocite reads BibTeX's own fields: year and month, no keywords or language.
      const item = only(astrocite.bibtex.parse(toBibtex(article, 'a1')) as CslItem[]);
      expect(fromCsl(item)).toEqual(expected(article, { without: ['pdf', 'keywords', 'language'], date: 'month' }));
    });
  });

  it.each(each)('EndNote (refer) keeps every field, keywords one per %K (article %i)', (_, article) => {
    const fields = tagged(toEndNote(article), /^(%.) (.*)$/);
    expect(fields.get('%0')).toEqual(['Journal Article']);
    const tags = {
      title: '%T',
      authors: '%A',
      journal: '%J',
      date: '%8',
      volume: '%V',
      issue: '%N',
      pages: '%P',
      doi: '%R',
      issn: '%@',
      keywords: '%K',
      language: '%G',
      pdf: '%>',
    };
    const read = fromTagged(fields, tags, commaName);
    // The year stands in %D, the day in %8 when known.
    expect(fields.get('%D')).toEqual([String(article.year)]);
    expect({ ...read, date: read.date || String(article.year) }).toEqual(expected(article));
  });

  it.each(each)('NoteExpress keeps every field but the PDF link, names whole (article %i)', (_, article) => {
    const fields = tagged(toNoteExpress(article), /^\{([^}]+)\}: (.*)$/);
    expect(fields.get('Reference Type')).toEqual(['Journal Article']);
    const tags = {
      title: 'Title',
      authors: 'Author',
      journal: 'Journal',
      date: 'Date',
      volume: 'Volume',
      issue: 'Issue',
      pages: 'Pages',
      doi: 'DOI',
      issn: 'ISBN/ISSN',
      keywords: 'Keywords',
      language: 'Language',
      pdf: 'PDF',
    };
    const read = fromTagged(fields, tags, (name) => name);
    expect({ ...read, date: read.date || String(article.year) }).toEqual(expected(article, { without: ['pdf'], wholeNames: true }));
  });

  it('keeps a multi-line abstract on one field so no line can pass for a tag', () => {
    const article = { ...articles[0]!, abstract: '第一段\n%A 伪造作者\nER  - ' };
    expect(tagged(toEndNote(article), /^(%.) (.*)$/).get('%A')).toEqual(['欧阳, 明远', '李, 静', '上官, 婉儿']);
    expect(toRis(article).match(/^ER {2}- /gm)).toHaveLength(1);
  });
});
