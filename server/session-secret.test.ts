import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxSessionSecret } from './session-secret';

describe('the session secret of the embedded sandbox', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-secret-'));
    dirs.push(dir);
    return dir;
  };

  it('is made once beside the database, for this user only, and read back on the next start', () => {
    const dir = tempDir();
    const db = path.join(dir, 'data', 'sandbox.db');
    const first = sandboxSessionSecret(db);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(first.file).toBe(path.join(dir, 'data', 'session-secret'));
    expect(fs.statSync(first.file!).mode & 0o777).toBe(0o600);
    const again = sandboxSessionSecret(db);
    expect(again).toEqual({ secret: first.secret, file: first.file, created: false });
  });

  it('differs from one machine to the next', () => {
    expect(sandboxSessionSecret(path.join(tempDir(), 'a.db')).secret).not.toBe(sandboxSessionSecret(path.join(tempDir(), 'b.db')).secret);
  });

  it('lives in memory only for an in-memory sandbox', () => {
    const secret = sandboxSessionSecret(':memory:');
    expect(secret.file).toBeNull();
    expect(secret.secret.length).toBeGreaterThanOrEqual(32);
  });
});
