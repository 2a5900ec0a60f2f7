import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../tests/support/public-pages';
import { requireBuiltFile } from '../tests/support/requirements';
import { routeLabel } from './metrics';
import { createRouteTable, pagePath, type RouteTable } from './route-table';

/**
 * Every route of the production build declares its policy (app/lib/route-policy.ts), and
 * the metrics labels, the cache rules, the upload limits and robots.txt all come from it.
 */
const buildFile = requireBuiltFile('server/index.js');

describe('the route table of the build', () => {
  let build: ServerBuild;
  let table: RouteTable;
  beforeAll(async () => {
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    table = createRouteTable(build);
  });

  it('gives every route a policy, declared or inherited from its layout', () => {
    const missing = table.routes.filter((route) => !route.policy).map((route) => `${route.id} (${route.pattern})`);
    expect(missing).toEqual([]);
    expect(table.routes.length).toBeGreaterThan(50);
  });

  it('labels requests with real route patterns, never raw URLs', () => {
    const label = (path: string) => routeLabel(path, (page) => table.resolve(pagePath(page))?.pattern);
    const patterns = new Set(table.routes.map((route) => route.pattern.replace(/(.)\/$/, '$1')));
    const samples: [string, string][] = [
      ['/', '/'],
      ['/journal/12', '/journal/:id'],
      ['/journal/detail', '/journal/detail'],
      ['/news/7.data', '/news/:volume'],
      ['/_root.data', '/'],
      ['/upload/info', '/upload/info'],
      ['/captcha.svg', '/captcha.svg'],
      ['/login/username', '/login/username'],
      ['/personal', '/personal'],
      ['/personal/manuscripts/31', '/personal/manuscripts/:id'],
      ['/personal/account/security', '/personal/account/security'],
      ['/sitemap/2.xml', '/sitemap/:file'],
      ['/no/such/page/123', 'other'],
    ];
    for (const [path, expected] of samples) {
      expect(label(path), path).toBe(expected);
      if (expected !== 'other') expect(patterns.has(expected), expected).toBe(true);
    }
  });

  it('keeps personal, sign-in and submission pages private and reading pages public', () => {
    const cache = (path: string) => table.resolve(path)?.policy.cache;
    for (const path of [
      '/personal',
      '/personal/index',
      '/personal/manuscripts/3',
      '/personal/account/invoice',
      '/upload',
      '/upload/confirm',
      '/updatePaperInfo',
      '/login',
      '/findAccount',
      '/logout',
      '/captcha.svg',
      '/captcha/key',
      '/login/username',
      '/login/wechat',
      '/notice/dismiss',
    ]) {
      expect(cache(path), path).toBe('private');
    }
    for (const page of PUBLIC_PAGES) expect(cache(new URL(page, 'http://x').pathname), page).toBe('public');
  });

  it('allows large bodies only where a form sends files', () => {
    const upload = (path: string) => table.resolve(path)?.policy.upload === true;
    for (const path of ['/upload', '/upload/info', '/updatePaperInfo', '/personal/account', '/personal/account/verification'])
      expect(upload(path), path).toBe(true);
    for (const path of ['/login', '/findAccount', '/personal/manuscripts/3/retract', '/personal/account/wechat', '/journal'])
      expect(upload(path), path).toBe(false);
  });

  it('writes robots.txt from the policies', () => {
    expect(table.disallowed).toEqual(expect.arrayContaining(['/personal', '/upload', '/updatePaperInfo', '/login', '/findAccount', '/search?']));
    // A shorter prefix covers the longer ones.
    expect(table.disallowed).not.toContain('/login/username');
    expect(table.disallowed).not.toContain('/upload/info');
    // Of the reading pages only the citation export downloads stay out.
    expect(table.disallowed.filter((path) => path.startsWith('/journal') || path.startsWith('/news'))).toEqual(['/journal/detail/cite']);
  });

  it('has an example in the public-page list of the tests for every public page', () => {
    const publicPages = table.routes.filter((route) => route.policy?.cache === 'public' && 'default' in (build.routes[route.id]?.module ?? {}));
    const covered = new Set(PUBLIC_PAGES.map((page) => table.resolve(new URL(page, 'http://x').pathname)?.pattern));
    const uncovered = publicPages.map((route) => route.pattern.replace(/(.)\/$/, '$1')).filter((pattern) => !covered.has(pattern));
    expect(uncovered).toEqual([]);
  });
});
