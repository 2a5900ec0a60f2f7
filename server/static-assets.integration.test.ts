import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_DIR as buildDir, requireBuiltFile } from '../tests/support/requirements';
import { TEST_SECRET, listen, rawRequest } from '../tests/support/servers';
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

  async function portalServing(clientDir: string) {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, SECURE_COOKIES: 'false' });
    const portal = createPortalApp({ config, logger: pino({ level: 'silent' }), journalApiUrl: 'http://127.0.0.1:9', build, clientDir });
    const running = await listen(portal.app);
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
});
