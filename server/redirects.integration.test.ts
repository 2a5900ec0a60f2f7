import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sealSession } from '../app/session/cookie.server';
import { BUILD_DIR, requireBuiltFile } from '../tests/support/requirements';
import { TEST_SECRET, listen, rawRequest } from '../tests/support/servers';
import pino from 'pino';
import { createPortalApp } from './app';
import { loadConfig } from './config';
import { startTestSandbox, type TestSandbox } from '../sandbox/testing';

/**
 * Every redirect the portal makes from what a request says stays on the portal, whatever
 * the spelling: the production build in front of the sandbox, real requests, and the
 * Location header read as a browser reads it.
 */
const buildFile = requireBuiltFile('server/index.js');

const OFF_SITE = [
  '//evil.example/',
  '/\\evil.example/',
  '/.//evil.example',
  '/./\\evil.example',
  '\\/evil.example',
  '/%2e//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '//evil.example/%2e%2e',
  '/\t/evil.example',
];

describe('redirect targets', () => {
  let sandbox: TestSandbox;
  let portal: { url: string; close: () => Promise<void> };
  let cookie = '';
  beforeAll(async () => {
    sandbox = await startTestSandbox(5);
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, PAGE_CACHE: 'false' });
    portal = await listen(
      createPortalApp({ config, logger: pino({ level: 'silent' }), journalApiUrl: sandbox.url, build, clientDir: path.resolve(BUILD_DIR, 'client') }).app,
    );
    const token = await sandbox.login();
    cookie = `${SESSION_COOKIE}=${sealSession({ token, user: { id: '1', username: 'demo_author', headImgUrl: null, type: 1 }, role: { id: '14', type: 4 }, employeeType: 1 }, [TEST_SECRET])}`;
  });
  afterAll(async () => {
    await portal?.close();
    await sandbox?.close();
  });

  /** Where a browser would go: the Location resolved against the portal. */
  const destination = (location: string | undefined) => new URL(location ?? '', portal.url);
  const staysHere = (location: string | undefined) => {
    expect(location, 'a redirect').toBeDefined();
    expect(location!.startsWith('//') || location!.startsWith('/\\')).toBe(false);
    expect(destination(location).origin).toBe(new URL(portal.url).origin);
  };

  it.each(['//evil.example/?gch=abc', '/\\evil.example/?gch=abc', '//evil.example/x/?gch=abc&login='])(
    'keeps the journal link %s on the portal (no session)',
    async (target) => {
      const answer = await rawRequest(portal.url, { path: target });
      if (answer.status >= 300 && answer.status < 400) staysHere(answer.headers.location);
      else expect(answer.status).toBeLessThan(500);
    },
  );

  it.each(OFF_SITE)('sends a signed-in visitor of /login?redirect=%s to a page of the portal', async (value) => {
    const answer = await rawRequest(portal.url, { path: `/login?redirect=${encodeURIComponent(value)}`, headers: { Cookie: cookie } });
    expect(answer.status).toBe(302);
    staysHere(answer.headers.location);
  });

  it.each(OFF_SITE)('keeps from=%s on the portal after signing in', async (value) => {
    const answer = await rawRequest(portal.url, {
      method: 'POST',
      path: `/login?login=userLogin&from=${encodeURIComponent(value)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: portal.url },
      body: new URLSearchParams({ username: 'demo_author', password: 'Demo@2026', agreement: 'on' }).toString(),
    });
    expect(answer.status).toBe(302);
    staysHere(answer.headers.location);
  });

  it('goes back only to a page of the portal after closing the reminder', async () => {
    for (const referer of ['https://evil.example/x', `${portal.url}//evil.example/`]) {
      const answer = await rawRequest(portal.url, { method: 'POST', path: '/notice/dismiss', headers: { Referer: referer, 'Content-Length': '0' } });
      if (answer.status === 302) staysHere(answer.headers.location);
      else expect(answer.status).toBe(403);
    }
  });

  it.each(['/aboutUs', '/journal/detail?id=1', '/robots.txt', '/sitemap.xml', '/rss/articles.xml', '/theme/detail?id=1'])(
    'builds every absolute URL of %s from the public origin, whatever Host the request names',
    async (page) => {
      for (const headers of [
        { Host: 'evil.example' },
        { 'X-Forwarded-Host': 'evil.example' },
        { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      ]) {
        const answer = await rawRequest(portal.url, { path: page, headers });
        expect(answer.status, page).toBe(200);
        expect(answer.body, `${page} ${JSON.stringify(headers)}`).not.toContain('evil.example');
        expect(answer.body).toContain('http://localhost:3000');
      }
    },
  );

  it('signs nobody out for another site, and signs out for the portal', async () => {
    const foreign = await rawRequest(portal.url, {
      method: 'POST',
      path: '/logout',
      headers: { Cookie: cookie, Origin: 'https://evil.example', 'Content-Length': '0' },
    });
    expect(foreign.status).toBe(403);
    expect(String(foreign.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=;`);
    const ownScheme = await rawRequest(portal.url, {
      method: 'POST',
      path: '/logout',
      headers: { Cookie: cookie, Origin: portal.url.replace('http:', 'https:'), 'Content-Length': '0' },
    });
    expect(ownScheme.status).toBe(403);
    const own = await rawRequest(portal.url, { method: 'POST', path: '/logout', headers: { Cookie: cookie, Origin: portal.url, 'Content-Length': '0' } });
    expect(own.status).toBe(302);
    expect(String(own.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
  });
});
