// Screenshots of pages in the system Chromium, to look at what we build.
// Usage: node scripts/screenshot.mjs http://127.0.0.1:3000 / /journal ...
// Env: W (viewport width, default 1920), FULL=1 (full page), NOJS=1 (JavaScript off), OUT (folder, default /tmp/shots),
// COOKIE (a `name=value` cookie sent with every page, e.g. a signed-in session).
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [, , base, ...paths] = process.argv;
const out = process.env.OUT ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const width = Number(process.env.W ?? 1920);
const context = await browser.newContext({ viewport: { width, height: 1080 }, javaScriptEnabled: !process.env.NOJS, locale: 'zh-CN' });
if (process.env.COOKIE) {
  const [name, ...value] = process.env.COOKIE.split('=');
  await context.addCookies([{ name, value: value.join('='), url: base }]);
}
const page = await context.newPage();
page.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text().slice(0, 300));
});
page.on('pageerror', (e) => console.log('pageerror', e.message));
for (const path of paths) {
  const response = await page.goto(base + path, { waitUntil: 'networkidle' });
  const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}${process.env.NOJS ? '-nojs' : ''}.png`;
  await page.screenshot({ path: `${out}/${name}`, fullPage: Boolean(process.env.FULL) });
  console.log(path, response?.status(), `${out}/${name}`);
}
await browser.close();
