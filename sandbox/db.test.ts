import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from './db.js';
import { migrations } from './migrations/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-db-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('db', () => {
  it('creates the folder, uses WAL and records migrations once', () => {
    const file = path.join(dir, 'nested', 'sandbox.db');
    const db = openDb(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const names = (db.prepare('SELECT name FROM schema_migrations ORDER BY name').all() as { name: string }[]).map((r) => r.name);
    expect(names).toEqual(migrations.map((m) => m.name));
    expect(migrate(db)).toEqual([]);
    db.close();
    const again = openDb(file);
    expect(migrate(again)).toEqual([]);
    again.close();
  });
});
