import type { SearchField } from '../../contract/search';

export { SEARCH_FIELDS, type SearchField } from '../../contract/search';

/** The fields as a reader names them; 主题 is title, keywords and abstract. */
export const SEARCH_FIELD_LABELS: Record<SearchField, string> = {
  all: '全部字段',
  topic: '主题',
  title: '篇名',
  keyword: '关键词',
  abstract: '摘要',
  author: '作者',
  institution: '机构',
  fund: '基金',
};
