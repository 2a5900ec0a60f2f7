import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { requireBuiltFile } from '../tests/support/requirements';

/**
 * `npm run load` in its few-second smoke mode, exactly as an operator starts it (nothing
 * set but LOAD_SMOKE): it picks its own ports, starts the sandbox and the portal, and every
 * goal it checks is met. The full run's figures are in the README.
 */
requireBuiltFile('portal/main.js');

function runLoad(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/load.mjs'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOAD_SMOKE: '1', BUILD_DIR: process.env.BUILD_DIR ?? 'build' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('npm run load (smoke mode)', () => {
  it('meets its goals on a clean checkout and prints memory beside the request figures', async () => {
    const { code, output } = await runLoad();
    expect(output, output).toContain('all load goals met');
    expect(code).toBe(0);
    expect(output).toMatch(/req\/s, p50 \d+ ms, p99 \d+ ms, .*RSS [\d.]+ MB at start, steady [\d.]+ MB/);
  }, 120_000);
});
