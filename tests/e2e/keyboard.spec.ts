import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Keyboard use: the login popup is a modal dialog (opened from the header with
 * the keyboard, focus kept inside, Esc closes it, focus back on the opener); the share
 * popup is a non-modal disclosure (Esc closes it and focus goes back to its trigger,
 * tabbing out closes it); focused controls are visibly focused; form errors are tied
 * to their fields for assistive technology, with and without JavaScript.
 */

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Whether the focused element is inside `container`. */
function focusInside(container: Locator) {
  return container.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== document.body);
}

test.describe('keyboard', () => {
  test('@js-only the login popup opens from the header by keyboard, keeps focus inside, closes on Esc and returns focus', async ({ page }) => {
    await page.goto('/journal');
    const opener = page.getByRole('banner').getByRole('link', { name: '登录/注册' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: '账号登录' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/[?&]login=userLogin/);
    await expect.poll(() => focusInside(dialog), { message: 'focus moves into the dialog' }).toBe(true);

    // More presses than the dialog has controls: forwards and backwards, focus never leaves it.
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 16; i += 1) {
        await page.keyboard.press(key);
        expect(await focusInside(dialog), `focus inside the dialog after ${i + 1} × ${key}`).toBe(true);
      }
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/login=/);
    await expect(opener).toBeFocused();
  });

  test('@js-only the login popup in each mode keeps focus inside and closes on Esc', async ({ page }) => {
    for (const [mode, name] of [
      ['userRegister', '注册账号'],
      ['losePWD', '找回密码'],
      ['wxLogin', '微信登录'],
    ] as const) {
      await page.goto(`/news?login=${mode}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name, exact: true })).toBeAttached();
      await expect.poll(() => focusInside(dialog), { message: `focus in the ${mode} dialog` }).toBe(true);
      for (let i = 0; i < 20; i += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInside(dialog), `${mode}: focus inside after ${i + 1} × Tab`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/news$/);
    }
  });

  test('@js-only a header sub-menu opens from its button, not on focus, and Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/news');
    const banner = page.getByRole('banner');
    const section = banner.getByRole('link', { name: '期刊', exact: true });
    const toggle = banner.getByRole('button', { name: '期刊子菜单' });
    const submenu = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await tabTo(page, section);
    await expect(submenu, 'focus alone does not open it').toBeHidden();
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu.getByRole('link', { name: '专家作者' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(submenu.getByRole('link', { name: '文献成果' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // A list shown by hovering closes on Escape too, the pointer still over it.
    await section.hover();
    await expect(submenu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(submenu).toBeHidden();
  });

  test('@js-only the share popup opens by keyboard, closes on Esc and returns focus to its trigger', async ({ page }) => {
    await page.goto('/journal/detail?id=1');
    const main = page.getByRole('main');
    const trigger = main.locator('summary[aria-label="分享"]');
    await tabTo(page, trigger, 80);
    await page.keyboard.press('Enter');
    const panel = main.getByRole('group', { name: '分享到' });
    await expect(panel).toBeVisible();

    // Tab walks into the popup's targets.
    await page.keyboard.press('Tab');
    expect(await focusInside(panel), 'Tab moves into the share targets').toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusInside(panel)).toBe(true);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();

    // Open again and tab past its last control: it closes behind the focus.
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    const link = panel.getByRole('textbox', { name: '页面链接' });
    await tabTo(page, link, 10);
    const copyButton = panel.getByRole('button', { name: '复制链接' });
    if (await copyButton.count()) await tabTo(page, copyButton, 2);
    await page.keyboard.press('Tab');
    await expect(panel).toBeHidden();
  });

  test('@js-only focused controls show a visible focus indicator', async ({ page }) => {
    /** The focused element draws an outline or a box shadow. */
    const indicator = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return 'nothing focused';
        const style = getComputedStyle(el);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
        return outline || shadow
          ? 'visible'
          : `${el.tagName} ${el.textContent?.slice(0, 20)}: outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow}`;
      });

    await page.goto('/search?q=数据');
    // The first Tab (skip link) puts the page in keyboard modality; then each control in turn.
    await page.keyboard.press('Tab');
    expect(await indicator(), 'skip link').toBe('visible');
    const controls: Locator[] = [
      page.getByRole('banner').getByRole('link', { name: '期刊', exact: true }),
      page.getByRole('banner').getByRole('link', { name: '登录/注册' }),
      page.getByRole('searchbox', { name: '检索词' }),
      page.getByRole('main').getByRole('button').first(),
      page.getByRole('main').getByRole('link').first(),
      page.getByRole('contentinfo').getByRole('link').first(),
    ];
    // After a key press the browser treats focus as keyboard focus (:focus-visible), so each
    // control is focused directly rather than reached by up to two hundred Tabs.
    for (const control of controls) {
      await control.focus();
      expect(await indicator(), await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBe('visible');
    }

    await page.goto('/journal?login=userLogin');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    for (const control of [
      dialog.getByRole('textbox', { name: '密码', exact: true }),
      dialog.getByRole('checkbox'),
      dialog.getByRole('button', { name: '登录', exact: true }),
      dialog.getByRole('link', { name: '关闭' }),
    ]) {
      await control.focus();
      expect(await indicator(), await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBe('visible');
    }
  });

  test('a login form with errors marks its fields invalid and points them at the visible messages', async ({ page }) => {
    await page.goto('/login?login=userLogin');
    const form = page.locator('section[aria-labelledby="login-panel-title"]');
    await form.getByRole('button', { name: '登录', exact: true }).click();

    for (const [label, message] of [
      ['用户名/手机号', '请输入用户名'],
      ['我已阅读并同意', '请阅读并同意《用户注册协议》、《用户隐私协议》'],
    ] as const) {
      const field = form.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      expect(describedBy, `${label} has aria-describedby`).not.toBe('');
      const messages = page.locator(
        describedBy
          .split(/\s+/)
          .map((id) => `[id="${id}"]`)
          .join(', '),
      );
      await expect(messages.filter({ hasText: message })).toBeVisible();
    }
  });
});
