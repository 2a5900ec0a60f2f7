/** Fields the literature search can target (paperSearchApi/search `field`). */
export const SEARCH_FIELDS = ['all', 'title', 'author', 'institution', 'keyword', 'fund'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const SEARCH_FIELD_LABELS: Record<SearchField, string> = {
  all: '全部字段',
  title: '篇名',
  author: '作者',
  institution: '机构',
  keyword: '关键词',
  fund: '基金',
};
