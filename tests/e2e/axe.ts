import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's WCAG 2.1 A/AA violations of the page as it is now, one line each (the first three
 * elements named). `within` limits the run to one part (a CSS selector): for a part that
 * changes on a page already checked whole, since axe's page-wide rules (one main landmark,
 * one h1, a bypass) then do not apply. (axe's `resultTypes: ['violations']` saves no time here and turns
 * landmark-unique's cross-node check into false reports: not used.)
 *
 * Legacy mode runs axe once in the page itself. The default mode runs it per frame and then
 * opens a blank page to merge the frames' results, which is for pages that embed other
 * origins: the portal's pages have no frames, and legacy mode gave the same results in about
 * 40 % less time (1.2 s instead of 2 s for the home page on these machines).
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (page.frames().length > 1) throw new Error('this page has frames: run axe in its default mode (see above) to check inside them');
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}
