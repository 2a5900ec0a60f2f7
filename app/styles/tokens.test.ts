import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_VALUES } from './token-values';

/**
 * Every colour of the site is a token of app/styles/tokens.css: no style sheet and no
 * component writes a colour literal (hex, rgb(), rgba(), hsl(), hsla() or a named colour),
 * and the tokens used are defined.
 */
const APP = path.resolve('app');
const TOKENS = path.join(APP, 'styles/tokens.css');
/** The values of the tokens written where CSS variables do not reach, checked against tokens.css below. */
const TOKEN_VALUES_FILE = path.join(APP, 'styles/token-values.ts');

function filesEndingWith(dir: string, extensions: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesEndingWith(file, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

// The CSS named colours (CSS Color Module Level 4).
const NAMED_COLOURS = `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey
darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey
darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite
gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon
lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue
lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid
mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin
navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff
peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver
skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow
yellowgreen`.split(/\s+/);

// A hex colour starts a value: not `/page#face`, an anchor after a path.
const HEX = /(?<![\w$}/-])#[0-9a-fA-F]{3,8}\b/g;
const FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/gi;
const NAMED = new RegExp(`(?<![\\w$.#-])(?:${NAMED_COLOURS.join('|')})(?![\\w-])`, 'gi');

/** The text with its comments blanked, line numbers kept. */
const withoutComments = (text: string, lineComments: boolean) =>
  text.replace(lineComments ? /\/\*[\s\S]*?\*\/|(?<![:'"\w])\/\/[^\n]*/g : /\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));

type Literal = { line: number; literal: string };

function literalsByLine(text: string, find: (line: string) => string[]): Literal[] {
  return text.split('\n').flatMap((line, index) => find(line).map((literal) => ({ line: index + 1, literal })));
}

/** Colour literals in a style sheet: in declarations' values, leaving out custom property names, var() references, strings and url(). */
export function cssColourLiterals(css: string): Literal[] {
  return literalsByLine(withoutComments(css, false), (line) => {
    const values = [...line.matchAll(/:([^;{}]*)(?:;|}|$)/g)]
      .map((match) => match[1])
      .filter((value) => !/^[\w-]*\s*$/.test(value) || NAMED.test(value))
      .map((value) => value.replace(/var\(--[\w-]+|url\([^)]*\)|'[^']*'|"[^"]*"/g, ''));
    return values.flatMap((value) => [...value.matchAll(HEX), ...value.matchAll(FUNCTION), ...value.matchAll(NAMED)].map((match) => match[0]));
  });
}

/** Colour literals in a component: hex and colour functions anywhere in its code, named colours as whole string values (`fill="white"`, `color: 'red'`). */
export function codeColourLiterals(code: string): Literal[] {
  const quotedName = new RegExp(`(['"\`])(${NAMED_COLOURS.join('|')})\\1`, 'gi');
  return literalsByLine(withoutComments(code, true), (line) => [
    ...[...line.matchAll(/(['"`])([^'"`]*)\1/g)].flatMap((match) => [...match[2].matchAll(HEX), ...match[2].matchAll(FUNCTION)].map((found) => found[0])),
    ...[...line.matchAll(quotedName)].map((match) => match[2]),
  ]);
}

describe('colour tokens', () => {
  const sheets = filesEndingWith(APP, ['.css']).filter((file) => file !== TOKENS);
  const components = filesEndingWith(APP, ['.ts', '.tsx']).filter((file) => file !== TOKEN_VALUES_FILE);
  const tokens = readFileSync(TOKENS, 'utf8');
  const defined = new Set([...tokens.matchAll(/(--color-[a-z0-9-]+)\s*:/g)].map((match) => match[1]));
  const where = (file: string, { line, literal }: Literal) => `${path.relative(APP, file)}:${line} ${literal}`;

  it('finds the style sheets, the components and the tokens', () => {
    expect(sheets.length).toBeGreaterThan(30);
    expect(components.length).toBeGreaterThan(100);
    expect(defined.size).toBeGreaterThan(30);
  });

  it('has no colour literal in any style sheet but the tokens', () => {
    expect(sheets.flatMap((file) => cssColourLiterals(readFileSync(file, 'utf8')).map((found) => where(file, found)))).toEqual([]);
  });

  it('has no colour literal in any component', () => {
    expect(components.flatMap((file) => codeColourLiterals(readFileSync(file, 'utf8')).map((found) => where(file, found)))).toEqual([]);
  });

  it('uses only tokens that are defined', () => {
    const unknown = [...sheets, ...components].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--color-[a-z0-9-]+)/g)]
        .map((match) => match[1])
        .filter((name) => !defined.has(name))
        .map((name) => `${path.relative(APP, file)} ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('writes out only the values of tokens where CSS variables do not reach', () => {
    for (const [name, value] of Object.entries(TOKEN_VALUES)) expect(tokens).toContain(`${name}: ${value};`);
  });

  it('sees every kind of literal in a style sheet, and none in a comment, a token or a name', () => {
    const css = [
      'a { color: #1f2733; }',
      '/* #fff red */',
      'b { border: 1px solid #FFF }',
      'c { box-shadow: 0 1px 2px rgba(0, 0, 0, 0.1), 0 0 1px hsl(0 0% 0%); }',
      'd { background: White; color: var(--color-line-grey); outline-color: transparent; }',
      '.red, .tan { animation: grow 1s; border-color: currentColor; font-family: "Noto Sans"; }',
      'e { background: url(/x.svg#red) no-repeat, linear-gradient(to right, navy, var(--color-surface)); }',
    ].join('\n');
    expect(cssColourLiterals(css)).toEqual([
      { line: 1, literal: '#1f2733' },
      { line: 3, literal: '#FFF' },
      { line: 4, literal: 'rgba(' },
      { line: 4, literal: 'hsl(' },
      { line: 5, literal: 'White' },
      { line: 7, literal: 'navy' },
    ]);
  });

  it('sees colour literals in a component, and not an anchor or a word', () => {
    const tsx = [
      `<div style={{ color: '#0c51d6' }} />`,
      `<path fill="white" stroke="rgba(0,0,0,.5)" />`,
      `<a href="#main">跳到正文</a> // a comment with #abc`,
      `const tone = { success: 'green' };`,
      `const text = 'red pen'; <circle fill="var(--color-brand)" />`,
      'redirect(`${PAGE}#face`);',
    ].join('\n');
    expect(codeColourLiterals(tsx)).toEqual([
      { line: 1, literal: '#0c51d6' },
      { line: 2, literal: 'rgba(' },
      { line: 2, literal: 'white' },
      { line: 4, literal: 'green' },
    ]);
  });
});
