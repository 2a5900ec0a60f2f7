import fc from 'fast-check';
import { createStaticHandler, matchRoutes, type RouteObject, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import routeConfig from '../app/routes';

/**
 * patches/react-router+7.18.4.patch (decision 0010): a server-side match skips a branch
 * whose whole path cannot match before building match objects for its parent routes.
 * These tests fail when the patch changes which route a URL reaches.
 */

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
