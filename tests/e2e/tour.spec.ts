import { expect, test } from './fixtures';

/**
 * What a desktop reader and an author meet on the way: the share sheet's WeChat code, the
 * navigation to every section, reading comfort, and the submission rules.
 */

test.describe('sharing on a desktop', () => {
  test("WeChat's code opens under the three buttons and moves none of them", async ({ page }) => {
    await page.goto('/journal/detail?id=1');
    const main = page.getByRole('main');
    await main.locator('summary[aria-label="分享"]').click();
    const panel = main.getByRole('group', { name: '分享到' });
    const qq = panel.getByRole('link', { name: 'QQ' });
    const before = (await qq.boundingBox())!;
    await panel.getByText('微信', { exact: true }).click();
    const code = panel.getByRole('img', { name: /二维码/ });
    await expect(code).toBeVisible();
    const after = (await qq.boundingBox())!;
    expect(after, 'QQ keeps its place and size').toEqual(before);
    const wechat = (await panel.getByText('微信', { exact: true }).boundingBox())!;
    expect(wechat.width, 'the WeChat button is as wide as QQ').toBeCloseTo(before.width, 0);
    expect((await code.boundingBox())!.y, 'the code lies under the buttons').toBeGreaterThan(before.y + before.height);
    expect((await panel.getByRole('link', { name: '微博' }).boundingBox())!.height).toBeCloseTo(before.height, 0);
  });
});
