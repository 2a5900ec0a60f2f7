// First paint and hydration of pages on a throttled phone, in the system Chromium:
// 390 px wide, 1.6 Mbit/s down, 150 ms round trips, CPU slowed 4x (scaled to the host's speed
// measured before each load: bench/host-speed.mjs), no cache; 5 loads each.
// `npm run bench` reports its medians; on its own, against a running production build:
//   node bench/phone-timing.mjs http://127.0.0.1:3000 / /journal
/* global document, window, MutationObserver */
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { measureBenchmarkIndex, phoneCpuSlowdown } from './host-speed.mjs';

const VIEWPORT = { width: 390, height: 844 };
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * One cold load of a page: when its first content was painted and when React had hydrated it,
 * both on the page's own clock (ms from navigation start), and the CPU slowdown it ran under.
 *
 * The root layout marks <html data-hydrated> once React owns the page. A mutation observer
 * installed before the document exists reports that moment to Node: polling for it with
 * `waitForSelector` would itself run style and layout on the phone's slowed main thread,
 * which delayed hydration by 0.2–0.3 s in the measurement.
 */
async function loadOnce(browser, url, hydrationTimeoutMs) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    const cpuSlowdown = phoneCpuSlowdown(await measureBenchmarkIndex(context));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    let reportHydrated;
    const hydrated = new Promise((resolve) => {
      reportHydrated = resolve;
    });
    await page.exposeBinding('reportHydrated', (_source, ms) => reportHydrated(ms));
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.documentElement?.hasAttribute('data-hydrated')) return;
        observer.disconnect();
        window.reportHydrated(performance.now());
      });
      observer.observe(document, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    const hydratedMs = await within(hydrated, hydrationTimeoutMs, `${url} did not hydrate within ${hydrationTimeoutMs / 1000} s`);
    const firstPaintMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
    return { firstPaintMs: Math.round(firstPaintMs), hydratedMs: Math.round(hydratedMs), cpuSlowdown };
  } finally {
    await context.close();
  }
}

/** The promise's value, or an error once `ms` have passed without one. */
async function within(promise, ms, message) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Loads each page `loads` times on the throttled phone; per page, every load (types: phone-timing.d.mts). */
export async function phoneTimings(
  base,
  paths,
  { loads = 5, hydrationTimeoutMs = 60_000, executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } = {},
) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const results = [];
    for (const path of paths) {
      const runs = [];
      for (let i = 0; i < loads; i++) runs.push(await loadOnce(browser, base + path, hydrationTimeoutMs));
      results.push({ path, loads: runs });
    }
    return results;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base || paths.length === 0) {
    console.error('usage: node bench/phone-timing.mjs <base URL> <path>...');
    process.exit(2);
  }
  for (const result of await phoneTimings(base, paths)) {
    console.log(result.path, result.loads.map((run) => `fcp=${run.firstPaintMs} hydrated=${run.hydratedMs} cpu=x${run.cpuSlowdown}`).join(' | '));
  }
}
