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
  const texts = markedTextsByScan(html, marker) ?? markedTextsByParser(html, marker);
  const scripts = new Set(texts.scripts.map(hashSource));
  const styles = new Set(texts.styles.map(hashSource));
  return { html: html.replaceAll(` nonce="${marker}"`, ''), sources: { scripts: [...scripts], styles: [...styles] } };
}

interface MarkedTexts {
  scripts: string[];
  styles: string[];
}

const MARKED_TAG = /^<(script|style)\b/i;
const SOURCE_ATTRIBUTE = /\ssrc=/i;
/** What would take the browser's tokenizer out of plain raw text inside a script (its escaped states). */
const ESCAPED_STATE = /<!--|<script/i;
/** The end tags that close raw text, in any case (searched from a position: sticky to nothing, global for lastIndex). */
const END_TAG = { script: /<\/script/gi, style: /<\/style/gi };

/**
 * The texts of the marked elements, found by looking for the marker: a tenth of the parser's
 * time on a large page. React writes every attribute value with `<` and `>` escaped, so a
 * tag runs from the `<` before the marker to the `>` after it, and raw text ends at the
 * first `</script` or `</style` as the browser reads it — unless the text holds `<!--` or
 * `<script`, where the browser's script tokenizer has states of its own: then undefined,
 * and the parser reads the page.
 */
function markedTextsByScan(html: string, marker: string): MarkedTexts | undefined {
  const found: MarkedTexts = { scripts: [], styles: [] };
  const attribute = ` nonce="${marker}"`;
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, at + attribute.length)) {
    const tagStart = html.lastIndexOf('<', at);
    const tagEnd = html.indexOf('>', at);
    if (tagStart === -1 || tagEnd === -1) return undefined;
    const tag = html.slice(tagStart, tagEnd + 1);
    const name = MARKED_TAG.exec(tag)?.[1]?.toLowerCase() as 'script' | 'style' | undefined;
    // A marked <link> (a preload) or a script with a source has no inline text to allow.
    if (!name || SOURCE_ATTRIBUTE.test(tag)) continue;
    const endTag = END_TAG[name];
    endTag.lastIndex = tagEnd + 1;
    const close = endTag.exec(html);
    if (!close) return undefined;
    const text = html.slice(tagEnd + 1, close.index);
    if (name === 'script' && ESCAPED_STATE.test(text)) return undefined;
    (name === 'script' ? found.scripts : found.styles).push(text);
  }
  return found;
}

/** The texts of the marked elements as an HTML parser reads the page. */
function markedTextsByParser(html: string, marker: string): MarkedTexts {
  const found: MarkedTexts = { scripts: [], styles: [] };
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
      (open.name === 'script' ? found.scripts : found.styles).push(open.text);
      open = undefined;
    },
  });
  parser.end(html);
  return found;
}
