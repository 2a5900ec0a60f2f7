import { JSDOM } from 'jsdom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReferenceList } from './FullText';

describe('ReferenceList', () => {
  it('marks a reference in Western script as English, its Chinese back links staying Chinese', () => {
    const html = renderToStaticMarkup(
      <ReferenceList
        references={[
          '周建娥. 区块链存证的司法认定[J]. 数字法治评论, 2024, 6(4): 1-24.',
          'WARREN S D, BRANDEIS L D. The right to privacy[J]. Harvard Law Review, 1890, 4(5): 193-220.',
        ]}
        citedFrom={[['cite-1-a'], ['cite-2-a']]}
      />,
    );
    const items = [...new JSDOM(html).window.document.querySelectorAll('li')];
    expect(items.map((li) => li.closest('[lang]')?.getAttribute('lang') ?? null)).toEqual([null, 'en']);
    expect(items[1]!.querySelector('a[href="#cite-2-a"]')!.closest('[lang]')!.getAttribute('lang')).toBe('zh-CN');
  });
});
