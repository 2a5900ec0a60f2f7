import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

// axe needs the page's scripts: once, with JavaScript on (the markup is the same without).
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'axe runs in the page');

const PUBLIC_PAGES = [
  '/',
  '/journal',
  '/journal/1',
  '/journal/detail?id=1',
  '/search?q=数据出境',
  '/expertAuthor',
  '/expertAuthor/1',
  '/editorialBoard',
  '/editorialBoard/1',
  '/news',
  '/news?type=2',
  '/news/1',
  '/theme/detail?id=1',
  '/theme/detail-new?id=1',
  '/aboutUs',
  '/frequentlyAskedQuestion',
  '/userGuide',
  '/userAgreement',
  '/privacyAgreement',
  '/openAccess',
  '/distinguish',
  '/health',
  '/system',
  '/no-such-page',
];

test.describe('accessibility (WCAG 2.1 A and AA)', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const violations = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
      expect(violations).toEqual([]);
    });
  }

  test('a skip link leads to the main content', async ({ page }) => {
    await page.goto('/journal');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: '跳到主要内容' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});
