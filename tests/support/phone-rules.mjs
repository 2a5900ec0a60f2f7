/* global document, window, getComputedStyle, NodeFilter */
/**
 * What a phone reader needs from a page, measured in the page itself: one set of rules for
 * the phone end-to-end tests (tests/e2e/phone.spec.ts) and the audit script used while
 * building (scripts/phone-audit.mjs). Passed to Playwright's `page.evaluate`, so it uses
 * nothing from outside its own body.
 *
 * `scope` is what is being read: `main`, or the sign-in sheet when it is open.
 * @param {string} scope
 */
export function measurePhonePage(scope) {
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const minTarget = 43.5;
  const minText = 12;
  // Rendered and seen: not inside a closed <details>, not hidden, not transparent.
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  // Clipped to nothing: read out, not seen (the skip link and visually hidden labels).
  const clipped = (el) => Boolean(el.closest('.visually-hidden, .skip-link')) || getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)';
  const name = (el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 24)}"`;

  const outside = [];
  const main = document.querySelector(scope) ?? document.body;
  // The page's h1, or the sheet's own title.
  const heading = scope === 'main' ? document.querySelector('h1') : main.querySelector('h1, h2');
  const paragraph = [...main.querySelectorAll('p')].find((p) => visible(p) && p.textContent.trim().length > 0 && !clipped(p));
  for (const [label, el] of [
    ['heading', heading],
    ['first paragraph', paragraph],
  ]) {
    if (!el) {
      if (label === 'heading') outside.push('no heading');
      continue;
    }
    if (clipped(el)) continue;
    // Its first line a third of the way down the screen (or as near as the page scrolls).
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -viewportHeight / 3);
    const box = el.getBoundingClientRect();
    if (box.left < 0 || box.right > viewportWidth + 0.5) outside.push(`${label} spans ${Math.round(box.left)}..${Math.round(box.right)} of ${viewportWidth}px`);
    // Nothing fixed lies over it: its visible middle belongs to it.
    const y = Math.min(Math.max(box.top + Math.min(box.height, 24) / 2, 0), viewportHeight - 1);
    const x = Math.min(Math.max(box.left + 8, 0), viewportWidth - 1);
    const top = document.elementFromPoint(x, y);
    if (top && !el.contains(top) && !top.contains(el)) outside.push(`${label} covered by ${name(top)}`);
  }
  window.scrollTo(0, 0);

  // What sticks out past the right edge (a scroller marked data-scroll-x may hold wide content).
  const wide = [];
  for (const el of main.querySelectorAll('*')) {
    if (wide.length >= 6 || el.closest('[data-scroll-x]') || !visible(el)) continue;
    const right = el.getBoundingClientRect().right;
    if (right > viewportWidth + 1) wide.push(`${name(el)} right=${Math.round(right)}`);
  }

  const smallTargets = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    if (!visible(el) || clipped(el)) continue;
    // Links set inside running text are exempt, as in WCAG 2.5.8.
    if (el.matches('a') && getComputedStyle(el).display === 'inline') continue;
    // A checkbox or radio is hit through its label; a stretched link through its ::after,
    // laid over the card that holds it.
    const label = el.matches('input[type=checkbox], input[type=radio]') ? el.labels?.[0] : null;
    const stretched = getComputedStyle(el, '::after').position === 'absolute' ? el.offsetParent : null;
    const target = label ?? stretched ?? el;
    const height = target.getBoundingClientRect().height;
    if (height < minTarget) smallTargets.push(`${name(el)} ${Math.round(height)}px`);
  }

  const smallText = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent.trim() || parent.closest('script, style, noscript, svg') || !visible(parent) || clipped(parent)) continue;
    const size = parseFloat(getComputedStyle(parent).fontSize);
    if (size < minText) smallText.push(`${name(parent)} ${size}px`);
  }
  return {
    viewportWidth,
    scrollWidth: document.documentElement.scrollWidth,
    outside,
    wide,
    smallTargets: [...new Set(smallTargets)],
    smallText: [...new Set(smallText)],
  };
}

/**
 * The widths every page is measured at: a WeChat reader's screen, a small Android one, and
 * 320 CSS px, which is what a 1280 px window shows at 400 % zoom (WCAG reflow).
 */
export const PHONE_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
  { width: 320, height: 640 },
];
