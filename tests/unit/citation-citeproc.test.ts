import { readFileSync } from 'node:fs';
import CSL from 'citeproc';
import { describe, expect, it } from 'vitest';
import { gbt7714Chinese, gbt7714English, type CitableArticle } from '~/lib/citation';
import { englishAuthorName } from '~/lib/pinyin.server';

/**
 * The portal's GB/T 7714-2015 references against citeproc-js running the Citation Style
 * Language project's GB/T 7714-2015 numeric style (tests/fixtures/csl, unchanged copies).
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/csl/${name}`, import.meta.url), 'utf8');
// GB/T 7714-2015 8.1.1 lets a pinyin given name be written in full ("WU Kaichen") or as
// initials ("WU K C"); the style picks initials, the portal (like CNKI) the full name. The
// style's only change here is dropping that option, so the names are compared in full.
const style = fixture('china-national-standard-gb-t-7714-2015-numeric.csl').replace(' initialize-with=" "', '');
const locales: Record<string, string> = { 'zh-CN': fixture('locales-zh-CN.xml'), 'en-US': fixture('locales-en-US.xml') };

interface Person {
  zh: string;
  zhFamily: string;
  zhGiven: string;
  /** The name as citeproc should print it in English: surname and given name, written independently of the portal. */
  family: string;
  given: string;
  /** What the backend keeps, when it has an English name. */
  nameEn?: string;
}

/** "欧阳|明远": the Chinese name with its surname marked. */
const P = (marked: string, family: string, given: string, nameEn?: string): Person => {
  const [zhFamily = '', zhGiven = ''] = marked.split('|');
  return { zh: zhFamily + zhGiven, zhFamily, zhGiven, family, given, nameEn };
};
const people = {
  wu: P('吴|凯晨', 'Wu', 'Kaichen', 'Wu Kaichen'),
  fang: P('方|新飞', 'Fang', 'Xinfei'),
  ouyang: P('欧阳|明远', 'Ouyang', 'Mingyuan'),
  sima: P('司马|长风', 'Sima', 'Changfeng', 'Changfeng Sima'),
  zhuge: P('诸葛|思远', 'Zhuge', 'Siyuan'),
  shan: P('单|雨泽', 'Shan', 'Yuze'),
  zeng: P('曾|晓欣', 'Zeng', 'Xiaoxin', 'ZENG Xiaoxin'),
  zhang: P('张|立新', 'Zhang', 'Lixin'),
  li: P('李|静', 'Li', 'Jing', 'Li Jing'),
  wang: P('王|一鸣', 'Wang', 'Yiming'),
  zhao: P('赵|嘉懿', 'Zhao', 'Jiayi'),
  xi: P('席|西安', 'Xi', "Xi'an"),
  shangguan: P('上官|婉儿', 'Shangguan', "Wan'er"),
};

interface Case {
  authors: Person[];
  volume?: number | null;
  issue?: number | null;
  firstPage?: number | null;
  lastPage?: number | null;
  doi?: string | null;
}

const { wu, fang, ouyang, sima, zhuge, shan, zeng, zhang, li, wang, zhao, xi, shangguan } = people;
const cases: Case[] = [
  { authors: [wu] },
  { authors: [wu, fang] },
  { authors: [ouyang, sima, zhuge] },
  { authors: [shan, zeng, zhang, li] },
  { authors: [wang, zhao, xi, shangguan, wu] },
  { authors: [li, wang, zhao, fang, zeng, sima] },
  { authors: [zhang], doi: null },
  { authors: [zeng, li], doi: null, issue: null },
  { authors: [sima], issue: null },
  { authors: [zhuge, shan, xi], firstPage: null, lastPage: null },
  { authors: [fang], firstPage: 7, lastPage: 7 },
  { authors: [wu, fang, ouyang, sima], doi: null, firstPage: null, lastPage: null },
  { authors: [shangguan, li], volume: null },
  { authors: [xi], volume: null, issue: null, doi: null },
  { authors: [zhao, zhang, wang, li, shan], issue: null, firstPage: null, lastPage: null },
  { authors: [ouyang] },
  { authors: [zeng, zhuge], firstPage: 101, lastPage: 128 },
  { authors: [wang, wu, fang], doi: null, volume: null },
  { authors: [li, ouyang, shangguan, zeng, zhao, sima, fang] },
  { authors: [shan, wang], doi: null, firstPage: 33, lastPage: 40 },
  { authors: [zhang, xi, zhuge, wu], volume: null, issue: null },
  { authors: [sima, shan] },
];

function article(c: Case, i: number): CitableArticle {
  const field = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return {
    title: `数据跨境流动规则的体系化构建（${i + 1}）`,
    titleEn: `Systematic Construction of Rules on Cross-border Data Flows (${i + 1})`,
    authors: c.authors.map((p) => p.zh),
    // Exactly what the article route passes: the backend's English name, or the pinyin.
    authorsEn: c.authors.map((p) => englishAuthorName(p.zh, p.nameEn)),
    journal: i % 2 ? '数字法治评论' : '数据法学',
    journalEn: i % 2 ? 'Digital Rule of Law Review' : 'Data Law Review',
    year: 2020 + (i % 6),
    volume: field(c.volume, 1 + (i % 5)),
    issue: field(c.issue, 1 + (i % 6)),
    firstPage: field(c.firstPage, 10 * i + 1),
    lastPage: field(c.lastPage, 10 * i + 9),
    doi: field(c.doi, `10.12345/sjfx.${2020 + (i % 6)}.0${1 + (i % 6)}.${String(i + 1).padStart(3, '0')}`),
  };
}

function cslItem(a: CitableArticle, c: Case, english: boolean, id: string) {
  const pages = a.firstPage == null ? undefined : a.lastPage != null && a.lastPage !== a.firstPage ? `${a.firstPage}-${a.lastPage}` : String(a.firstPage);
  return {
    id,
    type: 'article-journal',
    title: english ? a.titleEn : a.title,
    'container-title': english ? a.journalEn : a.journal,
    // A Chinese name is given as family and given name in Han characters: citeproc-js joins them without a space.
    author: c.authors.map((p) => (english ? { family: p.family, given: p.given } : { family: p.zhFamily, given: p.zhGiven })),
    issued: { 'date-parts': [[a.year]] },
    ...(a.volume != null ? { volume: String(a.volume) } : {}),
    ...(a.issue != null ? { issue: String(a.issue) } : {}),
    ...(pages ? { page: pages } : {}),
    ...(a.doi ? { DOI: a.doi } : {}),
    language: english ? 'en' : 'zh',
  };
}

function citeproc(items: ReturnType<typeof cslItem>[], locale: 'zh-CN' | 'en-US'): string[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const engine = new CSL.Engine({ retrieveLocale: (lang: string) => locales[lang], retrieveItem: (id: string) => byId.get(id) }, style, locale, true);
  engine.setOutputFormat('text');
  engine.updateItems(items.map((item) => item.id));
  const [, entries] = engine.makeBibliography() as [unknown, string[]];
  // The numbered list's "[n]" is the reference list's business, not the citation's.
  return entries.map((entry) => entry.replace(/^\[\d+\]/, ''));
}

/** Whitespace collapsed and full-width punctuation as half-width (NFKC), so the layout is what is compared. */
function normalise(text: string): string {
  return (
    text
      .normalize('NFKC')
      // The style marks a reference with a DOI or URL as online ([J/OL]); the portal cites the
      // article of record, whose DOI is an identifier, as CNKI and the journals themselves do: [J].
      .replace('[J/OL]', '[J]')
      // citeproc-js sets the Pinyin apostrophe (Xi'an) typographically.
      .replace(/\u2019/g, "'")
      .replace(/\s+/g, ' ')
      .replace(/\s+([,.:;])/g, '$1')
      .trim()
  );
}

describe('GB/T 7714-2015 against citeproc-js and the CSL project style', () => {
  const articles = cases.map(article);

  it('covers 1 to 5+ authors, with and without DOI, issue and pages', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const counts = new Set(cases.map((c) => Math.min(c.authors.length, 5)));
    expect([...counts].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(articles.some((a) => !a.doi) && articles.some((a) => a.doi)).toBe(true);
    expect(articles.some((a) => a.issue == null) && articles.some((a) => a.firstPage == null)).toBe(true);
  });

  it('agrees in Chinese', () => {
    const expected = citeproc(
      articles.map((a, i) => cslItem(a, cases[i] as Case, false, `a${i}`)),
      'zh-CN',
    );
    articles.forEach((a, i) => expect(normalise(gbt7714Chinese(a)), `case ${i + 1}`).toBe(normalise(expected[i] as string)));
  });

  it('agrees in English, Chinese authors in pinyin with the surname in capitals first', () => {
    const expected = citeproc(
      articles.map((a, i) => cslItem(a, cases[i] as Case, true, `a${i}`)),
      'en-US',
    );
    articles.forEach((a, i) => expect(normalise(gbt7714English(a)), `case ${i + 1}`).toBe(normalise(expected[i] as string)));
    expect(gbt7714English(articles[2] as CitableArticle)).toMatch(/^OUYANG Mingyuan, SIMA Changfeng, ZHUGE Siyuan\. /);
    expect(gbt7714English(articles[4] as CitableArticle)).toMatch(/^WANG Yiming, ZHAO Jiayi, XI Xi'an, et al\. /);
  });
});
