import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every style sheet of the site uses the colour tokens of app/styles/tokens.css, and only defined ones. */
const APP = path.resolve('app');
const TOKENS = path.join(APP, 'styles/tokens.css');
const GENERATED = path.join(APP, 'styles/mantine-theme.generated.css');

function styleSheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(file);
    return entry.name.endsWith('.css') && file !== TOKENS && file !== GENERATED ? [file] : [];
  });
}

/** The text without its comments, line numbers kept. */
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));

function colourLiterals(css: string): { line: number; literal: string }[] {
  return withoutComments(css)
    .split('\n')
    .flatMap((text, index) => [...text.matchAll(/#[0-9a-fA-F]{3,8}\b/g)].map((match) => ({ line: index + 1, literal: match[0] })));
}

describe('colour tokens', () => {
  const sheets = styleSheets(APP);
  const defined = new Set([...readFileSync(TOKENS, 'utf8').matchAll(/(--color-[a-z0-9-]+)\s*:/g)].map((match) => match[1]));

  it('finds the style sheets and the tokens', () => {
    expect(sheets.length).toBeGreaterThan(30);
    expect(defined.size).toBeGreaterThan(30);
  });

  it('has no colour literal in any style sheet but the tokens', () => {
    const found = sheets.flatMap((file) =>
      colourLiterals(readFileSync(file, 'utf8')).map(({ line, literal }) => `${path.relative(APP, file)}:${line} ${literal}`),
    );
    expect(found).toEqual([]);
  });

  it('uses only tokens that are defined', () => {
    const unknown = sheets.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--color-[a-z0-9-]+)/g)]
        .map((match) => match[1])
        .filter((name) => !defined.has(name))
        .map((name) => `${path.relative(APP, file)} ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('sees a literal where there is one, and not in a comment', () => {
    expect(colourLiterals('a { color: #1f2733; }\n/* #fff */\nb { border: 1px solid #FFF }')).toEqual([
      { line: 1, literal: '#1f2733' },
      { line: 3, literal: '#FFF' },
    ]);
  });
});
