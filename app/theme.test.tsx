import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const CSS_FILE = fileURLToPath(new URL('./styles/mantine-theme.generated.css', import.meta.url));
const HEADER = '/* Generated from app/theme.ts by app/theme.test.tsx (UPDATE_THEME_CSS=1 npx vitest run app/theme.test.tsx). Do not edit. */\n';

/** The CSS variables and global classes Mantine would otherwise inline into every page. */
function themeCss(): string {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} forceColorScheme="light">
      <span />
    </MantineProvider>,
  );
  const styles = [...html.matchAll(/<style data-mantine-styles="[^"]*">([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  return `${HEADER}${styles.join('\n')}\n`;
}

describe('theme stylesheet', () => {
  it('is the stylesheet Mantine generates from the current theme', () => {
    const expected = themeCss();
    expect(expected).toContain('--mantine-primary-color-filled');
    const committed = readFileSync(CSS_FILE, 'utf8');
    // Regenerating writes the new file but still judges the committed one: run again to see it pass.
    if (process.env.UPDATE_THEME_CSS) writeFileSync(CSS_FILE, expected);
    expect(committed, 'app/theme.ts changed: regenerate with UPDATE_THEME_CSS=1 npx vitest run app/theme.test.tsx').toBe(expected);
  });
});
