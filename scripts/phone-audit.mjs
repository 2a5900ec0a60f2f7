/* global document, getComputedStyle */
// Phone check of pages, to look at while building: for each path, at width W (default 390),
// prints horizontal overflow, elements wider than the viewport, targets under 44 px (links set inline
// in running text excepted, as WCAG 2.5.8 does) and text under 12 px,
// and saves a full-page screenshot in OUT (default /tmp/shots).
// Usage: W=390 node scripts/phone-audit.mjs http://127.0.0.1:4000 / /journal ...
import { mkdirSync } from 'node:fs';
import { chromium, devices } from '@playwright/test';

const [, , base, ...paths] = process.argv;
const out = process.env.OUT ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const width = Number(process.env.W ?? 390);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ ...devices['iPhone 13'], viewport: { width, height: width < 380 ? 740 : 844 }, javaScriptEnabled: !process.env.NOJS, locale: 'zh-CN', defaultBrowserType: undefined });
if (process.env.COOKIE) {
  const [name, ...value] = process.env.COOKIE.split('=');
  await context.addCookies([{ name, value: value.join('='), url: base }]);
}
const page = await context.newPage();
for (const path of paths) {
  const response = await page.goto(base + path, { waitUntil: 'networkidle' });
  const report = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const wide = [];
    const small = [];
    const tiny = [];
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) || r.width === 0) continue;
      if (r.right > vw + 1 && !el.closest('[data-scroll-x]') && wide.length < 6) wide.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 70) + ` right=${Math.round(r.right)}`);
      const stretched = getComputedStyle(el, '::after').position === 'absolute' ? el.offsetParent : null;
      const label = el.matches('input[type=checkbox], input[type=radio]') ? el.labels?.[0] : null;
      const hit = (label ?? stretched)?.getBoundingClientRect() ?? r;
      if (el.matches('a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]') && !(el.matches('a') && style.display === 'inline') && hit.height < 44 && !el.closest('.visually-hidden') && small.length < 12) small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 14)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      if (el.childNodes.length && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && parseFloat(style.fontSize) < 12 && tiny.length < 6) tiny.push(`${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 12)}" ${style.fontSize}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, vw, wide, small, tiny };
  });
  const name = `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}${process.env.NOJS ? '-nojs' : ''}.png`;
  await page.screenshot({ path: `${out}/${name}`, fullPage: !process.env.VIEWPORT });
  // PARTS=n: the full page also cut into n screenshots, easier to look at one by one.
  const parts = Number(process.env.PARTS ?? 0);
  if (parts) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let i = 0; i < parts; i++) {
      const top = Math.floor((height / parts) * i);
      await page.screenshot({ path: `${out}/${name.replace('.png', `-part${i + 1}.png`)}`, fullPage: true, clip: { x: 0, y: top, width, height: Math.ceil(height / parts) } });
    }
  }
  console.log(`${path} ${response?.status()} scrollWidth=${report.scrollWidth}/${report.vw}`);
  if (report.wide.length) console.log('  wide:', report.wide.join(' | '));
  if (report.small.length) console.log('  small:', report.small.join(' | '));
  if (report.tiny.length) console.log('  tiny:', report.tiny.join(' | '));
}
await browser.close();
