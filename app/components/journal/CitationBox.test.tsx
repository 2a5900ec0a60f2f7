import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CitationBox } from './CitationBox';

const en = 'WEI Yingwei, DONG Chun. On Rules on Cross-border Data Flows[J]. Data Law Review, 2024, 4(1): 1-16. DOI:10.19986/j.cnki.sjfx.2024.01.001.';
const render = (zh: string, english: string) => renderToStaticMarkup(<CitationBox articleId={10} zh={zh} en={english} />);

describe('CitationBox', () => {
  it('lets a DOI wrap after its slash and before its dots, keeping the prefix and the closing stop whole', () => {
    const html = render('论数据[J]. 数据法学, 2024.', en);
    expect(html).toContain('2024, 4(1): 1-16. DOI:10.19986/<wbr/>j<wbr/>.cnki<wbr/>.sjfx<wbr/>.2024<wbr/>.01<wbr/>.001.</p>');
    // Words are never split: no break opportunity outside the DOI.
    expect(html).toContain('<p class="');
    expect(html.match(/<wbr\/>/g)).toHaveLength(6);
  });

  it('leaves a citation without a DOI as it is, with every export offered', () => {
    const html = render('论数据[J]. 数据法学, 2024.', 'On Data[J]. Data Law Review, 2024.');
    expect(html).not.toContain('<wbr');
    for (const format of ['ris', 'bibtex', 'endnote', 'noteexpress']) expect(html).toContain(`/journal/detail/cite?id=10&amp;format=${format}`);
  });
});
