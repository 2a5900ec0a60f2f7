import { chromium } from '@playwright/test';
const [,, base, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const width = Number(process.env.W ?? 1920);
const page = await browser.newPage({ viewport: { width, height: 1080 }, javaScriptEnabled: process.env.NOJS ? false : true });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text().slice(0, 300)); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
for (const p of paths) {
  const r = await page.goto(base + p, { waitUntil: 'networkidle' });
  const name = p.replace(/[^a-z0-9]+/gi, '_') || 'home';
  await page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: process.env.FULL ? true : false });
  console.log(p, r.status(), `/tmp/shots/${name}-${width}.png`);
}
await browser.close();
