import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.server';

/** A corpus of hostile HTML a backend record might carry. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<form action="https://evil.example"><input name=a></form>',
  '<p onclick="alert(1)">点我</p>',
  '<object data="x.swf"></object>',
  '"><script>alert(1)</script>',
  // Spellings a scheme check must see through: control characters, spaces, hex entities.
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<img src="javascript:alert(1)">',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('sanitizeRichText', () => {
  it.each(HOSTILE)('neutralises %s', (html) => {
    // Read back as a browser's parser reads it: what elements, attributes and addresses remain.
    const elements = [...JSDOM.fragment(sanitizeRichText(html)).querySelectorAll('*')];
    for (const element of elements) {
      expect(['SCRIPT', 'IFRAME', 'SVG', 'OBJECT', 'EMBED', 'FORM', 'INPUT', 'MATH', 'STYLE', 'NOSCRIPT']).not.toContain(element.tagName.toUpperCase());
      for (const attribute of element.attributes) {
        expect(attribute.name).not.toMatch(/^on|^style$/i);
        if (attribute.name === 'href' || attribute.name === 'src') {
          expect(new URL(attribute.value, 'https://journal.example.edu.cn/').protocol).toMatch(/^(https?|mailto|tel):$/);
        }
      }
    }
  });

  it('keeps ordinary rich text and makes links open safely', () => {
    const clean = sanitizeRichText('<p>欢迎<strong>投稿</strong>，详见<a href="https://example.edu.cn/guide">投稿指南</a>。</p>');
    expect(clean).toContain('<strong>投稿</strong>');
    expect(clean).toContain('href="https://example.edu.cn/guide"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('keeps site-relative links and handles empty input', () => {
    expect(sanitizeRichText('<a href="/aboutUs#contribute">投稿</a>')).toContain('href="/aboutUs#contribute"');
    expect(sanitizeRichText(null)).toBe('');
  });
});

describe('sanitizeRichText keeps harmless attributes', () => {
  it('keeps image sizes', () => {
    expect(sanitizeRichText('<img src="/favicon.svg" alt="" width="16" height="16">')).toBe('<img src="/favicon.svg" alt="" width="16" height="16">');
  });
});

describe('sanitizeRichText leaves no dead links', () => {
  it('turns a link whose javascript: address was removed into text', () => {
    expect(sanitizeRichText('<p><a href="javascript:alert(1)">点击查看详情</a> · <a href="/userGuide">用户指南</a></p>')).toBe(
      '<p>点击查看详情 · <a href="/userGuide" target="_blank" rel="noopener noreferrer">用户指南</a></p>',
    );
  });
});

describe('headings of a rich-text fragment under a page heading', () => {
  it('renumbers the levels in use from the given level, without gaps, keeping attributes and content', () => {
    expect(sanitizeRichText('<h3 id="a">会议<em>综述</em></h3><p>x</p><h5>细节</h5><h3>结语</h3>', { topHeading: 2 })).toBe(
      '<h2 id="a">会议<em>综述</em></h2><p>x</p><h3>细节</h3><h2>结语</h2>',
    );
  });
  it('leaves headings alone unless asked', () => {
    expect(sanitizeRichText('<h3>会议综述</h3>')).toBe('<h3>会议综述</h3>');
  });
});
