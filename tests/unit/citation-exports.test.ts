import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { describe, expect, it } from 'vitest';
import { toBibtex, toEndNote, toNoteExpress, toRis, type CitableArticle } from '~/lib/citation';

/**
 * The reference-manager exports read back by real parsers: citation-js for BibTeX and RIS;
 * EndNote's tagged format (refer) and NoteExpress have no maintained parser for the current
 * citation-js, so the two small readers below follow the formats as published: one field per
 * line ("%A value" / "{Author}: value"), a repeated tag adds a value, other lines continue the
 * previous field.
 */

interface Record {
  title: string;
  authors: string[];
  journal: string;
  year: string;
  volume?: string;
  issue?: string;
  pages?: string;
  doi?: string;
  language?: string;
}

const articles: CitableArticle[] = [
  {
    title: '数据跨境流动规则的体系化构建：以“安全 & 发展”为中心',
    authors: ['欧阳明远', '李静', '上官婉儿', '张立新'],
    journal: '数据法学',
    year: 2025,
    volume: 3,
    issue: 2,
    firstPage: 1,
    lastPage: 15,
    doi: '10.12345/sjfx.2025.02.001',
    issn: '2096-0000',
    keywords: ['数据出境', '个人信息_保护'],
    abstract: '本文讨论 50% 的{问题}。\n第二段。',
    url: 'https://portal.example/journal/detail?id=1',
  },
  { title: '算法解释权研究', authors: ['吴凯晨'], journal: '数字法治评论', year: 2023, volume: 1, issue: null, firstPage: 7, lastPage: 7, doi: null },
];

const expected = (a: CitableArticle): Record => ({
  title: a.title,
  authors: a.authors,
  journal: a.journal,
  year: String(a.year),
  ...(a.volume != null ? { volume: String(a.volume) } : {}),
  ...(a.issue != null ? { issue: String(a.issue) } : {}),
  ...(a.firstPage != null ? { pages: a.lastPage != null && a.lastPage !== a.firstPage ? `${a.firstPage}-${a.lastPage}` : String(a.firstPage) } : {}),
  ...(a.doi ? { doi: a.doi } : {}),
  language: 'zh',
});

/** The language as an ISO 639-1 code, whichever name the format uses for Chinese. */
const language = (value: unknown) => (typeof value === 'string' && /^(zh|chinese)/i.test(value) ? 'zh' : value);

interface CslItem {
  title?: string;
  author?: { family?: string; given?: string; literal?: string }[];
  'container-title'?: string;
  issued?: { 'date-parts'?: number[][] };
  volume?: string | number;
  issue?: string | number;
  page?: string;
  DOI?: string;
  language?: string;
}

function fromCsl(item: CslItem): Record {
  const defined = <T,>(key: string, value: T | undefined) => (value === undefined ? {} : { [key]: String(value) });
  return {
    title: item.title ?? '',
    authors: (item.author ?? []).map((n) => n.literal ?? [n.family, n.given].filter(Boolean).join('')),
    journal: item['container-title'] ?? '',
    year: String(item.issued?.['date-parts']?.[0]?.[0]),
    ...defined('volume', item.volume),
    ...defined('issue', item.issue),
    ...defined('pages', item.page),
    ...defined('doi', item.DOI),
    ...(item.language ? { language: language(item.language) as string } : {}),
  };
}

async function parse(text: string): Promise<CslItem> {
  const cite = await Cite.async(text);
  expect(cite.data).toHaveLength(1);
  return cite.data[0] as CslItem;
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

function fromTagged(fields: Map<string, string[]>, tags: { [K in keyof Record]-?: string }): Record {
  const one = (tag: string) => fields.get(tag)?.[0];
  const optional = (key: keyof Record, tag: string) => (one(tag) === undefined ? {} : { [key]: one(tag) });
  return {
    title: one(tags.title) ?? '',
    authors: fields.get(tags.authors) ?? [],
    journal: one(tags.journal) ?? '',
    year: one(tags.year) ?? '',
    ...optional('volume', tags.volume),
    ...optional('issue', tags.issue),
    ...optional('pages', tags.pages),
    ...optional('doi', tags.doi),
    ...(one(tags.language) ? { language: language(one(tags.language)) as string } : {}),
  };
}

describe('citation exports read back by parsers', () => {
  it.each(articles.map((a, i) => [i + 1, a] as const))('BibTeX round-trips (article %i)', async (_, article) => {
    expect(fromCsl(await parse(toBibtex(article, 'a1')))).toEqual(expected(article));
  });

  it.each(articles.map((a, i) => [i + 1, a] as const))('RIS round-trips (article %i)', async (_, article) => {
    expect(fromCsl(await parse(toRis(article)))).toEqual(expected(article));
  });

  it.each(articles.map((a, i) => [i + 1, a] as const))('EndNote (refer) round-trips (article %i)', (_, article) => {
    const fields = tagged(toEndNote(article), /^(%.) (.*)$/);
    expect(fields.get('%0')).toEqual(['Journal Article']);
    const tags = { title: '%T', authors: '%A', journal: '%J', year: '%D', volume: '%V', issue: '%N', pages: '%P', doi: '%R', language: '%G' };
    expect(fromTagged(fields, tags)).toEqual(expected(article));
  });

  it.each(articles.map((a, i) => [i + 1, a] as const))('NoteExpress round-trips (article %i)', (_, article) => {
    const fields = tagged(toNoteExpress(article), /^\{([^}]+)\}: (.*)$/);
    expect(fields.get('Reference Type')).toEqual(['Journal Article']);
    const tags = { title: 'Title', authors: 'Author', journal: 'Journal', year: 'Year', volume: 'Volume', issue: 'Issue', pages: 'Pages', doi: 'DOI', language: 'Language' };
    expect(fromTagged(fields, tags)).toEqual(expected(article));
  });

  it('keeps a multi-line abstract on one field so no line can pass for a tag', () => {
    const article = { ...(articles[0] as CitableArticle), abstract: '第一段\n%A 伪造作者\nER  - ' };
    expect(tagged(toEndNote(article), /^(%.) (.*)$/).get('%A')).toEqual(article.authors);
    expect(toRis(article).match(/^ER {2}- /gm)).toHaveLength(1);
  });
});
