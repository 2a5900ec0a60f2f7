import { describe, expect, it } from 'vitest';
import { latestCorrection, publicationHistory } from './publication-history';

describe('publicationHistory', () => {
  const records = [
    { id: 3, version: 3, type: '勘误', description: '更正作者单位', updateTime: '2025-05-24' },
    { id: 1, version: 1, type: '网络首发', description: '录用定稿网络首发', updateTime: '2025-02-01' },
    { id: 2, version: 2, type: '正式出版', description: '出版定稿', updateTime: '2025-04-25 00:00:00' },
  ];

  it('orders the records by date and names the latest correction', () => {
    const entries = publicationHistory(records, []);
    expect(entries.map((e) => [e.kind, e.date])).toEqual([['online', '2025-02-01'], ['print', '2025-04-25'], ['correction', '2025-05-24']]);
    expect(latestCorrection(entries)).toMatchObject({ id: 'history-3', description: '更正作者单位' });
    expect(latestCorrection(entries.slice(0, 2))).toBeNull();
  });

  it('shows the online-first versions in place of the bare 网络首发 record', () => {
    const versions = [
      { id: 21, version: 2, stage: '排版定稿', description: '已确定期次', publishTime: '2025-03-01 10:00:00' },
      { id: 20, version: 1, stage: '录用定稿', description: '页码待定', publishTime: '2025-02-01 09:30:00' },
    ];
    expect(publicationHistory(records, versions).map((e) => e.label)).toEqual(['网络首发（录用定稿）', '网络首发（排版定稿）', '正式出版', '勘误']);
  });
});
