import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run bench` on a clean checkout, for a second per step (BENCH_SMOKE=1): every step runs
 * and yields its figure, so a change that breaks the bench is seen here rather than on the
 * day someone measures. Needs the production build (npm test builds first).
 */
const BUILD = process.env.BUILD_DIR ?? 'build';
const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-'));
let bench: ChildProcess | undefined;
afterAll(() => {
  // A bench still running (the test timed out) stops, and stops its servers.
  if (bench?.exitCode === null) bench.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
});

function runBench(results: string): Promise<{ code: number | null; output: string }> {
  // Nothing configured: only what a shell on a fresh machine has.
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BUILD_DIR: BUILD, BENCH_SMOKE: '1', BENCH_RESULTS: results };
  const child = spawn(process.execPath, ['bench/run.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  bench = child;
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run bench (smoke)', () => {
  it('runs every step on a clean environment and writes a figure for each', async () => {
    if (!existsSync(`${BUILD}/portal/main.js`)) throw new Error(`No production build at ${BUILD}/: run \`npm run build\` first (npm test does).`);
    const results = path.join(folder, 'results.json');
    const { code, output } = await runBench(results);
    expect(code, output).toBe(0);
    const { figures, smoke } = JSON.parse(readFileSync(results, 'utf8')) as { smoke: boolean; figures: { name: string; value?: unknown }[] };
    expect(smoke).toBe(true);
    const names = figures.map((figure) => figure.name);
    for (const expected of [
      'cached / throughput vs static handler',
      'uncached / (SSR) throughput vs static handler',
      'uncached / portal CPU per render',
      'uncached article page: portal CPU per render',
      'stock React Router 7, an empty page: CPU per render',
      "stock React Router 7, a page of the home page's shape: CPU per render",
      'proxied file download throughput vs direct',
      'proxy added latency p50 at 1 connection',
      'proxied file download: portal CPU per download',
      '50 MB upload: portal peak RSS growth',
      'a second 50 MB upload: portal peak RSS growth',
      '/journal: render time 100k vs 300 articles',
      'search results: render time 100k vs 300 articles',
      'article page: render time 100k vs 300 articles',
    ])
      expect(names).toContain(expected);
    for (const figure of figures) expect(Number.isFinite(Number(figure.value)), `${figure.name}: ${String(figure.value)}`).toBe(true);
    // Ten servers start one after another: about half a minute on a quiet machine.
  }, 300_000);
});
