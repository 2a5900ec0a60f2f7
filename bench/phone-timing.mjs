// First paint and hydration of pages on a throttled phone, in the system Chromium:
// 390 px wide, 1.6 Mbit/s down, 150 ms round trips, CPU slowed 4x, no cache; 3 loads each.
// Usage: node bench/phone-timing.mjs http://127.0.0.1:3000 / /journal  (a running production build)
// Decision 0026 quotes its figures.
import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const base = process.argv[2];
for (const p of process.argv.slice(3)) {
  const out = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const t0 = Date.now();
    await page.goto(base + p, { waitUntil: 'commit' });
    await page.waitForSelector('html[data-hydrated]', { timeout: 60000 });
    const hydrated = Date.now() - t0;
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
    out.push(`fcp=${Math.round(fcp)} hydrated≈${hydrated}`);
    await context.close();
  }
  console.log(p, out.join(' | '));
}
await browser.close();
