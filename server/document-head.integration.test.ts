import { describe, expect, it } from 'vitest';
import { builtPortalForSuite } from '../tests/support/built-portal';
import { rawRequest } from '../tests/support/servers';

/**
 * What a phone on a slow network downloads first (decision 0026): the style sheet, then
 * the scripts. The document's own `HydrationScripts` (app/lib/hydration-scripts.tsx) sends
 * no modulepreload links, which React would hoist above the style sheet; the module scripts
 * at the end of the body name the page's modules and then the entry. Runs after `npm run build`.
 */

describe('the head of a document', () => {
  const running = builtPortalForSuite();

  it.each(['/', '/journal', '/journal/detail?id=1', '/news', '/no-such-page'])(
    '%s asks for its style sheet before any script, and still loads the entry',
    async (pagePath) => {
      const { body } = await rawRequest(running.portal.url, { path: pagePath });
      const head = body.slice(0, body.indexOf('</head>'));
      // Modules are preloaded only by the script after the sheet, on a slow link (e2e: tests/e2e/shell.spec.ts).
      expect(body).not.toMatch(/<link[^>]+modulepreload/);
      const stylesheet = head.search(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/[^"]+\.css"/);
      expect(stylesheet).toBeGreaterThan(0);
      expect(head.slice(0, stylesheet)).not.toMatch(/<script[^>]+src=|<link[^>]+\.js"/);
      expect(head.slice(0, stylesheet)).not.toContain('<script');
      // The hydration scripts: the manifest, the chunks and the route modules, then the entry.
      expect(body).toMatch(
        /<script type="module">import "\/assets\/manifest-[^"]+\.js";\s*(import "\/assets\/[^"]+\.js";\s*)+import \* as route0 from "\/assets\/root-[^"]+\.js";[^<]*<\/script><script type="module">(import "\/assets\/[^"]+\.js";\s*)*import "\/assets\/entry\.client-[^"]+\.js";<\/script>/,
      );
    },
  );
});
