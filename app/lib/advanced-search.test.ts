import { describe, expect, it } from 'vitest';
import { advancedCount, canonicalSearch, describeSearch, filledRows, readAdvancedSearch, SEARCH_PARAMS } from './advanced-search';

const params = (query: string) => new URLSearchParams(query);

describe('the advanced search in the URL', () => {
  it('reads the rows, their operators and the limits, with unknown values falling back', () => {
    const search = readAdvancedSearch(
      params('field=title&q=数据&op2=or&field2=keyword&q2=个人信息&op3=xor&field3=nope&q3=平台&yearFrom=2023&yearTo=abc&journalId=2&columnId=-1'),
    );
    expect(filledRows(search)).toEqual([
      { op: 'and', field: 'title', query: '数据' },
      { op: 'or', field: 'keyword', query: '个人信息' },
      { op: 'and', field: 'keyword', query: '平台' },
    ]);
    expect(search).toMatchObject({ yearFrom: 2023, yearTo: undefined, journalId: 2, columnId: undefined });
    expect(advancedCount(search)).toBe(3);
    expect(advancedCount(readAdvancedSearch(params('q=数据&journalId=2')))).toBe(0);
  });

  it('turns control characters into spaces and drops years outside 1900–2100', () => {
    const search = readAdvancedSearch(params('q=%00数据%0A&q2=%1F&yearFrom=1899&yearTo=2101'));
    expect(filledRows(search)).toEqual([{ op: 'and', field: 'all', query: '数据' }]);
    expect(search.yearFrom).toBeUndefined();
    expect(search.yearTo).toBeUndefined();
  });

  it('keeps one URL per search: the blank rows and values a plain form sends are dropped, a clean URL is left alone', () => {
    const sent = params('field=title&q=数据&op2=or&field2=keyword&q2=个人信息&op3=and&field3=author&q3=+&yearFrom=&yearTo=&journalId=');
    expect(canonicalSearch(sent)?.toString()).toBe(params('field=title&q=数据&op2=or&field2=keyword&q2=个人信息').toString());
    expect(canonicalSearch(params('field=title&q=数据&op2=or&field2=keyword&q2=个人信息'))).toBeNull();
    expect(canonicalSearch(params('q=&field=all'))?.toString()).toBe('field=all');
  });

  it('says the search in words, left to right', () => {
    const search = readAdvancedSearch(params('field=title&q=数据&op2=or&field2=keyword&q2=个人信息&op3=not&field3=all&q3=平台'));
    expect(describeSearch(filledRows(search))).toBe('篇名“数据” 或 关键词“个人信息” 非 “平台”');
  });

  it('lists every parameter it reads for the cache policy', () => {
    const read = new Set(['q', 'field', 'op2', 'field2', 'q2', 'op4', 'q4', 'yearFrom', 'yearTo', 'journalId', 'columnId', 'sort', 'page']);
    for (const name of read) expect(SEARCH_PARAMS).toContain(name);
  });
});
