import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_DIR as buildDir, requireBuiltFile } from '../tests/support/requirements';
import { TEST_SECRET, listen, memoryLogger, rawRequest } from '../tests/support/servers';
import { createPortalApp } from './app';
import { loadConfig } from './config';

/**
 * The client's fingerprinted assets as a browser gets them: the build's Brotli or gzip copy,
 * chosen by Accept-Encoding, sent as stored (a Content-Length, no compression per request),
 * decoding to the very bytes of the file. Runs after `npm run build`.
 */
const buildFile = requireBuiltFile('server/index.js');
const assetsDir = path.resolve(buildDir, 'client', 'assets');
const entry = readdirSync(assetsDir).find((name) => /^entry\.client-.*\.js$/.test(name));

describe('static assets', () => {
  const closers: (() => Promise<void> | void)[] = [];
  let build: ServerBuild;
  beforeAll(async () => {
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  /** The portal's Express app alone, or (`lanes`) its listener, which answers assets before Express. */
  async function portalServing(clientDir: string, { lanes = false } = {}) {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, SECURE_COOKIES: 'false' });
    const portal = createPortalApp({ config, logger: pino({ level: 'silent' }), journalApiUrl: 'http://127.0.0.1:9', build, clientDir });
    const running = await listen(lanes ? portal.listener : portal.app);
    closers.push(running.close, () => portal.close());
    return running.url;
  }

  it('sends the build’s Brotli or gzip copy of an asset as stored, decoding to the file itself', async () => {
    expect(entry, `no entry.client-*.js in ${assetsDir}`).toBeDefined();
    const url = await portalServing(path.resolve(buildDir, 'client'));
    const file = readFileSync(path.join(assetsDir, entry!));
    const get = (acceptEncoding?: string) =>
      rawRequest(url, { path: `/assets/${entry}`, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });

    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', zlib.gunzipSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      [undefined, undefined, (bytes: Buffer) => bytes],
      ['identity', undefined, (bytes: Buffer) => bytes],
    ] as const) {
      const answer = await get(acceptEncoding);
      const what = `Accept-Encoding: ${acceptEncoding ?? '(none)'}`;
      expect(answer.status, what).toBe(200);
      expect(answer.headers['content-encoding'], what).toBe(encoding);
      expect(answer.headers['content-type'], what).toMatch(/^text\/javascript; charset=utf-8$/i);
      expect(answer.headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary, what).toMatch(/Accept-Encoding/i);
      // Stored bytes, not a stream compressed on the way (which would be chunked).
      expect(Number(answer.headers['content-length']), what).toBe(answer.bytes.length);
      expect(decode(answer.bytes).equals(file), what).toBe(true);
      if (encoding) expect(answer.bytes.length, what).toBeLessThan(file.length / 2);
    }
  });

  it('still compresses an asset that has no stored copy, and answers a path that does not decode with the 404 page', async () => {
    const clientDir = mkdtempSync(path.join(os.tmpdir(), 'portal-assets-'));
    closers.push(() => rmSync(clientDir, { recursive: true, force: true }));
    mkdirSync(path.join(clientDir, 'assets'));
    const script = `export const text = ${JSON.stringify('数据法学'.repeat(2000))};\n`;
    writeFileSync(path.join(clientDir, 'assets', 'plain-abc123.js'), script);
    const url = await portalServing(clientDir);

    const answer = await rawRequest(url, { path: '/assets/plain-abc123.js', headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(answer.status).toBe(200);
    // Compressed on the way (compression() picks Brotli too), so without a length.
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(zlib.brotliDecompressSync(answer.bytes).toString('utf8')).toBe(script);

    for (const broken of ['/assets/%zz.js', '/assets/%E0%A4%A.js', '/assets/%']) {
      const page = await rawRequest(url, { path: broken, headers: { 'Accept-Encoding': 'br' } });
      expect(page.status, broken).toBe(404);
      expect(page.headers['content-type'], broken).toMatch(/^text\/html/);
    }
  });

  it('answers an asset before Express with the same answer, and leaves every other spelling, a range and a revalidation to Express', async () => {
    const clientDir = path.resolve(buildDir, 'client');
    const [throughExpress, withLanes] = [await portalServing(clientDir), await portalServing(clientDir, { lanes: true })];
    const style = readdirSync(assetsDir).find((name) => name.endsWith('.css'))!;
    /** Express writes a Content-Security-Policy into every answer (a nonce's, or a cached page's hashes); the lane sends none. */
    const answeredByExpress = (answer: { headers: Record<string, unknown> }) => answer.headers['content-security-policy'] !== undefined;
    const comparable = (headers: Record<string, unknown>) => {
      const { date: _date, 'x-request-id': _id, 'content-security-policy': _csp, connection: _c, 'keep-alive': _k, ...rest } = headers;
      return { ...rest, 'content-type': String(rest['content-type']).toLowerCase() };
    };

    for (const name of [entry!, style]) {
      for (const method of ['GET', 'HEAD']) {
        for (const acceptEncoding of ['gzip, deflate, br, zstd', 'gzip', 'identity', undefined]) {
          const request = { method, path: `/assets/${name}`, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } };
          const [expected, answer] = [await rawRequest(throughExpress, request), await rawRequest(withLanes, request)];
          const what = `${method} ${name}, Accept-Encoding: ${acceptEncoding ?? '(none)'}`;
          expect(answeredByExpress(answer), what).toBe(false);
          expect(answer.status, what).toBe(200);
          expect(comparable(answer.headers), what).toEqual(comparable(expected.headers));
          expect(answer.bytes.equals(expected.bytes), what).toBe(true);
          expect(answer.headers['x-request-id'], what).toMatch(/^[0-9a-f-]{36}$/);
        }
      }
    }

    const lane = await rawRequest(withLanes, { path: `/assets/${entry}` });
    for (const [request, status] of [
      [{ path: `/assets/${entry}?v=2` }, 200],
      [{ path: `/assets/${entry!.replace('e', '%65')}` }, 200],
      [{ path: `/assets/./${entry}` }, 200],
      [{ path: `/assets//${entry}` }, 200],
      [{ path: `/ASSETS/${entry}` }, 200],
      [{ path: `/assets/${entry!.toUpperCase()}` }, 404],
      [{ path: `/assets/../server/index.js` }, 404],
      [{ path: `/assets/%2e%2e/server/index.js` }, 404],
      [{ path: `/assets/${entry}`, headers: { Range: 'bytes=0-9' } }, 206],
      [{ path: `/assets/${entry}`, headers: { 'If-None-Match': String(lane.headers.etag) } }, 304],
      [{ path: `/assets/${entry}`, headers: { 'If-Modified-Since': String(lane.headers['last-modified']) } }, 304],
    ] as const) {
      const answer = await rawRequest(withLanes, request);
      const what = `${request.path} ${JSON.stringify('headers' in request ? request.headers : {})}`;
      expect(answer.status, what).toBe(status);
      expect(answeredByExpress(answer), `${what} goes to Express`).toBe(true);
    }
  });

  it('logs an asset answered before Express with its route and request id, and counts it', async () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, SECURE_COOKIES: 'false' });
    const logged = memoryLogger();
    const portal = createPortalApp({ config, logger: logged.logger, journalApiUrl: 'http://127.0.0.1:9', build, clientDir: path.resolve(buildDir, 'client') });
    const running = await listen(portal.listener);
    closers.push(running.close, () => portal.close());

    const answer = await rawRequest(running.url, { path: `/assets/${entry}`, headers: { 'X-Request-Id': 'gateway-id-0002' } });
    expect([answer.status, answer.headers['x-request-id'], answer.headers['content-security-policy']]).toEqual([200, 'gateway-id-0002', undefined]);
    await expect.poll(() => logged.lines.find((line) => line.includes('gateway-id-0002'))).toBeDefined();
    expect(JSON.parse(logged.lines.find((line) => line.includes('gateway-id-0002'))!)).toMatchObject({
      level: 30,
      req: { method: 'GET', url: `/assets/${entry}` },
      route: '/assets/*',
      res: { statusCode: 200 },
      msg: 'GET 200',
    });
    expect(await portal.metrics.registry.metrics()).toMatch(/portal_http_request_duration_seconds_count\{route="\/assets\/\*",method="GET",status="2xx"\} 1/);
  });
});
