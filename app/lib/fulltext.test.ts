import { describe, expect, it } from 'vitest';
import { referenceParts, setFullText } from './fulltext';

const text = (segments: ReturnType<typeof setFullText>['sections'][number]['paragraphs'][number]['segments']) =>
  segments
    .map((s) =>
      s.kind === 'text'
        ? s.text
        : `<${s.marks
            .filter((m) => m.shown)
            .map((m) => m.anchor)
            .join(s.separators[0] ?? '')}>`,
    )
    .join('');

describe('setFullText', () => {
  it('links every mark to its entry, with one anchor per occurrence so the entry can link back', () => {
    const set = setFullText(
      [
        { heading: '一、引言', paragraphs: ['甲说[1]。乙说[2,3]。', '丙说[1]。'] },
        { heading: '二、正文', paragraphs: ['丁说[2-4]。'] },
      ],
      4,
    );
    expect(set.sections.map((s) => s.id)).toEqual(['sec-1', 'sec-2']);
    expect(text(set.sections[0]!.paragraphs[0]!.segments)).toBe('甲说<cite-1-a>。乙说<cite-2-a,cite-3-a>。');
    expect(text(set.sections[0]!.paragraphs[1]!.segments)).toBe('丙说<cite-1-b>。');
    expect(text(set.sections[1]!.paragraphs[0]!.segments)).toBe('丁说<cite-2-b–cite-4-a>。');
    // [3] inside the range 2-4 links back to the range's start.
    expect(set.citedFrom).toEqual([['cite-1-a', 'cite-1-b'], ['cite-2-a', 'cite-2-b'], ['cite-3-a', 'cite-2-b'], ['cite-4-a']]);
  });

  it('leaves brackets that are not marks as text: numbers beyond the list, zero, backwards ranges, years', () => {
    const set = setFullText([{ heading: '一', paragraphs: ['见[9]与[0]及[3-1]和[2020]号文[1]。'] }], 3);
    const segments = set.sections[0]!.paragraphs[0]!.segments;
    expect(segments.filter((s) => s.kind === 'cite')).toHaveLength(1);
    expect(text(segments)).toBe('见[9]与[0]及[3-1]和[2020]号文<cite-1-a>。');
  });

  it('drops empty sections and paragraphs, so no empty section is ever shown', () => {
    const set = setFullText(
      [
        { heading: '空', paragraphs: ['  '] },
        { heading: '有', paragraphs: ['', '文字'] },
      ],
      0,
    );
    expect(set.sections).toEqual([{ id: 'sec-1', heading: '有', paragraphs: [{ segments: [{ kind: 'text', text: '文字' }] }] }]);
  });
});

describe('referenceParts', () => {
  it('links the DOI (without the closing full stop) and web addresses, and drops a printed number', () => {
    expect(referenceParts('[3] 王某. 题名[J]. 中国法学, 2021, 38(3): 45-62. DOI:10.14111/j.cnki.zgfx.2021.03.003.')).toEqual([
      { kind: 'text', text: '王某. 题名[J]. 中国法学, 2021, 38(3): 45-62. DOI:' },
      { kind: 'doi', doi: '10.14111/j.cnki.zgfx.2021.03.003', href: 'https://doi.org/10.14111/j.cnki.zgfx.2021.03.003' },
      { kind: 'text', text: '.' },
    ]);
    expect(referenceParts('国家互联网信息办公室. 办法[EB/OL]. (2022-07-07)[2025-03-01]. https://www.cac.gov.cn/a/b.htm.')).toEqual([
      { kind: 'text', text: '国家互联网信息办公室. 办法[EB/OL]. (2022-07-07)[2025-03-01]. ' },
      { kind: 'url', href: 'https://www.cac.gov.cn/a/b.htm' },
      { kind: 'text', text: '.' },
    ]);
    expect(referenceParts('SOLOVE D J. Understanding privacy[M]. Cambridge: Harvard University Press, 2008.')).toEqual([
      { kind: 'text', text: 'SOLOVE D J. Understanding privacy[M]. Cambridge: Harvard University Press, 2008.' },
    ]);
  });

  it('links only DOIs and http(s) addresses, and ends them before markup', () => {
    const parts = referenceParts('某. 题名[J]. DOI:10.1234/abc.001<img src=x onerror=alert(1)> <a href="javascript:alert(4)">链接</a> https://e.org/a"b');
    expect(parts.filter((p) => p.kind !== 'text')).toEqual([
      { kind: 'doi', doi: '10.1234/abc.001', href: 'https://doi.org/10.1234/abc.001' },
      { kind: 'url', href: 'https://e.org/a' },
    ]);
  });
});
