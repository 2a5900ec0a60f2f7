import { createRequire } from 'node:module';
import type sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the backend (notice prompt, news bodies, journal introductions) is
 * sanitised here, on the server, before it reaches a page: an allow list of tags and
 * attributes, no scripts, no event handlers, only http(s), mailto and tel addresses, and
 * links open safely. sanitize-html parses with htmlparser2: no DOM (jsdom) in memory.
 */
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

const EXTRA_TAGS = ['img', 'del', 'ins', 'center', 'font'];

const ALLOWED: sanitizeHtml.IOptions = {
  allowedAttributes: {
    '*': ['id', 'class', 'title', 'lang', 'dir', 'align'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start', 'type', 'reversed'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    time: ['datetime'],
    font: ['color', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  // A tag not allowed goes, its text stays; script, style and textarea go with their text.
  disallowedTagsMode: 'discard',
  exclusiveFilter: unwrapDeadLinks,
};

/**
 * sanitize-html (with postcss, which it loads for style attributes) was a large part of the
 * portal's start-up: loaded on the first page that needs it, not before the portal is ready
 * (decision 0040).
 */
let loaded: { sanitize: typeof sanitizeHtml; allowed: sanitizeHtml.IOptions } | undefined;
function sanitizer() {
  if (!loaded) {
    const sanitize = createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtml;
    loaded = { sanitize, allowed: { ...ALLOWED, allowedTags: [...sanitize.defaults.allowedTags, ...EXTRA_TAGS] } };
  }
  return loaded;
}

/** `<img>`, not `<img />`: the self-closing syntax is discouraged in HTML. */
function htmlVoidTags(html: string): string {
  // Text and attribute values have their ">" escaped: " />" is only ever a tag's end.
  return html.replaceAll(' />', '>');
}

/** Links open in a new tab, safely. */
function openSafely(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
}

/** Anchors whose address was removed (javascript:, data:) become plain text: no dead links. */
function unwrapDeadLinks(frame: sanitizeHtml.IFrame) {
  return frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false;
}

/**
 * The fragment's heading levels, in use, renumbered from `top` without gaps (h3, h5 under a
 * page's h1 become h2, h3): the page's outline stays whole whatever levels the editor chose.
 */
function rebasedHeadings(levels: Set<number>, top: number): Record<string, sanitizeHtml.Transformer> {
  const inUse = [...levels].sort((a, b) => a - b);
  return Object.fromEntries(
    inUse.map((level) => [
      `h${level}`,
      (_tagName: string, attribs: sanitizeHtml.Attributes) => ({ tagName: `h${Math.min(6, top + inUse.indexOf(level))}`, attribs }),
    ]),
  );
}

/** `topHeading`: the level the fragment's own headings start at, below the page's headings. */
export function sanitizeRichText(html: string | null | undefined, options: { topHeading?: number } = {}): string {
  if (!html) return '';
  const { sanitize, allowed } = sanitizer();
  const levels = new Set<number>();
  const recordLevel = (tagName: string, attribs: sanitizeHtml.Attributes) => {
    levels.add(Number(tagName[1]));
    return { tagName, attribs };
  };
  const clean = sanitize(html, { ...allowed, transformTags: { ...Object.fromEntries(HEADINGS.map((tag) => [tag, recordLevel])), a: openSafely } });
  if (options.topHeading === undefined || levels.size === 0) return htmlVoidTags(clean);
  // The levels in use are known only once the whole fragment is read: renamed in a second pass.
  return htmlVoidTags(sanitize(clean, { ...allowed, transformTags: rebasedHeadings(levels, options.topHeading) }));
}
