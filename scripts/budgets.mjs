// Byte budgets of the client download, from the production build: starts the built portal
// with an in-memory sandbox and weighs, in Chromium, every script and style sheet each
// budgeted page downloads until it is hydrated and the network is idle
// (scripts/client-download.mjs). Prints the figures; exits 1 when a budget is exceeded.
import { spawn } from 'node:child_process';
import { BUDGETED_PAGES, describe, measureDownloads } from './client-download.mjs';
import { freePorts, waitUntilUp } from './local-servers.mjs';

const buildDir = process.env.BUILD_DIR ?? 'build';
const [port, sandboxPort] = process.env.BUDGET_PORT ? [Number(process.env.BUDGET_PORT), Number(process.env.BUDGET_PORT) + 1] : await freePorts(2);
const base = `http://127.0.0.1:${port}`;

const portal = spawn(process.execPath, [`${buildDir}/portal/main.js`], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_DB: ':memory:',
    SESSION_SECRET: 'budget-check-secret-0123456789abcdefghij',
    LOG_LEVEL: 'warn',
    PAGE_CACHE: 'false',
    METRICS_PORT: '0',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
// The portal's start-up banner is noise here: its output is shown only when something fails.
let portalOutput = '';
portal.stderr.on('data', (chunk) => (portalOutput += chunk));

let failed = false;
try {
  await waitUntilUp(`${base}/readyz`, { child: portal, output: () => portalOutput, timeoutMs: 30_000 });
  for (const result of await measureDownloads(base, BUDGETED_PAGES)) {
    const { ok, line } = describe(result);
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'OVER'} ${line}`);
    if (process.env.BUDGET_FILES) for (const file of result.files) console.log(`       ${file.type.padEnd(10)} ${String(file.gzip).padStart(7)} ${file.url}`);
  }
} catch (error) {
  console.error(error);
  console.error(portalOutput);
  failed = true;
} finally {
  portal.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
