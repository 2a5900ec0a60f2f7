import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sealSession } from '../app/session/cookie.server';
import { TEST_SECRET, listen, memoryLogger, rawRequest } from '../tests/support/servers';
import { createPortalApp } from './app';
import { loadConfig } from './config';

/**
 * The real app (the production build) in front of backends that fail in each way: the
 * network-error page with the right status, the process staying up, and nothing secret
 * in the logs. Runs after `npm run build` (npm test builds first).
 */
const buildFile = path.resolve('build/server/index.js');

describe.skipIf(!existsSync(buildFile))('portal pages in front of a failing backend', () => {
  let build: ServerBuild;
  const servers: { close: () => Promise<void> }[] = [];
  beforeAll(async () => {
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  async function portalFor(journalApiUrl: string) {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, UPSTREAM_TIMEOUT_MS: '400', PAGE_CACHE: 'false' });
    const { logger, lines } = memoryLogger();
    const portal = createPortalApp({ config, logger, journalApiUrl, build, clientDir: path.resolve('build/client') });
    const running = await listen(portal.app);
    servers.push(running);
    return { ...running, lines };
  }

  it('shows the network-error page with 503 when the backend is down, and stays up', async () => {
    const portal = await portalFor('http://127.0.0.1:9');
    const page = await rawRequest(portal.url, { path: '/journal' });
    expect(page.status).toBe(503);
    expect(page.body).toContain('抱歉，网络出错了！');
    expect(page.body).toContain('返回首页');
    expect(page.body).not.toMatch(/at .*\.js:\d+|ECONNREFUSED/);
    // The request id on the page is the one in the logs.
    const requestId = String(page.headers['x-request-id']);
    expect(page.body).toContain(requestId);
    expect(portal.lines.some((line) => line.includes(requestId) && line.includes('journal backend call failed'))).toBe(true);
    expect((await rawRequest(portal.url, { path: '/healthz' })).status).toBe(200);
  });

  it('shows it with 504 when the backend is slower than the timeout', async () => {
    const hanging = await listen(() => {});
    servers.push(hanging);
    const portal = await portalFor(hanging.url);
    const page = await rawRequest(portal.url, { path: '/journal' });
    expect(page.status).toBe(504);
    expect(page.body).toContain('抱歉，网络出错了！');
  });

  it.each([
    ['answers 500', (res: ServerResponse) => res.writeHead(500).end('boom')],
    ['answers malformed JSON', (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":200,')],
    ['answers off-contract JSON', (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":200,"success":true,"message":"","entity":{"records":"nope"}}')],
  ])('shows it with 502 when the backend %s', async (_label, answer) => {
    const broken = await listen((_req, res) => answer(res));
    servers.push(broken);
    const portal = await portalFor(broken.url);
    const page = await rawRequest(portal.url, { path: '/journal' });
    expect(page.status).toBe(502);
    expect(page.body).toContain('抱歉，网络出错了！');
  });

  it('never writes the backend token or the cookie to the logs', async () => {
    const backend = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 200, success: true, message: '', entity: 0 }));
    });
    servers.push(backend);
    const portal = await portalFor(backend.url);
    const token = 'very-secret-backend-token-5d41402abc4b2a76';
    const sealed = sealSession({ token, user: { id: '1', username: 'demo_author', headImgUrl: null, type: 1 }, role: { id: '14', type: 4 }, employeeType: 1 }, [TEST_SECRET]);
    await rawRequest(portal.url, { path: '/no-such-page?temporaryToken=tok-in-url-123', headers: { Cookie: `${SESSION_COOKIE}=${sealed}` } });
    await rawRequest(portal.url, { path: '/api/homeApi/getBottomBar', headers: { Cookie: `${SESSION_COOKIE}=${sealed}` } });
    const log = portal.lines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(token);
    expect(log).not.toContain(sealed);
    expect(log).not.toContain('tok-in-url-123');
  });
});
