import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';
import { ColumnChart } from './ColumnChart';
import { LineChart } from './LineChart';

const trend = { categoryHeading: '年份', categories: ['2023', '2024'], unit: '篇' };

describe('server-drawn charts', () => {
  it('draw an SVG titled and described for assistive technology, and the same figures as a table', () => {
    const html = renderToStaticMarkup(<ColumnChart title="发文趋势" {...trend} series={[{ name: '发文量', values: [1, 12345] }]} />);
    expect(html).toMatch(/<figure[^>]*aria-labelledby="([^"]+)-caption"/);
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+-title [^"]+-desc"/);
    expect(html).toContain('<title id=');
    expect(html).toContain('2023至2024：发文量合计 12,346 篇；最多为 2024（12,345 篇）。');
    expect(html).toContain('<summary>查看数据表</summary>');
    expect(html).toMatch(/<th scope="row">2024<\/th><td[^>]*>12,345<\/td>/);
    // One bar per non-zero value, with its value as a tooltip.
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).toContain('<title>2024 发文量：12,345 篇</title>');
  });

  it('stack several series and give them a legend', () => {
    const html = renderToStaticMarkup(
      <ColumnChart
        title="学科分布趋势"
        {...trend}
        stacked
        series={[
          { name: '信息法', values: [1, 2] },
          { name: '诉讼法', values: [0, 3] },
        ]}
      />,
    );
    expect(html).toMatch(/<th scope="col"[^>]*>信息法<\/th><th scope="col"[^>]*>诉讼法<\/th>/);
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).toMatch(/<ul[^>]*aria-hidden="true"[^>]*>.*信息法.*诉讼法.*<\/ul>/);
  });

  it('draw one line per series', () => {
    const html = renderToStaticMarkup(
      <LineChart
        title="基金资助趋势"
        {...trend}
        series={[
          { name: '发文总数', values: [1, 4] },
          { name: '基金资助论文', values: [0, 4] },
        ]}
      />,
    );
    expect(html.match(/<path /g)).toHaveLength(2);
    expect(html.match(/<circle /g)).toHaveLength(4);
  });

  it('rank items as horizontal bars with their values printed', () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="研究主题分布"
        labelHeading="研究主题"
        valueHeading="文献数"
        unit="篇"
        items={[
          { label: '人格权', value: 3 },
          { label: '公共数据', value: 2 },
        ]}
      />,
    );
    expect(html).toContain('从多到少：人格权 3 篇，公共数据 2 篇。');
    expect(html).toMatch(/<th scope="row">公共数据<\/th><td[^>]*>2<\/td>/);
  });

  it('say 暂无数据 instead of drawing an empty chart', () => {
    const html = renderToStaticMarkup(<ColumnChart title="发文趋势" categoryHeading="年份" categories={[]} series={[]} unit="篇" />);
    expect(html).toContain('暂无数据');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<table');
  });

  it.each([
    [
      'a column chart',
      () => <ColumnChart title="发文趋势" categoryHeading="年份" categories={['2024']} series={[{ name: '发文量', values: [3] }]} unit="篇" />,
    ],
    [
      'a line chart',
      () => (
        <LineChart
          title="学科分布趋势"
          categoryHeading="年份"
          categories={['2024']}
          series={[
            { name: '法学', values: [3] },
            { name: '管理学', values: [1] },
          ]}
          unit="篇"
        />
      ),
    ],
  ])('tell one data point as a fact instead of drawing %s', (_label, render) => {
    const html = renderToStaticMarkup(render());
    expect(html).not.toContain('<svg');
    expect(html).toContain('data-testid="chart-fact"');
    expect(html).toContain('<dt>2024</dt>');
    expect(html).toContain('<strong>3</strong>');
  });
});
