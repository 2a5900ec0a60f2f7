import { describe, expect, it } from 'vitest';
import { gbt7714Chinese, gbt7714English, toBibtex, toEndNote, toNoteExpress, toRis, type CitableArticle } from './citation';

const base: CitableArticle = {
  title: '数据权属配置的法理基础',
  titleEn: 'The Jurisprudential Basis of Data Property Allocation',
  authors: ['张明'],
  authorsEn: ['ZHANG Ming'],
  journal: '数据法学',
  journalEn: 'Data Law Review',
  year: 2025,
  volume: 3,
  issue: 2,
  firstPage: 1,
  lastPage: 15,
  doi: '10.12345/sjfx.2025.02.001',
  issn: '2096-0000',
  keywords: ['数据权属', '数据要素'],
  abstract: '本文讨论数据权属。',
};

const withAuthors = (zh: string[], en: string[]): CitableArticle => ({ ...base, authors: zh, authorsEn: en });

describe('GB/T 7714-2015', () => {
  it('cites a single author', () => {
    expect(gbt7714Chinese(base)).toBe('张明. 数据权属配置的法理基础[J]. 数据法学, 2025, 3(2): 1-15. DOI:10.12345/sjfx.2025.02.001.');
    expect(gbt7714English(base)).toBe(
      'ZHANG Ming. The Jurisprudential Basis of Data Property Allocation[J]. Data Law Review, 2025, 3(2): 1-15. DOI:10.12345/sjfx.2025.02.001.',
    );
  });

  it('lists two and three authors in full', () => {
    expect(gbt7714Chinese(withAuthors(['张明', '李华'], ['ZHANG Ming', 'LI Hua']))).toMatch(/^张明, 李华\. /);
    expect(gbt7714Chinese(withAuthors(['张明', '李华', '王芳'], []))).toMatch(/^张明, 李华, 王芳\. /);
    expect(gbt7714English(withAuthors(['张明', '李华', '王芳'], ['ZHANG Ming', 'LI Hua', 'WANG Fang']))).toMatch(/^ZHANG Ming, LI Hua, WANG Fang\. /);
  });

  it('lists three authors then 等 / et al when there are more', () => {
    const many = withAuthors(['张明', '李华', '王芳', '赵强', '钱进'], ['ZHANG Ming', 'LI Hua', 'WANG Fang', 'ZHAO Qiang', 'QIAN Jin']);
    expect(gbt7714Chinese(many)).toMatch(/^张明, 李华, 王芳, 等\. 数据权属配置的法理基础\[J\]\./);
    expect(gbt7714English(many)).toMatch(/^ZHANG Ming, LI Hua, WANG Fang, et al\. The Jurisprudential/);
  });

  it('copes with no authors, a single page, no issue and no DOI', () => {
    const sparse: CitableArticle = { ...base, authors: [], authorsEn: [], issue: null, lastPage: 1, firstPage: 1, doi: null };
    expect(gbt7714Chinese(sparse)).toBe('数据权属配置的法理基础[J]. 数据法学, 2025, 3: 1.');
  });

  it('falls back to the Chinese fields where English ones are missing', () => {
    expect(gbt7714English({ ...base, titleEn: null, authorsEn: null, journalEn: null })).toMatch(/^张明\. 数据权属配置的法理基础\[J\]\. 数据法学, /);
  });
});

describe('exports', () => {
  const article = withAuthors(['张明', '李华'], []);
  it('writes RIS with one AU line per author and an end record', () => {
    const ris = toRis(article);
    expect(ris.startsWith('TY  - JOUR\r\n')).toBe(true);
    expect(ris.match(/^AU {2}- /gm)).toHaveLength(2);
    expect(ris).toContain('SP  - 1\r\nEP  - 15');
    expect(ris.trimEnd().endsWith('ER  -')).toBe(true);
  });
  it('writes BibTeX with authors joined by and, a page range and escaped specials', () => {
    const bib = toBibtex({ ...article, title: '数据 & 算法_治理' }, 'zhang2025');
    expect(bib).toMatch(/^@article\{zhang2025,/);
    expect(bib).toContain('author = {张明 and 李华}');
    expect(bib).toContain('pages = {1--15}');
    expect(bib).toContain('title = {数据 \\& 算法\\_治理}');
  });
  it('writes EndNote and NoteExpress records', () => {
    expect(toEndNote(article)).toContain('%0 Journal Article\r\n%T 数据权属配置的法理基础\r\n%A 张明\r\n%A 李华');
    expect(toNoteExpress(article)).toContain('{Reference Type}: Journal Article');
    expect(toNoteExpress(article)).toContain('{Author}: 李华');
  });
});
