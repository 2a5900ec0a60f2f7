// Article queries and their JSON shapes, shared by the paper, home, author and file routes.
import type { DB } from './db.js';
import { page, type Page, type Paging } from './http.js';
import { escapeHtml, likeContains } from './text.js';

export interface ArticleRow {
  id: number;
  journal_id: number;
  issue_id: number;
  column_id: number;
  title: string;
  title_en: string;
  abstract: string;
  abstract_en: string;
  keywords: string;
  keywords_en: string;
  authors_text: string;
  institutions_text: string;
  keywords_text: string;
  fund: string | null;
  clc: string;
  doi: string;
  weipu_id: string;
  first_page: number;
  last_page: number;
  received_date: string;
  revised_date: string;
  accepted_date: string;
  published_date: string;
  year: number;
  views: number;
  downloads: number;
  selected: number;
  pdf_hash: string;
  journal_name: string;
  journal_name_en: string;
  gch: string;
  issn: string;
  cn: string;
  volume: number;
  issue_no: number;
  total_no: number;
  column_name: string;
}

interface AuthorRow {
  article_id: number;
  seq: number;
  name: string;
  institution: string;
  expert_id: number | null;
  corresponding: number;
}

export const ARTICLE_SELECT = `
  SELECT a.*, j.name AS journal_name, j.name_en AS journal_name_en, j.gch, j.issn, j.cn,
         i.volume, i.issue_no, i.total_no, c.name AS column_name
  FROM articles a
  JOIN journals j ON j.id = a.journal_id
  JOIN issues i ON i.id = a.issue_id
  JOIN columns c ON c.id = a.column_id`;

export const SORTS = {
  publishDate: 'a.published_date DESC, a.id DESC',
  views: 'a.views DESC, a.id DESC',
  downloads: 'a.downloads DESC, a.id DESC',
} as const;
export type SortKey = keyof typeof SORTS;

export function pdfFileName(row: Pick<ArticleRow, 'title'>): string {
  return `${row.title.slice(0, 60)}.pdf`;
}

export function downloadUrl(hash: string, fileName: string): string {
  return `/api/file/file/download?hash=${hash}&fileName=${encodeURIComponent(fileName)}`;
}

/** The file object of an article; `hash` and `fileName` are the download query parameters. */
export function pdfFile(row: ArticleRow) {
  const fileName = pdfFileName(row);
  return {
    hash: row.pdf_hash,
    fileName,
    fileType: 'pdf',
    contentType: 'application/pdf',
    downloadUrl: downloadUrl(row.pdf_hash, fileName),
  };
}

function loadAuthors(db: DB, ids: number[]): Map<number, AuthorRow[]> {
  const map = new Map<number, AuthorRow[]>();
  if (ids.length === 0) return map;
  const rows = db
    .prepare(`SELECT * FROM article_authors WHERE article_id IN (${ids.map(() => '?').join(',')}) ORDER BY article_id, seq`)
    .all(...ids) as AuthorRow[];
  for (const r of rows) {
    const list = map.get(r.article_id) ?? [];
    list.push(r);
    map.set(r.article_id, list);
  }
  return map;
}

const authorJson = (a: AuthorRow) => ({
  name: a.name,
  institution: a.institution,
  order: a.seq,
  expertId: a.expert_id,
  corresponding: a.corresponding === 1,
});

export type ArticleCard = ReturnType<typeof toCard>;

function toCard(row: ArticleRow, authors: AuthorRow[]) {
  return {
    id: row.id,
    title: row.title,
    titleEn: row.title_en,
    authors: authors.map(authorJson),
    institutions: row.institutions_text ? row.institutions_text.split('；') : [],
    keywords: JSON.parse(row.keywords) as string[],
    abstract: row.abstract,
    fund: row.fund,
    journalId: row.journal_id,
    journalName: row.journal_name,
    gch: row.gch,
    issueId: row.issue_id,
    year: row.year,
    volume: row.volume,
    issueNo: row.issue_no,
    columnId: row.column_id,
    columnName: row.column_name,
    publishDate: row.published_date,
    firstPage: row.first_page,
    lastPage: row.last_page,
    doi: row.doi,
    views: row.views,
    downloads: row.downloads,
    selected: row.selected === 1,
    pdfFile: pdfFile(row),
  };
}

/** Cards for the given rows, in the same order, with their authors. */
export function toCards(db: DB, rows: ArticleRow[]): ArticleCard[] {
  const authors = loadAuthors(db, rows.map((r) => r.id));
  return rows.map((r) => toCard(r, authors.get(r.id) ?? []));
}

export function cardsByIds(db: DB, ids: number[]): ArticleCard[] {
  if (ids.length === 0) return [];
  const rows = db.prepare(`${ARTICLE_SELECT} WHERE a.id IN (${ids.map(() => '?').join(',')})`).all(...ids) as ArticleRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toCards(db, ids.map((id) => byId.get(id)).filter((r): r is ArticleRow => r !== undefined));
}

export function articleRow(db: DB, id: number): ArticleRow | undefined {
  return db.prepare(`${ARTICLE_SELECT} WHERE a.id = ?`).get(id) as ArticleRow | undefined;
}

export function toDetail(db: DB, row: ArticleRow) {
  const authors = loadAuthors(db, [row.id]).get(row.id) ?? [];
  return {
    ...toCard(row, authors),
    abstractEn: row.abstract_en,
    keywordsEn: JSON.parse(row.keywords_en) as string[],
    clc: row.clc,
    weiPuId: row.weipu_id,
    receivedDate: row.received_date,
    revisedDate: row.revised_date,
    acceptedDate: row.accepted_date,
    journal: { id: row.journal_id, name: row.journal_name, nameEn: row.journal_name_en, gch: row.gch, issn: row.issn, cn: row.cn },
    issue: { id: row.issue_id, year: row.year, volume: row.volume, issueNo: row.issue_no, totalNo: row.total_no, publishDate: row.published_date },
    column: { id: row.column_id, name: row.column_name },
  };
}

// --- listing ---

export interface ArticleFilter {
  journalId?: number | undefined;
  year?: number | undefined;
  issueId?: number | undefined;
  columnId?: number | undefined;
  selected?: boolean | undefined;
  expertId?: number | undefined;
}

export function filterSql(f: ArticleFilter): { where: string[]; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.journalId !== undefined) {
    where.push('a.journal_id = ?');
    args.push(f.journalId);
  }
  if (f.year !== undefined) {
    where.push('a.year = ?');
    args.push(f.year);
  }
  if (f.issueId !== undefined) {
    where.push('a.issue_id = ?');
    args.push(f.issueId);
  }
  if (f.columnId !== undefined) {
    where.push('a.column_id = ?');
    args.push(f.columnId);
  }
  if (f.selected) where.push('a.selected = 1');
  if (f.expertId !== undefined) {
    where.push('a.id IN (SELECT article_id FROM article_authors WHERE expert_id = ?)');
    args.push(f.expertId);
  }
  return { where, args };
}

export function listArticles(db: DB, f: ArticleFilter, sort: SortKey, p: Paging & { offset: number }): Page<ArticleCard> {
  const { where, args } = filterSql(f);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (db.prepare(`SELECT count(*) AS n FROM articles a ${whereSql}`).get(...args) as { n: number }).n;
  // Issue tables of contents read in page order; everything else by the chosen sort.
  const order = f.issueId !== undefined && sort === 'publishDate' ? 'a.first_page ASC' : SORTS[sort];
  const rows = db
    .prepare(`${ARTICLE_SELECT} ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...args, p.size, p.offset) as ArticleRow[];
  return page(toCards(db, rows), total, p);
}

// --- full-text search ---

export const SEARCH_FIELDS = ['all', 'title', 'author', 'institution', 'keyword', 'fund', 'abstract'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** FTS column, and the articles column used by the LIKE fallback, of each field. */
const FIELD_COLUMNS: Record<Exclude<SearchField, 'all'>, { fts: string; like: string }> = {
  title: { fts: 'title', like: 'a.title' },
  author: { fts: 'author', like: 'a.authors_text' },
  institution: { fts: 'institution', like: 'a.institutions_text' },
  keyword: { fts: 'keyword', like: 'a.keywords_text' },
  fund: { fts: 'fund', like: "coalesce(a.fund, '')" },
  abstract: { fts: 'abstract', like: 'a.abstract' },
};

export interface SearchInput extends ArticleFilter {
  query: string;
  field: SearchField;
  sort: SortKey | 'relevance';
}

/**
 * Builds the WHERE of a search. The trigram tokenizer needs at least 3 characters per
 * term, so any shorter term switches the whole query to LIKE (a scan, fine at this size).
 */
function searchWhere(input: SearchInput) {
  const terms = input.query.split(/\s+/).filter(Boolean).slice(0, 5);
  const useFts = terms.every((t) => [...t].length >= 3);
  const { where, args } = filterSql(input);
  if (useFts) {
    const col = input.field === 'all' ? '' : `${FIELD_COLUMNS[input.field].fts} : `;
    const match = terms.map((t) => `${col}"${t.replace(/"/g, '""')}"`).join(' AND ');
    where.unshift('articles_fts MATCH ?');
    args.unshift(match);
  } else {
    const cols = input.field === 'all' ? Object.values(FIELD_COLUMNS).map((c) => c.like) : [FIELD_COLUMNS[input.field].like];
    for (const t of terms) {
      where.push(`(${cols.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
      for (let i = 0; i < cols.length; i++) args.push(likeContains(t));
    }
  }
  return { terms, useFts, where, args };
}

export function searchArticles(db: DB, input: SearchInput, p: Paging & { offset: number }) {
  const { terms, useFts, where, args } = searchWhere(input);
  const from = useFts ? 'articles_fts JOIN articles a ON a.id = articles_fts.rowid' : 'articles a';
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const total = (db.prepare(`SELECT count(*) AS n FROM ${from} ${whereSql}`).get(...args) as { n: number }).n;
  const order =
    input.sort === 'relevance' ? (useFts ? 'articles_fts.rank, a.id DESC' : SORTS.publishDate) : SORTS[input.sort];
  const ids = (
    db.prepare(`SELECT a.id FROM ${from} ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as {
      id: number;
    }[]
  ).map((r) => r.id);
  const records = cardsByIds(db, ids).map((card) => ({ ...card, highlight: highlightCard(card, terms) }));
  return { page: page(records, total, p), mode: useFts ? ('fts' as const) : ('like' as const) };
}

/** Counts of the search result per journal, year and column (dataJurisprudenceSearch). */
export function searchFacets(db: DB, input: SearchInput) {
  const { useFts, where, args } = searchWhere(input);
  const from = useFts ? 'articles_fts JOIN articles a ON a.id = articles_fts.rowid' : 'articles a';
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const facet = (select: string, group: string, order: string) =>
    db.prepare(`SELECT ${select}, count(*) AS count FROM ${from} ${whereSql} GROUP BY ${group} ORDER BY ${order}`).all(...args);
  return {
    journals: facet('a.journal_id AS id, (SELECT name FROM journals WHERE id = a.journal_id) AS name', 'a.journal_id', 'count DESC'),
    years: facet('a.year AS year', 'a.year', 'a.year DESC'),
    columns: facet('a.column_id AS id, (SELECT name FROM columns WHERE id = a.column_id) AS name', 'a.column_id', 'count DESC'),
  };
}

// --- highlighting ---

/** Character ranges [start, end) of every (case-insensitive) occurrence of the terms. */
export function findRanges(text: string, terms: string[]): [number, number][] {
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (const term of terms) {
    const t = term.toLowerCase();
    for (let i = lower.indexOf(t); i !== -1 && t; i = lower.indexOf(t, i + t.length)) ranges.push([i, i + t.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/** HTML-escaped text with `<em>` around the matches; null when nothing matched. */
export function markup(text: string, terms: string[], window?: number): string | null {
  const ranges = findRanges(text, terms);
  if (ranges.length === 0) return null;
  let start = 0;
  let end = text.length;
  if (window !== undefined && text.length > window) {
    const first = ranges[0] as [number, number];
    start = Math.max(0, first[0] - Math.floor(window / 3));
    end = Math.min(text.length, start + window);
  }
  let out = start > 0 ? '…' : '';
  let pos = start;
  for (const [s, e] of ranges) {
    if (e <= start || s >= end) continue;
    const s2 = Math.max(s, start);
    const e2 = Math.min(e, end);
    out += escapeHtml(text.slice(pos, s2)) + '<em>' + escapeHtml(text.slice(s2, e2)) + '</em>';
    pos = e2;
  }
  out += escapeHtml(text.slice(pos, end)) + (end < text.length ? '…' : '');
  return out;
}

function highlightCard(card: ArticleCard, terms: string[]) {
  const hl: Record<string, string> = {};
  const set = (key: string, value: string | null) => {
    if (value !== null) hl[key] = value;
  };
  set('title', markup(card.title, terms));
  set('abstract', markup(card.abstract, terms, 120));
  set('authors', markup(card.authors.map((a) => a.name).join('；'), terms));
  set('institutions', markup(card.institutions.join('；'), terms));
  set('keywords', markup(card.keywords.join('；'), terms));
  if (card.fund) set('fund', markup(card.fund, terms));
  return hl;
}
