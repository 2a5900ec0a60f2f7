import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Rich text from the backend (notice prompt, news bodies, journal introductions) is
 * sanitised here, on the server, before it reaches a page: no scripts, no event
 * handlers, no javascript: or data: URLs, links to other sites open safely.
 */
const window = new JSDOM('').window;
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * DOMPurify's own pattern with fewer schemes: http(s), mailto and tel, or a value with
 * no scheme at all (relative URLs, and non-URL attributes such as width).
 */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Links whose address was removed (javascript:, data:) become plain text: no dead anchors. */
function unwrapDeadLinks(html: string): string {
  if (!/<a(?![^>]*\shref=)[\s>]/i.test(html)) return html;
  const fragment = JSDOM.fragment(html);
  for (const anchor of fragment.querySelectorAll('a:not([href])')) anchor.replaceWith(...anchor.childNodes);
  const container = window.document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/**
 * The fragment's heading levels, in use, renumbered from `top` without gaps (h3, h5 under a
 * page's h1 become h2, h3): the page's outline stays whole whatever levels the editor chose.
 */
function rebaseHeadings(html: string, top: number): string {
  if (!/<h[1-6][\s>]/i.test(html)) return html;
  const fragment = JSDOM.fragment(html);
  const headings = [...fragment.querySelectorAll('h1, h2, h3, h4, h5, h6')];
  const levels = [...new Set(headings.map((h) => Number(h.tagName[1])))].sort((a, b) => a - b);
  for (const heading of headings) {
    const level = Math.min(6, top + levels.indexOf(Number(heading.tagName[1])));
    if (`H${level}` === heading.tagName) continue;
    const renamed = window.document.createElement(`h${level}`);
    for (const attribute of heading.attributes) renamed.setAttribute(attribute.name, attribute.value);
    renamed.append(...heading.childNodes);
    heading.replaceWith(renamed);
  }
  const container = window.document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/** `topHeading`: the level the fragment's own headings start at, below the page's headings. */
export function sanitizeRichText(html: string | null | undefined, options: { topHeading?: number } = {}): string {
  if (!html) return '';
  const clean = unwrapDeadLinks(purify.sanitize(html, {
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'svg', 'math'],
    FORBID_ATTR: ['style'],
  }));
  return options.topHeading ? rebaseHeadings(clean, options.topHeading) : clean;
}

/** Plain text of a rich-text fragment (descriptions, share text). */
export function richTextToPlain(html: string | null | undefined): string {
  if (!html) return '';
  const fragment = JSDOM.fragment(purify.sanitize(html));
  return (fragment.textContent ?? '').replace(/\s+/g, ' ').trim();
}
