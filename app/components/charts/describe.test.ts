import { describe, expect, it } from 'vitest';
import { labelEvery } from './ColumnChart';
import { describeRanking, describeTrend } from './describe';

describe('describeTrend', () => {
  it('speaks the span, the total of every series and the peak of the first', () => {
    expect(
      describeTrend(
        ['2022', '2023', '2024'],
        [
          { name: '发文总数', values: [1, 2, 4] },
          { name: '基金资助论文', values: [1, 0, 4] },
        ],
        '篇',
      ),
    ).toBe('2022至2024：发文总数合计 7 篇；基金资助论文合计 5 篇；最多为 2024（4 篇）。');
  });
  it('leaves the peak out when everything is 0, and says 暂无数据 when there is nothing', () => {
    expect(describeTrend(['2024'], [{ name: '发文量', values: [0] }], '篇')).toBe('2024至2024：发文量合计 0 篇。');
    expect(describeTrend([], [], '篇')).toBe('暂无数据');
  });
});

describe('describeRanking', () => {
  it('lists every item with its value, in the given order', () => {
    expect(
      describeRanking(
        [
          { label: '人格权', value: 3 },
          { label: '公共数据', value: 2 },
        ],
        '篇',
      ),
    ).toBe('从多到少：人格权 3 篇，公共数据 2 篇。');
    expect(describeRanking([], '篇')).toBe('暂无数据');
  });
});

describe('labelEvery', () => {
  it('prints every category label until they crowd the axis', () => {
    expect(labelEvery(3)).toBe(1);
    expect(labelEvery(10)).toBe(1);
    expect(labelEvery(11)).toBe(2);
    expect(labelEvery(25)).toBe(3);
    expect(labelEvery(0)).toBe(1);
  });
});
