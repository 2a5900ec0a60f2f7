import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Text follows the reader's default font size: every font-size of the site's style sheets is
 * in rem (or em, relative to its parent), none in px, which would ignore the browser setting.
 */
const APP = path.resolve('app');

function styleSheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

describe('font sizes', () => {
  it('are in rem or em in every style sheet', () => {
    const inPx = styleSheets(APP).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${path.relative(APP, file)}:${index + 1}` }))
        .filter(({ line }) => /font-size:[^;]*\dpx/.test(line))
        .map(({ line, where }) => `${where} ${line.trim()}`),
    );
    expect(inPx).toEqual([]);
  });
});
