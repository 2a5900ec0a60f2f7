import { withoutControlCharacters } from '~/components/reading/route';
import { intParam } from '~/lib/format';
import { SEARCH_FIELD_LABELS, SEARCH_FIELDS, type SearchField } from '~/lib/search-fields';
import { MAX_SEARCH_QUERY_LENGTH, SEARCH_OPERATORS, type SearchCondition, type SearchOperator } from '../../contract/search';

/**
 * The literature search as the URL keeps it, so a reload or a shared link gives the same
 * search: the first row is `field` and `q`, further rows `op2`/`field2`/`q2` … (joined to
 * everything before them, read left to right, as CNKI's advanced search does), then a
 * range of years and a journal and column.
 */
export { SEARCH_OPERATORS } from '../../contract/search';
export const SEARCH_OPERATOR_LABELS: Record<SearchOperator, string> = { and: '与', or: '或', not: '非' };

/** Rows after the first that the form offers. */
export const EXTRA_ROWS = [2, 3, 4] as const;
/** Each extra row's field before the reader picks one. */
export const EXTRA_ROW_FIELDS: Record<(typeof EXTRA_ROWS)[number], SearchField> = { 2: 'author', 3: 'keyword', 4: 'institution' };
export const MAX_QUERY_LENGTH = MAX_SEARCH_QUERY_LENGTH;
const YEAR_MIN = 1900;
const YEAR_MAX = 2100;

export type SearchRow = SearchCondition;

/** Every query parameter the search page reads (its cache policy's allow list). */
export const SEARCH_PARAMS = [
  'q',
  'field',
  ...EXTRA_ROWS.flatMap((n) => [`op${n}`, `field${n}`, `q${n}`]),
  'yearFrom',
  'yearTo',
  'journalId',
  'columnId',
  'sort',
  'page',
] as const;

const cleanText = (value: string | null) => withoutControlCharacters(value ?? '').trim();
const fieldOf = (value: string | null, fallback: SearchField): SearchField =>
  (SEARCH_FIELDS as readonly string[]).includes(value ?? '') ? (value as SearchField) : fallback;
const opOf = (value: string | null): SearchOperator => ((SEARCH_OPERATORS as readonly string[]).includes(value ?? '') ? (value as SearchOperator) : 'and');
const yearOf = (value: string | null) => {
  const year = intParam(value, YEAR_MAX);
  return year !== undefined && year >= YEAR_MIN ? year : undefined;
};

export interface AdvancedSearch {
  /** The rows as the form shows them: the first, then every extra row (blank ones too). */
  rows: SearchRow[];
  yearFrom: number | undefined;
  yearTo: number | undefined;
  journalId: number | undefined;
  columnId: number | undefined;
}

export function readAdvancedSearch(params: URLSearchParams): AdvancedSearch {
  return {
    rows: [
      { op: 'and', field: fieldOf(params.get('field'), 'all'), query: cleanText(params.get('q')) },
      ...EXTRA_ROWS.map((n) => ({
        op: opOf(params.get(`op${n}`)),
        field: fieldOf(params.get(`field${n}`), EXTRA_ROW_FIELDS[n]),
        query: cleanText(params.get(`q${n}`)),
      })),
    ],
    yearFrom: yearOf(params.get('yearFrom')),
    yearTo: yearOf(params.get('yearTo')),
    journalId: intParam(params.get('journalId')),
    columnId: intParam(params.get('columnId')),
  };
}

/** The rows that ask for something; the first of them leads (its operator means nothing). */
export function filledRows(search: AdvancedSearch): SearchRow[] {
  return search.rows.filter((row) => row.query !== '');
}

/** How many conditions the advanced form holds beyond the one-line search: its filled rows and a year range. */
export function advancedCount(search: AdvancedSearch): number {
  return search.rows.slice(1).filter((row) => row.query !== '').length + (search.yearFrom !== undefined || search.yearTo !== undefined ? 1 : 0);
}

/**
 * The same search without the blank parts a plain form sends (`q3=`, an operator of an empty
 * row, an empty year or journal): the one URL to keep and share. Null when `params` is it already.
 */
export function canonicalSearch(params: URLSearchParams): URLSearchParams | null {
  const canonical = new URLSearchParams();
  let changed = false;
  for (const [name, value] of params) {
    const row = /^(?:op|field|q)(\d)$/.exec(name);
    const blankRow = row !== null && cleanText(params.get(`q${row[1]}`)) === '';
    const blankValue = value.trim() === '';
    if (blankRow || blankValue) changed = true;
    else canonical.append(name, value);
  }
  return changed ? canonical : null;
}

/** The search in words, as its heading says it: 篇名“数据” 或 关键词“个人信息” 非 作者“张三”. */
export function describeSearch(rows: SearchRow[]): string {
  return rows
    .map((row, index) => {
      const term = `${row.field === 'all' ? '' : SEARCH_FIELD_LABELS[row.field]}“${row.query}”`;
      return index === 0 ? term : `${SEARCH_OPERATOR_LABELS[row.op]} ${term}`;
    })
    .join(' ');
}
