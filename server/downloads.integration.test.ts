import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../sandbox/testing';
import { authorCookie } from '../tests/support/route-context';
import { startShellPortal } from '../tests/support/servers';
import { SESSION_COOKIE } from '../app/session/cookie.server';

/**
 * The probe's reflected file download, in a real Chromium: an author uploads a PDF that is
 * also a batch file (the backend checks only the `%PDF` header), then links the journal's
 * file address with any name. Whatever name the link asks for, the file is saved under its
 * recorded name with its recorded extension, and never rendered as a page.
 */
describe('a PDF/batch polyglot behind a link that names it', () => {
  let sandbox: TestSandbox;
  let portal: Awaited<ReturnType<typeof startShellPortal>>;
  let browser: Browser;
  let hash = '';
  let cookie = '';

  beforeAll(async () => {
    sandbox = await startTestSandbox(5);
    portal = await startShellPortal(sandbox.url, { UPSTREAM_TIMEOUT_MS: '5000' });
    const token = await sandbox.login('demo_author');
    cookie = authorCookie(token).slice(SESSION_COOKIE.length + 1);
    const polyglot = '%PDF-1.4\r\n@echo off & echo pwned & exit /b\r\n<html><script>alert(document.domain)</script></html>\r\n%%EOF\n';
    const uploaded = await sandbox.upload(
      '/api/attachmentApi/upload',
      { name: '论文模板.pdf', data: polyglot, type: 'application/pdf' },
      { kind: 'attachment' },
      { token },
    );
    hash = uploaded.body.entity.hash;
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    await sandbox?.close();
  });

  /** What Chromium does with the link, as the owner (signed in) or a visitor. */
  async function follow(path: string, signedIn: boolean) {
    const context = await browser.newContext({ acceptDownloads: true });
    if (signedIn) await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: portal.url }]);
    const page = await context.newPage();
    try {
      const download = page.waitForEvent('download', { timeout: 10_000 });
      // A navigation that shows something answers; one that saves a file throws (download starting).
      const response = await page.goto(portal.url + path).catch(() => null);
      const saved = response ? null : await download;
      if (response) download.catch(() => {});
      return {
        status: response?.status() ?? null,
        saved: saved?.suggestedFilename() ?? null,
        // Had the file been rendered as a page, its script would have run here.
        scripted: await page.evaluate(() => document.querySelector('script') !== null).catch(() => false),
      };
    } finally {
      await context.close();
    }
  }

  it.each(['论文模板.bat', 'report.html', 'image.svg'])('saves it as 论文模板.pdf when the link names it %s', async (name) => {
    const result = await follow(`/api/attachmentApi/download?hash=${hash}&fileName=${encodeURIComponent(name)}`, true);
    expect(result.saved).toBe('论文模板.pdf');
    expect(result.scripted).toBe(false);
  });

  it.each(['report.html', 'image.svg'])('never renders it as a page through the preview address named %s', async (name) => {
    const result = await follow(`/api/attachmentApi/fileBrowsing?hash=${hash}&fileName=${encodeURIComponent(name)}`, true);
    expect(result.scripted).toBe(false);
    if (result.saved) expect(result.saved).toBe('论文模板.pdf');
  });

  it('gives a visitor without the owner session nothing', async () => {
    for (const endpoint of ['download', 'fileBrowsing']) {
      const result = await follow(`/api/attachmentApi/${endpoint}?hash=${hash}&fileName=${encodeURIComponent('论文模板.bat')}`, false);
      expect(result.saved).toBeNull();
      expect(result.status).toBe(404);
    }
  });
});
