/**
 * The literature search's request, as the portal sends it and the backend reads it: the first
 * row is `query` in `field`; an advanced search adds `conditions`, further rows each joined to
 * everything before it by `op` (与 and, 或 or, 非 and-not), read left to right; `yearFrom` and
 * `yearTo` bound the year of publication (inclusive).
 */
export const SEARCH_FIELDS = ['all', 'topic', 'title', 'keyword', 'abstract', 'author', 'institution', 'fund'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const SEARCH_OPERATORS = ['and', 'or', 'not'] as const;
export type SearchOperator = (typeof SEARCH_OPERATORS)[number];

export interface SearchCondition {
  op: SearchOperator;
  field: SearchField;
  query: string;
}

/** Further rows the backend accepts after the first. */
export const MAX_SEARCH_CONDITIONS = 6;
/** The longest term a row may hold, in characters. */
export const MAX_SEARCH_QUERY_LENGTH = 100;
