/**
 * "引用本文": the GB/T 7714-2015 reference of a journal article in Chinese and English,
 * and the export formats reference managers read (RIS, BibTeX, EndNote, NoteExpress).
 */

export interface CitableArticle {
  title: string;
  titleEn?: string | null;
  /** Authors in order, in Chinese. */
  authors: string[];
  /** Authors in order, romanised (e.g. "ZHANG San"); falls back to `authors`. */
  authorsEn?: string[] | null;
  /** Each author's family and given name, in the order of `authors` (null where unknown). */
  authorParts?: ({ family: string; given: string } | null)[];
  journal: string;
  journalEn?: string | null;
  year: number;
  /** The day of publication, `YYYY-MM-DD`, when known. */
  date?: string | null;
  volume?: string | number | null;
  issue?: string | number | null;
  firstPage?: string | number | null;
  lastPage?: string | number | null;
  doi?: string | null;
  issn?: string | null;
  keywords?: string[];
  abstract?: string | null;
  url?: string | null;
  /** The article's PDF, an absolute URL. */
  pdfUrl?: string | null;
}

/**
 * Authors for formats that keep family and given names apart: `姓, 名` (`孟, 晨峰`), which
 * Zotero, citation-js and astrocite all split; a name written as one string is dropped by
 * astrocite and left whole by Zotero.
 */
function invertedAuthors(article: CitableArticle): string[] {
  return article.authors.map((name, i) => {
    const parts = article.authorParts?.[i];
    return parts?.given ? `${parts.family}, ${parts.given}` : name;
  });
}

/** The day of publication as `YYYY-MM-DD`, or null. */
function fullDate(article: CitableArticle): string | null {
  const match = article.date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(article.date) : null;
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** GB/T 7714-2015 §8.1.2: up to three authors, then 等 / et al. */
const MAX_LISTED_AUTHORS = 3;

function authorList(authors: string[], etAl: string): string {
  const names = authors.map((a) => a.trim()).filter(Boolean);
  if (names.length === 0) return '';
  if (names.length <= MAX_LISTED_AUTHORS) return names.join(', ');
  return `${names.slice(0, MAX_LISTED_AUTHORS).join(', ')}, ${etAl}`;
}

function pages(article: CitableArticle): string {
  if (article.firstPage == null || article.firstPage === '') return '';
  return article.lastPage != null && article.lastPage !== '' && String(article.lastPage) !== String(article.firstPage)
    ? `${article.firstPage}-${article.lastPage}`
    : String(article.firstPage);
}

/** "2025, 3(2): 1-15" */
function source(article: CitableArticle): string {
  let text = String(article.year);
  if (article.volume != null && article.volume !== '') text += `, ${article.volume}`;
  if (article.issue != null && article.issue !== '') text += `(${article.issue})`;
  const range = pages(article);
  if (range) text += `: ${range}`;
  return text;
}

function withTrailingPeriod(text: string): string {
  return /[.。?？!！]$/.test(text) ? text : `${text}.`;
}

function gbt7714(authors: string, title: string, journal: string, article: CitableArticle): string {
  const parts: string[] = [];
  if (authors) parts.push(withTrailingPeriod(authors));
  parts.push(`${title}[J].`);
  parts.push(`${journal}, ${source(article)}.`);
  if (article.doi) parts.push(`DOI:${article.doi}.`);
  return parts.join(' ');
}

export function gbt7714Chinese(article: CitableArticle): string {
  return gbt7714(authorList(article.authors, '等'), article.title, article.journal, article);
}

export function gbt7714English(article: CitableArticle): string {
  const authors = article.authorsEn?.length ? article.authorsEn : article.authors;
  return gbt7714(authorList(authors, 'et al'), article.titleEn || article.title, article.journalEn || article.journal, article);
}

function lines(entries: [string, string | number | null | undefined][], separator: string): string {
  return entries
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([tag, value]) => `${tag}${separator}${String(value).replace(/\r?\n/g, ' ')}`)
    .join('\r\n');
}

export function toRis(article: CitableArticle): string {
  return `${lines(
    [
      ['TY', 'JOUR'],
      ['TI', article.title],
      ['T2', article.journal],
      ...invertedAuthors(article).map((a): [string, string] => ['AU', a]),
      ['PY', article.year],
      ['DA', fullDate(article)?.replace(/-/g, '/')],
      ['VL', article.volume],
      ['IS', article.issue],
      ['SP', article.firstPage],
      // A single page has no end page: readers would make "7-7" of it.
      ['EP', String(article.lastPage) === String(article.firstPage) ? null : article.lastPage],
      ['DO', article.doi],
      ['SN', article.issn],
      ...(article.keywords ?? []).map((k): [string, string] => ['KW', k]),
      ['AB', article.abstract],
      ['UR', article.url],
      ['L1', article.pdfUrl],
      ['LA', 'zh'],
    ],
    '  - ',
  )}\r\nER  - \r\n`;
}

function bibtexEscape(value: string): string {
  return value.replace(/[\\{}]/g, (c) => `\\${c}`).replace(/([&%$#_])/g, '\\$1');
}

export function toBibtex(article: CitableArticle, key = 'article'): string {
  const fields: [string, string | number | null | undefined][] = [
    ['title', article.title],
    ['author', invertedAuthors(article).join(' and ')],
    ['journal', article.journal],
    ['year', article.year],
    // BibTeX has year and month; biblatex's date (read by Zotero and citation-js) has the day too.
    ['month', fullDate(article) ? Number(fullDate(article)?.slice(5, 7)) : null],
    ['date', fullDate(article)],
    ['volume', article.volume],
    ['number', article.issue],
    ['pages', pages(article).replace('-', '--')],
    ['doi', article.doi],
    ['issn', article.issn],
    ['keywords', article.keywords?.join(', ')],
    ['abstract', article.abstract],
    ['url', article.url],
    // The field Zotero and CSL readers take the item's language from (biblatex's langid is for hyphenation).
    ['language', 'zh'],
  ];
  const body = fields
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([name, value]) => `  ${name} = {${bibtexEscape(String(value))}}`)
    .join(',\n');
  return `@article{${key.replace(/[^A-Za-z0-9_:-]/g, '')},\n${body}\n}\n`;
}

export function toEndNote(article: CitableArticle): string {
  return `${lines(
    [
      ['%0', 'Journal Article'],
      ['%T', article.title],
      ...invertedAuthors(article).map((a): [string, string] => ['%A', a]),
      ['%J', article.journal],
      // The full date before the year: a reader that joins the two keeps the first when it contains the second.
      ['%8', fullDate(article)],
      ['%D', article.year],
      ['%V', article.volume],
      ['%N', article.issue],
      ['%P', pages(article)],
      ['%R', article.doi],
      ['%@', article.issn],
      ...(article.keywords ?? []).map((k): [string, string] => ['%K', k]),
      ['%X', article.abstract],
      ['%U', article.url],
      ['%>', article.pdfUrl],
      ['%G', 'Chinese'],
    ],
    ' ',
  )}\r\n`;
}

export function toNoteExpress(article: CitableArticle): string {
  return `${lines(
    [
      ['{Reference Type}', 'Journal Article'],
      ['{Title}', article.title],
      ...article.authors.map((a): [string, string] => ['{Author}', a]),
      ['{Journal}', article.journal],
      ['{Year}', article.year],
      ['{Date}', fullDate(article)],
      ['{Volume}', article.volume],
      ['{Issue}', article.issue],
      ['{Pages}', pages(article)],
      ['{DOI}', article.doi],
      ['{ISBN/ISSN}', article.issn],
      ...(article.keywords ?? []).map((k): [string, string] => ['{Keywords}', k]),
      ['{Abstract}', article.abstract],
      ['{URL}', article.url],
      ['{Language}', 'Chinese'],
    ],
    ': ',
  )}\r\n`;
}

export const CITATION_FORMATS = {
  ris: { label: 'RIS', extension: 'ris', contentType: 'application/x-research-info-systems', render: toRis },
  bibtex: { label: 'BibTeX', extension: 'bib', contentType: 'application/x-bibtex', render: toBibtex },
  endnote: { label: 'EndNote', extension: 'enw', contentType: 'application/x-endnote-refer', render: toEndNote },
  noteexpress: { label: 'NoteExpress', extension: 'net', contentType: 'text/plain', render: toNoteExpress },
} as const;

export type CitationFormat = keyof typeof CITATION_FORMATS;
