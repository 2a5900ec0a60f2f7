import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as ReactRouter from 'react-router';
import type { RouteObject, StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeConfig from '../app/routes';

/**
 * patches/react-router+7.18.4.patch (decision 0010): a server-side match skips a branch
 * whose whole path cannot match before building match objects for its parent routes.
 * These tests fail when the patch changes which route a URL reaches. The patch also keeps
 * the browser's decoding of a data answer from reporting an abandoned answer as an
 * uncaught error (the last test).
 */

// The ES module build, the one patched: the portal's server bundle and the browser's build load
// it, while Vitest, left to itself, loads the package's CommonJS build, which is not patched.
const {
  createStaticHandler,
  matchRoutes,
  UNSAFE_decodeViaTurboStream: decodeViaTurboStream,
} = (await import(new URL('../node_modules/react-router/dist/development/index.mjs', import.meta.url).href)) as typeof ReactRouter;

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] };

/** The portal's route tree as React Router route objects (ids as the framework gives them). */
function toRouteObjects(entries: ConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
    if (entry.index) return { id, index: true, path: entry.path };
    return { id, path: entry.path, children: entry.children ? toRouteObjects(entry.children) : undefined };
  });
}

const routes: RouteObject[] = [{ id: 'root', path: '', children: toRouteObjects(routeConfig as ConfigEntry[]) }];
const handler = createStaticHandler(routes);

/** Route ids and params of a server-side match (precomputed branches: the patched path). */
async function serverMatch(pathname: string) {
  const context = (await handler.query(new Request(`http://portal.test${pathname}`))) as StaticHandlerContext;
  return context.matches.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname }));
}

/** The same with React Router's public matchRoutes, which ranks the routes on each call (unpatched). */
function referenceMatch(pathname: string) {
  const url = new URL(`http://portal.test${pathname}`);
  return (matchRoutes(routes, url.pathname) ?? []).map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname }));
}

/** Every static and dynamic segment the portal's routes use, to build likely and unlikely paths. */
function segmentsOf(entries: ConfigEntry[]): string[] {
  return entries.flatMap((entry) => [...(entry.path ?? '').split('/').filter(Boolean), ...segmentsOf(entry.children ?? [])]);
}
const knownSegments = [...new Set(segmentsOf(routeConfig as ConfigEntry[]))].map((segment) => (segment.startsWith(':') ? '42' : segment));

describe('React Router patch: route matching', () => {
  it('matches every path the way unpatched React Router does', async () => {
    const segment = fc.oneof(
      fc.constantFrom(...knownSegments),
      fc.constantFrom('', '.', '..', '%2F', '%E6%95%B0%E6%8D%AE', 'JOURNAL', 'Detail', '42', 'x.data', '*'),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { maxLength: 5 }), fc.boolean(), async (parts, trailingSlash) => {
        const pathname = `/${parts.join('/')}${trailingSlash ? '/' : ''}`;
        expect(await serverMatch(pathname)).toEqual(referenceMatch(pathname));
      }),
      { numRuns: 2000 },
    );
    // 2,000 matches through the built server: seconds on a quiet machine, more beside the e2e run.
  }, 120_000);

  it('still reaches the home page, articles, nested personal pages and the 404 route', async () => {
    expect((await serverMatch('/')).map((match) => match.id)).toEqual(['root', 'routes/layouts/default', 'routes/home']);
    expect((await serverMatch('/journal/detail')).at(-1)?.id).toBe('routes/journal/article');
    expect((await serverMatch('/journal/7')).at(-1)?.params).toEqual({ id: '7' });
    expect((await serverMatch('/personal/manuscripts/9/retract')).at(-1)?.id).toBe('routes/personal/manuscripts/retract');
    expect((await serverMatch('/no/such/page')).at(-1)?.id).toBe('routes/not-found');
  });
});

describe('React Router patch: a data answer abandoned half-way', () => {
  // A reader who clicks on while a page's data is arriving: React Router aborts that request
  // and never waits for the end of its answer. Unpatched, the decoder's two promises for that
  // end rejected with nobody to handle them: Chromium printed "Uncaught (in promise)
  // AbortError: signal is aborted without reason" twice.
  it('ends without an unhandled rejection when the request is aborted after the first line', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    // The first line of a data answer, then nothing more for as long as the connection lasts.
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/x-script' });
      res.write('[{"_1":2},"routes/home",{"_3":4},"data",5]\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const request = new AbortController();
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/home.data`, { signal: request.signal });
      const decoded = await decodeViaTurboStream(response.body!, globalThis);
      expect(decoded.value).toEqual({ 'routes/home': { data: 5 } });
      request.abort();
      // Node reports a promise rejected without a handler once the microtasks of the turn
      // that rejected it have run; the abort's rejections all happen in that turn.
      await new Promise(setImmediate);
      await new Promise(setImmediate);
      expect(unhandled.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      server.closeAllConnections();
      server.close();
    }
  });
});
