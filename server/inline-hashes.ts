import { Parser } from 'htmlparser2';
import { hashSource, type InlineSources } from './security';

/**
 * A page shared by every visitor (the page cache, the gateway's cache) cannot carry a
 * nonce: one that everybody is sent is no secret. Such a page is rendered with a marker in
 * the nonce's place (a random value, never sent), and its CSP allows exactly the inline
 * <script> and <style> elements that carry the marker, by the hash of their text. Markup
 * that is not the page's own (say, an injected <script> in an article's HTML) cannot
 * carry the marker, so it gets no hash. The marker is then removed from the page.
 */
export function hashMarkedInlineElements(html: string, marker: string): { html: string; sources: InlineSources } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  let open: { name: 'script' | 'style'; text: string } | undefined;
  // The browser's tokenizer ends a script or style at its first end tag and hashes the raw
  // text before it; htmlparser2 reads it the same way (no entity decoding in raw text).
  const parser = new Parser({
    onopentag(name, attributes) {
      if ((name === 'script' || name === 'style') && attributes.nonce === marker && attributes.src === undefined) open = { name, text: '' };
    },
    ontext(text) {
      if (open) open.text += text;
    },
    onclosetag(name) {
      if (!open || name !== open.name) return;
      (open.name === 'script' ? scripts : styles).add(hashSource(open.text));
      open = undefined;
    },
  });
  parser.end(html);
  return { html: html.replaceAll(` nonce="${marker}"`, ''), sources: { scripts: [...scripts], styles: [...styles] } };
}
