// An operator learns the sandbox's settings from its README: every environment variable the
// sandbox reads must be in the README's table.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = path.dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('sandbox README', () => {
  it('documents every environment variable the sandbox reads', () => {
    const read = new Set<string>();
    for (const file of sources(here)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/process\.env\.([A-Z0-9_]+)|(?:intEnv|process\.env\[)\(?'([A-Z0-9_]+)'/g)) read.add(m[1] ?? m[2]!);
    }
    const table = fs.readFileSync(path.join(here, 'README.md'), 'utf8');
    const documented = new Set([...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]!));
    expect(read.size).toBeGreaterThanOrEqual(6);
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
  });
});
