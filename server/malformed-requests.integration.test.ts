import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_DIR, requireBuiltFile } from '../tests/support/requirements';
import { TEST_SECRET, listen, memoryLogger, rawRequest } from '../tests/support/servers';
import { createPortalApp } from './app';
import { loadConfig } from './config';
import { startTestSandbox, type TestSandbox } from '../sandbox/testing';

/**
 * Requests no browser sends, answered as the sender's mistake: 400, 405 or 501 with a
 * page and the request id, nothing logged as an error, and the process unharmed.
 */
const buildFile = requireBuiltFile('server/index.js');

describe('malformed requests', () => {
  let sandbox: TestSandbox;
  let portal: { url: string; close: () => Promise<void> };
  let lines: string[] = [];
  beforeAll(async () => {
    sandbox = await startTestSandbox(5);
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    // The page cache on, as in production: a page it holds fresh is answered before Express
    // (server/cache-hit-lane.ts), and what is refused here must be refused there too.
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET });
    const memory = memoryLogger();
    lines = memory.lines;
    const app = createPortalApp({ config, logger: memory.logger, journalApiUrl: sandbox.url, build, clientDir: path.resolve(BUILD_DIR, 'client') });
    portal = await listen(app.listener);
  });
  afterAll(async () => {
    await portal?.close();
    await sandbox?.close();
  });

  const errorLines = () => lines.filter((line) => JSON.parse(line).level >= 50);

  it.each([
    ['TRACE', '/', 405],
    ['PATCH', '/journal', 405],
    ['PUT', '/login', 405],
    ['DELETE', '/api/homeApi/getBottomBar', 405],
    ['PROPFIND', '/', 501],
    ['MKCOL', '/', 501],
  ])('answers %s %s with %i and a page', async (method, target, status) => {
    const answer = await rawRequest(portal.url, { method, path: target });
    expect(answer.status).toBe(status);
    if (status === 405) expect(answer.headers.allow).toBe('GET, HEAD, POST');
    expect(answer.body).toContain('不支持的请求方式');
    expect(answer.body).toContain(String(answer.headers['x-request-id']));
  });

  it.each(['http://evil.example/', 'https://evil.example/journal?x=1', '*'])('answers the absolute-form target %s with 400', async (target) => {
    const answer = await rawRequest(portal.url, { path: target });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('请求地址无效');
  });

  it.each(['garbage{}', 'javascript', 'ftp', '', 'https{}, http'])('answers the forwarded scheme %j with 400', async (scheme) => {
    const answer = await rawRequest(portal.url, { path: '/', headers: { 'X-Forwarded-Proto': scheme } });
    expect(answer.status).toBe(400);
  });

  it('still serves a gateway that forwards http or https', async () => {
    expect((await rawRequest(portal.url, { path: '/aboutUs', headers: { 'X-Forwarded-Proto': 'https' } })).status).toBe(200);
    expect((await rawRequest(portal.url, { path: '/aboutUs', headers: { 'X-Forwarded-Proto': 'http, https' } })).status).toBe(200);
  });

  /** A request written byte for byte (headers in any number), and the status line of its answer. */
  function rawStatus(lines: string[]): Promise<number> {
    const { hostname, port } = new URL(portal.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
      let head = '';
      socket.on('data', (chunk) => {
        head += chunk.toString('latin1');
        const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
        if (status) {
          socket.destroy();
          resolve(Number(status[1]));
        }
      });
      socket.on('error', reject);
    });
  }

  it('answers a request with two Host headers with 400, in any case and order', async () => {
    const host = new URL(portal.url).host;
    expect(await rawStatus(['GET /aboutUs HTTP/1.1', `Host: ${host}`, 'Connection: close'])).toBe(200);
    expect(await rawStatus(['GET /aboutUs HTTP/1.1', `Host: ${host}`, 'Host: evil.example', 'Connection: close'])).toBe(400);
    expect(await rawStatus(['GET /aboutUs HTTP/1.1', 'host: evil.example', `HOST: ${host}`, 'Connection: close'])).toBe(400);
    expect(await rawStatus(['GET /api/homeApi/getBottomBar HTTP/1.1', `Host: ${host}`, `Host: ${host}`, 'Connection: close'])).toBe(400);
  });

  it("takes no client's X-Forwarded-Host for the origin check of a form post", async () => {
    const logout = (origin: string, forwardedHost?: string) =>
      rawRequest(portal.url, {
        method: 'POST',
        path: '/logout',
        headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', ...(forwardedHost ? { 'X-Forwarded-Host': forwardedHost } : {}) },
        body: '',
      });
    // The probe: a foreign Origin that names the forwarded host, and the real origin beside it.
    expect((await logout('http://evil.example', 'evil.example')).status).toBeGreaterThanOrEqual(400);
    expect((await logout(portal.url, 'evil.example')).status).toBe(302);
    expect((await logout(portal.url)).status).toBe(302);
  });

  it.each([
    ['a broken multipart body', 'multipart/form-data; boundary=zzz', 'garbage with no boundary'],
    ['JSON', 'application/json', '{"username":'],
    ['plain text', 'text/plain', 'username=demo'],
  ])('answers %s posted to a form action with 400 and a page', async (_label, type, body) => {
    for (const action of ['/login?login=userLogin', '/findAccount']) {
      const answer = await rawRequest(portal.url, { method: 'POST', path: action, headers: { 'Content-Type': type, Origin: portal.url }, body });
      expect(answer.status, action).toBe(400);
      expect(answer.body, action).toContain('</html>');
    }
  });

  it('logged none of it as an error, and is still healthy', async () => {
    expect(errorLines().map((line) => line.slice(0, 400))).toEqual([]);
    expect((await rawRequest(portal.url, { path: '/healthz' })).status).toBe(200);
  });
});
