import { captchaText, panel } from './auth-support';
import { freshAuthor } from './authors';
import { ABSTRACT, PDF } from './files';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sandboxPost } from './sandbox';

/**
 * What a desktop reader and an author meet on the way: the share sheet's WeChat code, the
 * navigation to every section, reading comfort, and the submission rules.
 */

/** What makes a page look like the site: its title's type and a card's surface. */
async function lookOf(page: Page, card: Locator) {
  const title = await page.getByRole('heading', { level: 1 }).evaluate((el) => {
    const style = getComputedStyle(el);
    return { size: style.fontSize, color: style.color, weight: style.fontWeight };
  });
  const surface = await card.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, radius: style.borderRadius, shadow: style.boxShadow };
  });
  return { title, surface };
}

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

test.describe("the submission form and the journal's 投稿须知", () => {
  test('the 投稿须知 and the form state the same numbers, and the form enforces them before anything is sent', async ({
    page,
    context,
    javaScriptEnabled,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { token } = await freshAuthor(context, testInfo, 'ux');
    const profile = await sandboxPost(
      '/manage/employee/modifyProfile',
      { realName: '林知远', institution: '西南政法大学法学院', mailbox: 'linzhiyuan@example.com' },
      token,
    );
    expect(profile.success, profile.message).toBe(true);

    // The platform's 投稿须知 gives the journals' numbers; its page is the public look the submission wears.
    await page.goto('/aboutUs');
    await expect(page.getByText('中文摘要（200-300字）、关键词（3-5个）', { exact: false })).toBeVisible();
    const publicLook = await lookOf(page, page.getByRole('main').locator('article').first());

    await page.goto('/upload?redirectGch=SJFX');
    await expect(page.getByText(/200-300字的中文摘要、3-5个关键词/)).toBeVisible();
    const card = page.getByRole('heading', { name: '投稿须知', level: 2 }).locator('xpath=..');
    expect(await lookOf(page, card), 'the submission looks like the public site').toEqual(publicLook);
    const upload = page.getByRole('button', { name: '上传稿件' });
    const button = await upload.evaluate((el) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-brand-bright)';
      document.body.append(probe);
      const brand = getComputedStyle(probe).color;
      probe.remove();
      return { background: getComputedStyle(el).backgroundColor === brand, height: el.getBoundingClientRect().height };
    });
    expect(button.background, "the main button is the site's blue").toBe(true);
    expect(button.height).toBeGreaterThanOrEqual(44);
    await page.getByLabel('稿件文件').setInputFiles({ name: '数据出境.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '上传稿件' }).click();
    await expect(page).toHaveURL(/\/upload\/info\?paperId=\d+/);
    await page.waitForLoadState();

    // Required fields are marked, and the first author is the one submitting.
    await expect(page.getByText('带 * 的为必填项')).toBeVisible();
    for (const name of ['中文标题', '中文摘要', '关键词'])
      await expect(page.getByRole('textbox', { name, exact: true })).toHaveAttribute('aria-required', 'true');
    await expect(page.getByRole('combobox', { name: '栏目', exact: true })).toHaveAttribute('aria-required', 'true');
    await expect(page.getByLabel('英文标题')).not.toHaveAttribute('aria-required', 'true');
    await expect(page.getByLabel('姓名').first()).toHaveValue('林知远');
    await expect(page.getByLabel('单位').first()).toHaveValue('西南政法大学法学院');
    await expect(page.getByLabel('邮箱').first()).toHaveValue('linzhiyuan@example.com');
    await expect(page.getByText('200-300 字，与《投稿须知》一致')).toBeVisible();

    // Too short an abstract and six keywords: refused beside the fields with the notice's numbers.
    await page.getByLabel('中文标题').fill('数据出境安全评估制度的实施困境与完善');
    const abstract = page.getByLabel('中文摘要');
    await abstract.fill('摘'.repeat(120));
    await page.getByLabel('关键词').fill('数据出境；安全评估；标准合同；认证；个人信息；重要数据');
    await page.getByLabel('栏目').selectOption({ index: 1 });
    await page.getByLabel('手机号').first().fill('13800000077');
    await page.getByRole('button', { name: '下一步：确认投稿' }).click();
    await expect(page.getByText('中文摘要应为200-300字')).toBeVisible();
    await expect(page.getByText('关键词应为3-5个，用“；”分隔')).toBeVisible();
    await expect(page).toHaveURL(/\/upload\/info\?paperId=\d+/);
    await expect(abstract).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('已输入 120 字')).toBeVisible();

    await abstract.fill(ABSTRACT);
    // With JavaScript the count follows the typing.
    if (javaScriptEnabled) await expect(page.getByText(`已输入 ${ABSTRACT.length} 字`)).toBeVisible();
    await page.getByLabel('关键词').fill('数据出境；安全评估；标准合同');
    await page.getByRole('button', { name: '下一步：确认投稿' }).click();
    await expect(page).toHaveURL(/\/upload\/confirm\?paperId=\d+/);

    // Step 3 does not ask for the agreements again; its code is large and can be drawn anew.
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByText('您已在上传稿件时阅读并同意')).toBeVisible();
    const code = page.getByRole('img', { name: '请计算图中算式的结果' });
    expect((await code.boundingBox())!.height).toBeGreaterThanOrEqual(54);
    const uuid = await page.locator('input[name="uuid"]').inputValue();
    await page.getByRole('link', { name: '看不清？换一张' }).click();
    await expect(page.locator('input[name="uuid"]')).not.toHaveValue(uuid);
    await page.getByLabel('验证码').fill(await captchaText(await page.locator('input[name="uuid"]').inputValue()));
    await page.getByRole('button', { name: '确认投稿' }).click();
    await expect(page.getByRole('heading', { name: '投稿成功' })).toBeVisible();
  });
});

test.describe('registering', () => {
  test("a different confirmation is said at once, with the other fields' errors", async ({ page }) => {
    await page.goto('/?login=userRegister');
    const form = panel(page);
    await form.getByLabel('密码', { exact: true }).fill('Secret@123');
    await form.getByLabel('确认密码').fill('Secret@124');
    await form.getByRole('button', { name: '注册', exact: true }).click();
    await expect(panel(page).getByText('两次输入密码不一致')).toBeVisible();
    await expect(panel(page).getByText('请阅读并同意《用户注册协议》、《用户隐私协议》')).toBeVisible();
  });
});

test.describe('reading an article', () => {
  for (const width of [1920, 1280]) {
    test(`the full text is set at least 16 px, no smaller than the abstract, in lines a reader can follow (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto('/journal/detail?id=1');
      const body = page.locator('#fulltext p').first();
      const abstract = page.locator('#abstract p').first();
      const px = async (locator: typeof body) => parseFloat(await locator.evaluate((el) => getComputedStyle(el).fontSize));
      const size = await px(body);
      expect(size).toBeGreaterThanOrEqual(16);
      expect(size).toBeGreaterThanOrEqual(await px(abstract));
      const perLine = (await body.boundingBox())!.width / size;
      expect(perLine, 'characters a line').toBeLessThanOrEqual(40);
      expect(perLine).toBeGreaterThanOrEqual(25);
    });
  }

  test('发表历程 gives 收稿, 修回 and 录用 as 文献信息 does, then the publication', async ({ page }) => {
    await page.goto('/journal/detail?id=1');
    const info = page.locator('#info');
    const history = page.locator('#history li');
    const labels = await history.locator('span').first().allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    await expect(history.nth(0)).toContainText('收稿');
    await expect(history.nth(1)).toContainText('修回');
    await expect(history.nth(2)).toContainText('录用');
    await expect(history.nth(3)).toContainText(/出版|网络首发/);
    for (const [i, label] of [
      [0, '收稿日期'],
      [1, '修回日期'],
      [2, '录用日期'],
    ] as const) {
      const date = (await info
        .locator('div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd')
        .textContent())!.trim();
      await expect(history.nth(i).locator('time')).toHaveText(date);
    }
  });
});

test.describe('finding things', () => {
  test('the navigation leads to 新闻资讯 and 检索', async ({ page }) => {
    await page.goto('/journal');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '新闻资讯' }).click();
    await expect(page).toHaveURL(/\/news$/);
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '检索' }).click();
    await expect(page).toHaveURL(/\/search$/);
  });
});
