// Article queries and their JSON shapes, shared by the paper, home, author and file routes.
import type { DB } from './db.js';
import { z } from 'zod';
import { bizError, page, parse, type Page, type Params, type Paging } from './http.js';
import { articleCaches, type Facet, type SearchSummary } from './searchCache.js';
import { escapeHtml, likeContains } from './text.js';
import type { SearchCondition, SearchField, SearchOperator } from '../contract/search.js';

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
  online_first_date: string | null;
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
  /** The English (pinyin) name, as journals keep it ("Wu Kaichen"); null when unknown. */
  name_en: string | null;
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
  nameEn: a.name_en,
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
    onlineFirst: row.online_first_date !== null,
    onlineFirstDate: row.online_first_date,
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
  const authors = loadAuthors(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCard(r, authors.get(r.id) ?? []));
}

export function cardsByIds(db: DB, ids: number[]): ArticleCard[] {
  if (ids.length === 0) return [];
  const rows = db.prepare(`${ARTICLE_SELECT} WHERE a.id IN (${ids.map(() => '?').join(',')})`).all(...ids) as ArticleRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toCards(
    db,
    ids.map((id) => byId.get(id)).filter((r): r is ArticleRow => r !== undefined),
  );
}

export function articleRow(db: DB, id: number): ArticleRow | undefined {
  return db.prepare(`${ARTICLE_SELECT} WHERE a.id = ?`).get(id) as ArticleRow | undefined;
}

/** The article a request names (`paperId`, `articleId` or `id`); 404 when it is not (or no longer) online. */
export function requestedArticleId(db: DB, params: Params): number {
  const raw = params.paperId ?? params.articleId ?? params.id;
  const { id } = parse(z.object({ id: z.coerce.number({ error: '缺少参数：paperId' }).int().positive({ error: '缺少参数：paperId' }) }), { id: raw });
  if (!db.prepare('SELECT 1 FROM articles WHERE id = ?').get(id)) throw bizError('文献不存在或已下线', 404);
  return id;
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
  /** Only the articles published online first (网络首发). */
  onlineFirst?: boolean | undefined;
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
  if (f.onlineFirst) where.push('a.online_first_date IS NOT NULL');
  if (f.expertId !== undefined) {
    where.push('a.id IN (SELECT article_id FROM article_authors WHERE expert_id = ?)');
    args.push(f.expertId);
  }
  return { where, args };
}

/**
 * Number of articles matching the filter. Journal, year, issue, column and 精选 filters read
 * the trigger-maintained article_counts table (a few hundred rows) instead of counting articles.
 */
export function countArticles(db: DB, f: ArticleFilter): number {
  if (f.expertId !== undefined || f.onlineFirst) {
    const { where, args } = filterSql(f);
    return (db.prepare(`SELECT count(*) AS n FROM articles a WHERE ${where.join(' AND ')}`).get(...args) as { n: number }).n;
  }
  const where: string[] = [];
  const args: number[] = [];
  for (const [col, value] of [
    ['journal_id', f.journalId],
    ['year', f.year],
    ['issue_id', f.issueId],
    ['column_id', f.columnId],
  ] as const) {
    if (value === undefined) continue;
    where.push(`${col} = ?`);
    args.push(value);
  }
  if (f.selected) where.push('selected = 1');
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  return (db.prepare(`SELECT coalesce(sum(n), 0) AS n FROM article_counts ${whereSql}`).get(...args) as { n: number }).n;
}

export function listArticles(db: DB, f: ArticleFilter, sort: SortKey, p: Paging & { offset: number }): Page<ArticleCard> {
  const { where, args } = filterSql(f);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = countArticles(db, f);
  // Issue tables of contents read in page order; everything else by the chosen sort.
  // The online-first list reads newest online first.
  const order =
    f.issueId !== undefined && sort === 'publishDate'
      ? 'a.first_page ASC'
      : f.onlineFirst && sort === 'publishDate'
        ? 'a.online_first_date DESC, a.id DESC'
        : SORTS[sort];
  // Ids first (served by the composite indexes of migration 003), then the cards of one page.
  const ids = (
    db.prepare(`SELECT a.id FROM articles a ${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as {
      id: number;
    }[]
  ).map((r) => r.id);
  return page(cardsByIds(db, ids), total, p);
}

// --- full-text search ---

export { SEARCH_FIELDS, SEARCH_OPERATORS } from '../contract/search.js';

/** FTS columns, and the articles columns used by the LIKE search, of each field. 主题 is title, keywords and abstract. */
const FIELD_COLUMNS: Record<Exclude<SearchField, 'all'>, { fts: string; like: string[] }> = {
  topic: { fts: '{title keyword abstract}', like: ['a.title', 'a.keywords_text', 'a.abstract'] },
  title: { fts: 'title', like: ['a.title'] },
  author: { fts: 'author', like: ['a.authors_text'] },
  institution: { fts: 'institution', like: ['a.institutions_text'] },
  keyword: { fts: 'keyword', like: ['a.keywords_text'] },
  fund: { fts: 'fund', like: ["coalesce(a.fund, '')"] },
  abstract: { fts: 'abstract', like: ['a.abstract'] },
};
const ALL_LIKE_COLUMNS = [...new Set(Object.values(FIELD_COLUMNS).flatMap((c) => c.like))];

export interface SearchInput extends ArticleFilter {
  query: string;
  field: SearchField;
  sort: SortKey | 'relevance';
  /** Further rows after the first (`query` in `field`). */
  conditions?: SearchCondition[] | undefined;
  yearFrom?: number | undefined;
  yearTo?: number | undefined;
}

/** FTS match set joined to the narrow covering index (filters, facets, date order). */
const FTS_FROM = 'articles_fts CROSS JOIN articles a INDEXED BY articles_search ON a.id = articles_fts.rowid';
/** FTS match set joined to the table rows (orders by views or downloads). */
const FTS_FROM_ROWS = 'articles_fts CROSS JOIN articles a ON a.id = articles_fts.rowid';

const termsOf = (query: string) => query.split(/\s+/).filter(Boolean).slice(0, 5);

/** A row as LIKE conditions: every term somewhere in the field's columns. Values are bound, never written into the SQL. */
function likeCondition(field: SearchField, terms: string[]): { sql: string; args: string[] } {
  const cols = field === 'all' ? ALL_LIKE_COLUMNS : FIELD_COLUMNS[field].like;
  const args: string[] = [];
  const parts = terms.map((t) => {
    for (let i = 0; i < cols.length; i++) args.push(likeContains(t));
    return `(${cols.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(' OR ')})`;
  });
  return { sql: `(${parts.join(' AND ')})`, args };
}

/**
 * Builds the WHERE of a search. The trigram tokenizer needs at least 3 characters per
 * term, so any shorter term switches the whole query to LIKE (a scan, fine at this size).
 * An advanced search (several rows joined by 与/或/非, read left to right as the CNKI form
 * does) is always LIKE: one predicate per row, nested in the order of the rows.
 * With FTS the match set always drives the query (CROSS JOIN): letting SQLite start from a
 * filter index instead evaluates the MATCH once per filtered article.
 */
function searchPlan(input: SearchInput) {
  const rows = [{ op: 'and' as SearchOperator, field: input.field, terms: termsOf(input.query) }].concat(
    (input.conditions ?? []).map((c) => ({ op: c.op, field: c.field, terms: termsOf(c.query) })).filter((c) => c.terms.length > 0),
  );
  // Highlighted: what the reader asked to find, not what they excluded.
  const terms = rows.filter((r) => r.op !== 'not').flatMap((r) => r.terms);
  const useFts = rows.length === 1 && terms.every((t) => [...t].length >= 3);
  const { where, args } = filterSql(input);
  if (input.yearFrom !== undefined) {
    where.push('a.year >= ?');
    args.push(input.yearFrom);
  }
  if (input.yearTo !== undefined) {
    where.push('a.year <= ?');
    args.push(input.yearTo);
  }
  const filtered = where.length > 0;
  let match: string | null = null;
  if (useFts) {
    const col = input.field === 'all' ? '' : `${FIELD_COLUMNS[input.field].fts} : `;
    match = terms.map((t) => `${col}"${t.replace(/"/g, '""')}"`).join(' AND ');
    where.unshift('articles_fts MATCH ?');
    args.unshift(match);
  } else {
    let sql = '';
    const rowArgs: string[] = [];
    for (const row of rows) {
      const condition = likeCondition(row.field, row.terms);
      sql = sql === '' ? condition.sql : `(${sql} ${row.op === 'or' ? 'OR' : 'AND'} ${row.op === 'not' ? 'NOT ' : ''}${condition.sql})`;
      rowArgs.push(...condition.args);
    }
    where.push(sql);
    args.push(...rowArgs);
  }
  const key = JSON.stringify([
    match ?? rows,
    input.field,
    input.journalId,
    input.year,
    input.yearFrom,
    input.yearTo,
    input.issueId,
    input.columnId,
    input.selected,
    input.expertId,
    input.onlineFirst,
  ]);
  return { terms, useFts, match, filtered, where, args, whereSql: `WHERE ${where.join(' AND ')}`, key };
}
type SearchPlan = ReturnType<typeof searchPlan>;

/** Total and facets of a search, from one GROUP BY over the match set (cached per search). */
function searchSummary(db: DB, plan: SearchPlan): SearchSummary {
  const caches = articleCaches(db);
  const cached = caches.summaries.get(plan.key);
  if (cached) return cached;
  const cube = db
    .prepare(
      `SELECT a.journal_id, a.year, a.column_id, count(*) AS n FROM ${plan.useFts ? FTS_FROM : 'articles a'}
      ${plan.whereSql} GROUP BY a.journal_id, a.year, a.column_id`,
    )
    .all(...plan.args) as SearchCube;
  const total = cube.reduce((s, r) => s + r.n, 0);
  const sum = <K extends number>(keyOf: (r: SearchCube[number]) => K) => {
    const m = new Map<K, number>();
    for (const r of cube) m.set(keyOf(r), (m.get(keyOf(r)) ?? 0) + r.n);
    return [...m];
  };
  const names = (table: 'journals' | 'columns') =>
    new Map((db.prepare(`SELECT id, name FROM ${table}`).all() as { id: number; name: string }[]).map((r) => [r.id, r.name]));
  const journalNames = names('journals');
  const columnJournals = new Map(
    (db.prepare('SELECT id, journal_id FROM columns').all() as { id: number; journal_id: number }[]).map((r) => [r.id, r.journal_id]),
  );
  const columnNames = names('columns');
  const byCount = (a: Facet, b: Facet) => b.count - a.count || a.id - b.id;
  const summary: SearchSummary = {
    total,
    facets: {
      journals: sum((r) => r.journal_id)
        .map(([id, count]) => ({ id, name: journalNames.get(id) ?? null, count }))
        .sort(byCount),
      years: sum((r) => r.year)
        .map(([year, count]) => ({ year, count }))
        .sort((a, b) => b.year - a.year),
      // A column belongs to one journal; several journals may have a column of the same name.
      columns: sum((r) => r.column_id)
        .map(([id, count]) => ({ id, name: columnNames.get(id) ?? null, journalName: journalNames.get(columnJournals.get(id) ?? -1) ?? null, count }))
        .sort(byCount),
    },
  };
  caches.summaries.set(plan.key, summary);
  return summary;
}
type SearchCube = { journal_id: number; year: number; column_id: number; n: number }[];

/** Ids of one page of a search. Relevance and date orders are cached (views and downloads change). */
function searchPageIds(db: DB, plan: SearchPlan, sort: SearchInput['sort'], p: Paging & { offset: number }): number[] {
  const cacheable = sort === 'relevance' || sort === 'publishDate';
  const key = `${plan.key}|${sort}|${p.offset}|${p.size}`;
  const caches = articleCaches(db);
  const cached = cacheable ? caches.pages.get(key) : undefined;
  if (cached) return cached;
  let sql: string;
  let args = plan.args;
  if (!plan.useFts) {
    sql = `SELECT a.id FROM articles a ${plan.whereSql} ORDER BY ${sort === 'relevance' ? SORTS.publishDate : SORTS[sort]}`;
  } else if (sort === 'relevance' && !plan.filtered) {
    // bm25 over the FTS table alone: no join per match.
    sql = 'SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rank, rowid DESC';
    args = [plan.match as string];
  } else if (sort === 'relevance') {
    sql = `SELECT a.id FROM ${FTS_FROM} ${plan.whereSql} ORDER BY articles_fts.rank, a.id DESC`;
  } else {
    sql = `SELECT a.id FROM ${sort === 'publishDate' ? FTS_FROM : FTS_FROM_ROWS} ${plan.whereSql} ORDER BY ${SORTS[sort]}`;
  }
  const ids = (db.prepare(`${sql} LIMIT ? OFFSET ?`).all(...args, p.size, p.offset) as { id: number }[]).map((r) => r.id);
  if (cacheable) caches.pages.set(key, ids);
  return ids;
}

export function searchArticles(db: DB, input: SearchInput, p: Paging & { offset: number }) {
  const plan = searchPlan(input);
  const { total } = searchSummary(db, plan);
  const ids = total === 0 ? [] : searchPageIds(db, plan, input.sort, p);
  const records = cardsByIds(db, ids).map((card) => ({ ...card, highlight: highlightCard(card, plan.terms) }));
  return { page: page(records, total, p), mode: plan.useFts ? ('fts' as const) : ('like' as const) };
}

/** Counts of the search result per journal, year and column (dataJurisprudenceSearch). */
export function searchFacets(db: DB, input: SearchInput) {
  return searchSummary(db, searchPlan(input)).facets;
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
