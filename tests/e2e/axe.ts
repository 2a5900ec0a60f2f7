import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's WCAG 2.1 A/AA violations of the page as it is now, one line each (the first three
 * elements named). `within` limits the run to one part (a CSS selector): for a part that
 * changes on a page already checked whole, since axe's page-wide rules (one main landmark,
 * one h1, a bypass) then do not apply. (axe's `resultTypes: ['violations']` saves no time here and turns
 * landmark-unique's cross-node check into false reports: not used.)
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}
