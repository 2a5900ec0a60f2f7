import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashMarkedInlineElements } from './inline-hashes';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('hashMarkedInlineElements', () => {
  const marker = 'Rk9vYmFyKzEyMy80NTY=';
  const page = [
    `<!DOCTYPE html><html><head><style nonce="${marker}">.a{color:red}</style></head><body>`,
    `<script nonce="${marker}">window.__ctx = {"a":"\\u003c/script>"};</script>`,
    // An article's HTML that got a script past the sanitiser: no marker, so no hash.
    '<div><script>alert(1)</script><script nonce="guessed">alert(2)</script></div>',
    `<script nonce="${marker}" type="module" async="">import("/assets/entry.js");</script>`,
    `<script nonce="${marker}" src="/assets/x.js"></script>`,
    '</body></html>',
  ].join('');

  it("hashes exactly the page's own inline scripts and styles, and removes the marker", () => {
    const { html, sources } = hashMarkedInlineElements(page, marker);
    expect(sources.scripts).toEqual([sha256('window.__ctx = {"a":"\\u003c/script>"};'), sha256('import("/assets/entry.js");')]);
    expect(sources.styles).toEqual([sha256('.a{color:red}')]);
    expect(sources.scripts).not.toContain(sha256('alert(1)'));
    expect(sources.scripts).not.toContain(sha256('alert(2)'));
    expect(html).not.toContain(marker);
    expect(html).toContain('<script type="module" async="">import("/assets/entry.js");</script>');
  });

  it('hashes the text as written: entities in a script are not decoded (the browser hashes the raw text)', () => {
    const { sources } = hashMarkedInlineElements(`<script nonce="${marker}">a &amp;&amp; b</script>`, marker);
    expect(sources.scripts).toEqual([sha256('a &amp;&amp; b')]);
  });

  it('ends a script at its end tag in any case, finds the marker after other attributes, and passes over marked links', () => {
    const { sources } = hashMarkedInlineElements(
      `<link nonce="${marker}" rel="stylesheet" href="/a.css"/><script type="application/ld+json" nonce="${marker}">{"a":1}</SCRIPT ><p>x</p><style media="print" nonce="${marker}">b{}</Style>`,
      marker,
    );
    expect(sources.scripts).toEqual([sha256('{"a":1}')]);
    expect(sources.styles).toEqual([sha256('b{}')]);
  });

  it('reads a script that holds a comment opener with the HTML parser, as the page was read before', () => {
    // Inside a script, `<!--` and `<script` move the browser's tokenizer into states of its own.
    const { sources } = hashMarkedInlineElements(`<script nonce="${marker}">a<!--b</script><p>c</p>`, marker);
    expect(sources.scripts).toEqual([sha256('a<!--b')]);
  });
});
