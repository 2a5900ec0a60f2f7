import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A checkout where npm could not build the optional SQLite driver (no prebuilt binary, no
 * compiler): npm drops it, so here the scripts run where no node_modules holds it.
 */
const checkout = mkdtempSync(path.join(os.tmpdir(), 'portal-no-sqlite-'));
cpSync('scripts', path.join(checkout, 'scripts'), { recursive: true });
cpSync('package.json', path.join(checkout, 'package.json'));
afterAll(() => rmSync(checkout, { recursive: true, force: true }));

function run(script: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [script], {
    cwd: checkout,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: checkout, ...env },
    timeout: 20_000,
  });
}

describe('without the SQLite driver', () => {
  it("ends npm's install with one line naming the driver and the two ways forward", () => {
    const install = run('scripts/sqlite-driver.mjs');
    expect(install.status).toBe(0);
    const lines = install.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('better-sqlite3');
    expect(lines[0]).toContain('python3 make g++');
    expect(lines[0]).toContain('JOURNAL_API_URL');
  });

  it('says nothing when the install left optional dependencies out on purpose', () => {
    expect(run('scripts/sqlite-driver.mjs', { npm_config_omit: 'optional' }).stderr).toBe('');
  });

  it('npm start stops before building, naming the driver, a compiler and JOURNAL_API_URL', () => {
    const start = run('scripts/start.mjs');
    expect(start.status).toBe(1);
    expect(start.stderr).not.toContain('Building');
    const lines = start.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^JOURNAL_API_URL: not set/);
    expect(lines[0]).toContain('better-sqlite3');
    expect(lines[0]).toContain('install a C++ compiler');
  });
});
