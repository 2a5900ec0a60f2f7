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
    expect(entries.map((e) => [e.kind, e.date])).toEqual([
      ['online', '2025-02-01'],
      ['print', '2025-04-25'],
      ['correction', '2025-05-24'],
    ]);
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

  it('starts with the editorial dates the record gives: 收稿, 修回, 录用, then publication', () => {
    const dates = { receivedDate: '2024-09-10', revisedDate: '2024-11-02 00:00:00', acceptedDate: '2024-12-20' };
    const entries = publicationHistory(records.slice(1, 3), [], dates);
    expect(entries.map((e) => [e.label, e.date])).toEqual([
      ['收稿', '2024-09-10'],
      ['修回', '2024-11-02'],
      ['录用', '2024-12-20'],
      ['网络首发', '2025-02-01'],
      ['正式出版', '2025-04-25'],
    ]);
    expect(publicationHistory(records, [], { receivedDate: null, revisedDate: '', acceptedDate: undefined }).map((e) => e.label)).toEqual([
      '网络首发',
      '正式出版',
      '勘误',
    ]);
  });
});
