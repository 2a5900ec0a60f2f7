import { expect, test } from './fixtures';

/**
 * The notice (温馨提示) sits in the page's flow, above the footer (docs/product.md#phones):
 * on a 1280×800 screen it covers none of the page's content, and it can be dismissed.
 */
test.use({ viewport: { width: 1280, height: 800 } });

for (const path of ['/', '/journal', '/news', '/journal/detail?id=1']) {
  test(`on ${path} the notice covers none of the page's content at 1280×800`, async ({ page }) => {
    await page.goto(path);
    const notice = page.getByRole('region', { name: '温馨提示' });
    await expect(notice).toBeVisible();
    const overlaps = await page.evaluate(() => {
      const box = document.querySelector('[aria-labelledby="reminder-title"]')!.getBoundingClientRect();
      const hits: string[] = [];
      for (const el of document.querySelectorAll('main *')) {
        const other = el.getBoundingClientRect();
        if (other.width === 0 || other.height === 0) continue;
        const apart = other.right <= box.left || other.left >= box.right || other.bottom <= box.top || other.top >= box.bottom;
        if (!apart) hits.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 20)}"`);
      }
      return hits.slice(0, 5);
    });
    expect(overlaps).toEqual([]);
    // Nothing fixed lies over the page's first visible heading either (a page may keep its
    // h1 for screen readers only).
    const covered = await page.evaluate(() => {
      const heading = [...document.querySelectorAll('main h1, main h2')].find((el) => el.getBoundingClientRect().width > 2)!;
      heading.scrollIntoView({ block: 'center' });
      const box = heading.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
      return top && !heading.contains(top) ? (top.textContent ?? '').trim().slice(0, 20) : null;
    });
    expect(covered, 'the heading is not covered').toBeNull();
  });
}

test('the notice goes away when dismissed, and stays away on the next page', async ({ page }) => {
  await page.goto('/news');
  const notice = page.getByRole('region', { name: '温馨提示' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: '关闭' }).click();
  await expect(notice).toBeHidden();
  await page.goto('/journal');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '温馨提示' })).toBeHidden();
});
