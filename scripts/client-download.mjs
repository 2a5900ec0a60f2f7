// What a browser downloads to show and hydrate each budgeted page: Chromium loads the page
// with an empty cache, waits until React has hydrated it and the network is idle (so
// dynamic imports and chunks fetched after hydration count), and every script and style
// sheet it fetched is weighed at gzip -9. Shared by scripts/budgets.mjs (`npm test`) and
// bench/run.mjs (`npm run bench`), so both print the same figures.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const KB = 1024;
export const CSS_BUDGET = 30 * KB;
// JavaScript at gzip -9, and how many script files: a phone fetches them six at a time,
// each a round trip, so a dozen small files cost more than their bytes (decision 0026).
export const BUDGETED_PAGES = [
  { name: '/', path: '/', js: 130 * KB, scripts: 10 },
  { name: 'article page', path: '/journal/detail?id=1', js: 140 * KB, scripts: 10 },
  { name: '/journal', path: '/journal', js: 135 * KB, scripts: 10 },
  { name: '/search', path: `/search?q=${encodeURIComponent('数据')}`, js: 135 * KB, scripts: 10 },
];

export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** Loads each page once in a fresh context; returns its JS and CSS at gzip -9 and the files. */
export async function measureDownloads(base, pages = BUDGETED_PAGES) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const results = [];
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const tab = await context.newPage();
      const bodies = [];
      tab.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        bodies.push(
          response.body().then(
            (body) => ({ type, url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length }),
            (error) => ({ type, url: response.url(), error: String(error) }),
          ),
        );
      });
      const response = await tab.goto(new URL(page.path, base).href, { waitUntil: 'networkidle' });
      if (!response?.ok()) throw new Error(`${page.path} answered ${response?.status()}`);
      await tab.waitForSelector('html[data-hydrated]', { timeout: 30_000 });
      await tab.waitForLoadState('networkidle');
      const files = await Promise.all(bodies);
      await context.close();
      const failed = files.filter((file) => file.error);
      if (failed.length > 0) throw new Error(`could not read ${failed.map((file) => file.url).join(', ')}`);
      const sum = (type) => files.filter((file) => file.type === type).reduce((total, file) => total + file.gzip, 0);
      results.push({ ...page, jsBytes: sum('script'), cssBytes: sum('stylesheet'), files });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** One line per page, as `npm test` and `npm run bench` print it. */
export function describe(result) {
  const scripts = result.files.filter((file) => file.type === 'script').length;
  const jsOk = result.jsBytes <= result.js && scripts <= result.scripts;
  const cssOk = result.cssBytes <= CSS_BUDGET;
  return {
    ok: jsOk && cssOk,
    line: `${result.name.padEnd(14)} JS ${kb(result.jsBytes).padStart(9)} in ${scripts} files (budget ${kb(result.js)}, ${result.scripts} files)  CSS ${kb(result.cssBytes).padStart(8)} (budget ${kb(CSS_BUDGET)})`,
  };
}
