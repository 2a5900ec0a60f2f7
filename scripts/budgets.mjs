// Byte budgets of the client download, from the production build.
// Starts the built portal with an in-memory sandbox, reads the server-rendered HTML of
// each page, and sums gzip -9 sizes of every script its hydration loads (the scripts it
// references and, through their static imports, the whole module graph) and of its
// stylesheets. Prints the figures; exits 1 when a budget is exceeded.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const buildDir = process.env.BUILD_DIR ?? 'build';
const port = Number(process.env.BUDGET_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const KB = 1024;
const pages = [
  { name: '/', path: '/', js: 150 * KB },
  { name: 'article page', path: '/journal/detail?id=1', js: 160 * KB },
  { name: '/journal', path: '/journal' },
  { name: '/search', path: '/search?q=数据' },
];
const CSS_BUDGET = 30 * KB;

const portal = spawn(process.execPath, [`${buildDir}/portal/main.js`], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), SANDBOX_PORT: String(port + 1), SANDBOX_DB: ':memory:', SESSION_SECRET: 'budget-check-secret-0123456789abcdefghij', LOG_LEVEL: 'warn', PAGE_CACHE: 'false', METRICS_PORT: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitUntilUp() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('portal did not start');
}

const gzipSize = (asset) => gzipSync(readFileSync(`${buildDir}/client${asset}`), { level: 9 }).length;

/** The scripts and every module they import statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
function moduleGraph(roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const asset = queue.pop();
    if (seen.has(asset)) continue;
    seen.add(asset);
    const code = readFileSync(`${buildDir}/client${asset}`, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.\/[^"']+\.js)["']/g)) queue.push(new URL(m[1], `http://x${asset}`).pathname);
  }
  return seen;
}
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

let failed = false;
try {
  await waitUntilUp();
  for (const page of pages) {
    const html = await (await fetch(base + encodeURI(page.path))).text();
    const scripts = new Set([...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
    // Inline module imports of the entry (React Router's hydration script).
    for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) scripts.add(m[1]);
    const styles = new Set([...html.matchAll(/<link[^>]+href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]));
    const loaded = moduleGraph(scripts);
    const js = [...loaded].reduce((sum, asset) => sum + gzipSize(asset), 0);
    const css = [...styles].reduce((sum, asset) => sum + gzipSize(asset), 0);
    const jsOk = page.js === undefined || js <= page.js;
    const cssOk = css <= CSS_BUDGET;
    failed ||= !jsOk || !cssOk;
    console.log(
      `${jsOk && cssOk ? 'ok  ' : 'OVER'} ${page.name.padEnd(14)} JS ${kb(js).padStart(9)} (${loaded.size} files${page.js ? `, budget ${kb(page.js)}` : ''})  CSS ${kb(css).padStart(8)} (budget ${kb(CSS_BUDGET)})`,
    );
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  portal.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
