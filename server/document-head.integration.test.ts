import { describe, expect, it } from 'vitest';
import { builtPortalForSuite } from '../tests/support/built-portal';
import { rawRequest } from '../tests/support/servers';

/**
 * What a phone on a slow network downloads first (decision 0026): the style sheet, then
 * the scripts. The document's own `HydrationScripts` (app/lib/hydration-scripts.tsx) sends
 * no modulepreload links, which React would hoist above the style sheet, and no script before
 * the sheet; the page asks for its modules from the end of the body once it is painted (the
 * end-to-end tests in tests/e2e/shell.spec.ts load them in Chromium). Runs after `npm run build`.
 */

describe('the head of a document', () => {
  const running = builtPortalForSuite();

  it.each(['/', '/journal', '/journal/detail?id=1', '/news', '/no-such-page'])('%s asks for its style sheet before any script', async (pagePath) => {
    const { body } = await rawRequest(running.portal.url, { path: pagePath });
    const head = body.slice(0, body.indexOf('</head>'));
    // Modules are preloaded only by the page's scripts, as it runs (e2e: tests/e2e/shell.spec.ts).
    expect(body).not.toMatch(/<link[^>]+modulepreload/);
    const stylesheet = head.search(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/[^"]+\.css"/);
    expect(stylesheet).toBeGreaterThan(0);
    expect(head.slice(0, stylesheet)).not.toMatch(/<script[^>]+src=|<link[^>]+\.js"/);
    expect(head.slice(0, stylesheet)).not.toContain('<script');
  });
});
