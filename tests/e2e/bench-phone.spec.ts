import { phoneTimings } from '../../bench/phone-timing.mjs';
import { expect, test } from './fixtures';

// `npm run bench` times the throttled phone with this module; the bench's smoke run has no
// Chromium, so this is where a change that breaks the phone's figures shows. It drives a
// browser of its own: playwright.config.ts leaves this file out of the no-js project.

test.describe('the bench on a throttled phone', () => {
  test('reports when the home page was first painted and when React had hydrated it', async ({ baseURL }) => {
    const [home] = await phoneTimings(baseURL!, ['/'], { loads: 1 });
    const [load] = home!.loads;
    expect(load!.firstPaintMs).toBeGreaterThan(0);
    // At 1.6 Mbit/s and CPU ×4 the scripts arrive and run well after the first paint.
    expect(load!.hydratedMs).toBeGreaterThan(load!.firstPaintMs);
  });

  test('says which page never hydrated instead of waiting on it', async ({ baseURL }) => {
    // robots.txt is no React page: no <html data-hydrated> ever comes.
    await expect(phoneTimings(baseURL!, ['/robots.txt'], { loads: 1, hydrationTimeoutMs: 2_000 })).rejects.toThrow(
      `${baseURL}/robots.txt did not hydrate within 2 s`,
    );
  });
});
