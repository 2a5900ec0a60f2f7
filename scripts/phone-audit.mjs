/* global document */
// Phone check of pages, to look at while building: for each path, at width W (default 390),
// prints what the phone end-to-end tests check, by the same rules (tests/support/phone-rules.mjs):
// sideways scrolling and what sticks out, heading and first paragraph out of view or covered,
// targets under 44 px and text under 12 px; and saves a full-page screenshot in OUT (default /tmp/shots).
// Usage: W=390 node scripts/phone-audit.mjs http://127.0.0.1:4000 / /journal ...
import { mkdirSync } from 'node:fs';
import { chromium, devices } from '@playwright/test';
import { measurePhonePage } from '../tests/support/phone-rules.mjs';

const [, , base, ...paths] = process.argv;
const out = process.env.OUT ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const width = Number(process.env.W ?? 390);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({
  ...devices['Pixel 7'],
  viewport: { width, height: width < 380 ? 740 : 844 },
  javaScriptEnabled: !process.env.NOJS,
  locale: 'zh-CN',
  defaultBrowserType: undefined,
});
if (process.env.COOKIE) {
  const [name, ...value] = process.env.COOKIE.split('=');
  await context.addCookies([{ name, value: value.join('='), url: base }]);
}
const page = await context.newPage();
for (const path of paths) {
  const response = await page.goto(base + path, { waitUntil: 'networkidle' });
  const report = await page.evaluate(measurePhonePage, 'main');
  const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}${process.env.NOJS ? '-nojs' : ''}.png`;
  await page.screenshot({ path: `${out}/${name}`, fullPage: !process.env.VIEWPORT });
  // PARTS=n: the full page also cut into n screenshots, easier to look at one by one.
  const parts = Number(process.env.PARTS ?? 0);
  if (parts) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let i = 0; i < parts; i++) {
      const top = Math.floor((height / parts) * i);
      await page.screenshot({
        path: `${out}/${name.replace('.png', `-part${i + 1}.png`)}`,
        fullPage: true,
        clip: { x: 0, y: top, width, height: Math.ceil(height / parts) },
      });
    }
  }
  console.log(`${path} ${response?.status()} scrollWidth=${report.scrollWidth}/${report.viewportWidth}`);
  if (report.wide.length) console.log('  wide:', report.wide.join(' | '));
  if (report.outside.length) console.log('  out of view:', report.outside.join(' | '));
  if (report.smallTargets.length) console.log('  small targets:', report.smallTargets.join(' | '));
  if (report.smallText.length) console.log('  small text:', report.smallText.join(' | '));
}
await browser.close();
