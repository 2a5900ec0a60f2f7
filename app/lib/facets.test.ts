import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../sandbox/testing';
import { columnFacetItems } from './facets';

describe('the 栏目 facet of a search', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox(300);
  });
  afterAll(async () => sandbox.close());

  it.each(['数据', '个人信息', '法'])('names every column once for %s, with its journal where names repeat', async (query) => {
    const found = await sandbox.post<{ facets: { columns: { id: number; name: string; journalName: string; count: number }[] } }>(
      '/api/paperSearchApi/dataJurisprudenceSearch',
      { query, field: 'all', current: 1, size: 10 },
    );
    const columns = found.body.entity.facets.columns;
    expect(columns.length).toBeGreaterThan(3);
    const labels = columnFacetItems(columns).map((item) => item.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('leaves a name that occurs once as it is', () => {
    expect(columnFacetItems([{ id: 1, name: '数据治理', journalName: '数据法学', count: 3 }]).map((i) => i.label)).toEqual(['数据治理']);
    expect(
      columnFacetItems([
        { id: 1, name: '数据治理', journalName: '数据法学', count: 3 },
        { id: 2, name: '数据治理', journalName: '网络法评论', count: 2 },
      ]).map((i) => i.label),
    ).toEqual(['数据治理（数据法学）', '数据治理（网络法评论）']);
  });
});
