/**
 * The values of the few tokens of tokens.css that are written where CSS variables do not
 * reach: the browser's theme-color meta and the images the server draws (the QR code, the
 * captcha's failure picture). app/styles/tokens.test.ts checks each against tokens.css.
 */
export const TOKEN_VALUES = {
  '--color-brand-bright': '#0c51d6',
  '--color-surface': '#ffffff',
  '--color-surface-inverse': '#0f2a5c',
  '--color-danger': '#c92a2a',
  '--color-danger-tint': '#fff5f5',
} as const;

export const tokenValue = (name: keyof typeof TOKEN_VALUES) => TOKEN_VALUES[name];
