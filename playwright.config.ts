import { defineConfig, devices } from '@playwright/test';
import { E2E } from './tests/e2e/env';
import { PHONE_VIEWPORTS } from './tests/support/phone-rules.mjs';

/**
 * End-to-end tests: the production build with the embedded sandbox, in the system
 * Chromium, once with JavaScript and once without. Each worker drives a portal and sandbox
 * of its own (tests/e2e/env.ts), so test files run side by side without sharing state.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const buildDir = process.env.BUILD_DIR ?? 'build';
/** A phone's browser: its user agent, touch and mobile viewport handling (Chromium's Pixel 7). */
const { viewport: _pixelViewport, defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
/**
 * Desktop pages are composited in the browser process instead of a GPU process of its own:
 * the same pixels without a process hop per frame, about a tenth less Chromium CPU and time
 * for those projects here. Not for the phones: at a phone's pixel density the larger frames
 * made them slower (decision 0033).
 */
const desktopLaunch = { ...launchOptions, args: [...launchOptions.args, '--in-process-gpu'] };

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: E2E.workers,
  // One retry: on a loaded 2-core machine a timing hiccup must not sink a whole CI run.
  // A test that needed it is reported as flaky (npm test lists it) and gets fixed.
  retries: 1,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_RESULTS ?? 'test-results/e2e-results.json' }]],
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/e2e',
  use: {
    baseURL: E2E.baseUrl,
    locale: 'zh-CN',
    viewport: { width: 1920, height: 1080 },
    launchOptions,
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true, launchOptions: desktopLaunch }, grepInvert: /@no-js-only/, testIgnore: ['phone.spec.ts'] },
    // axe runs in the page, HTTP headers do not depend on JavaScript, and the bench's phone
    // drives a browser of its own: those files run once.
    {
      name: 'no-js',
      use: { javaScriptEnabled: false, launchOptions: desktopLaunch },
      grepInvert: /@js-only/,
      testIgnore: ['a11y.spec.ts', 'cache.spec.ts', 'bench-phone.spec.ts', 'phone.spec.ts'],
    },
    // Phones (docs/product.md#phones): each page is measured at 390 and then 360 px in one load.
    // Without JavaScript, phone.spec.ts takes the page's scripts out of its HTML and shows
    // what <noscript> holds, which is what a browser without JavaScript renders: the
    // browser itself keeps JavaScript so that the measurements and axe can run in it.
    ...['', '-no-js'].map((suffix) => ({
      name: `phone${suffix}`,
      testMatch: 'phone.spec.ts',
      use: { ...phone, viewport: PHONE_VIEWPORTS[0], javaScriptEnabled: true },
    })),
  ],
  webServer: Array.from({ length: E2E.workers }, (_, slot) => {
    const { port, sandboxPort } = E2E.portsOf(slot);
    return {
      command: `node ${buildDir}/portal/main.js`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SANDBOX_PORT: String(sandboxPort),
        SANDBOX_DB: ':memory:',
        SESSION_SECRET: E2E.sessionSecret,
        SECURE_COOKIES: 'false',
        LOG_LEVEL: 'warn',
        METRICS_PORT: String(port + 9),
      },
    };
  }),
});
