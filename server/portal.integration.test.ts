import http, { type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sealSession } from '../app/session/cookie.server';
import { BUILD_DIR as buildDir, requireBuiltFile } from '../tests/support/requirements';
import { TEST_SECRET, listen, memoryLogger, rawRequest } from '../tests/support/servers';
import { createPortalApp } from './app';
import { loadConfig } from './config';

/**
 * The real app (the production build) in front of backends that fail in each way: the
 * network-error page with the right status, the process staying up, and nothing secret
 * in the logs. Runs after `npm run build` (npm test builds first; `BUILD_DIR` picks
 * another build folder).
 */
const buildFile = requireBuiltFile('server/index.js');

describe('portal pages in front of a failing backend', () => {
  let build: ServerBuild;
  const servers: { close: () => Promise<void> }[] = [];
  beforeAll(async () => {
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  /** A portal in front of `journalApiUrl`; backend calls get the production default's time unless a test is about the timeout. */
  async function portalFor(journalApiUrl: string, pageCache = false, upstreamTimeoutMs = 15_000) {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SECRET,
      UPSTREAM_TIMEOUT_MS: String(upstreamTimeoutMs),
      PAGE_CACHE: String(pageCache),
    });
    const { logger, lines } = memoryLogger();
    const portal = createPortalApp({ config, logger, journalApiUrl, build, clientDir: path.resolve(buildDir, 'client') });
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
    // Inside the site's frame: the layout's error boundary keeps the header and footer.
    expect(page.body).toMatch(/<header[\s>]/);
    expect(page.body).toMatch(/<footer[\s>]/);
    expect(page.body).not.toMatch(/at .*\.js:\d+|ECONNREFUSED/);
    // The request id on the page is the one in the logs.
    const requestId = String(page.headers['x-request-id']);
    expect(page.body).toContain(requestId);
    expect(portal.lines.some((line) => line.includes(requestId) && line.includes('journal backend call failed'))).toBe(true);
    expect((await rawRequest(portal.url, { path: '/healthz' })).status).toBe(200);
  });

  it('shows the request id of the response on the page also when the page cache rendered it', async () => {
    const portal = await portalFor('http://127.0.0.1:9', true);
    const page = await rawRequest(portal.url, { path: '/journal?from=cache' });
    expect(page.status).toBe(503);
    expect(page.headers['x-cache']).toBe('MISS');
    const requestId = String(page.headers['x-request-id']);
    expect(page.body).toContain(requestId);
    expect(portal.lines.some((line) => line.includes(requestId) && line.includes('journal backend call failed'))).toBe(true);
  });

  it('shows it with 504 when the backend is slower than the timeout', async () => {
    const hanging = await listen(() => {});
    servers.push(hanging);
    const portal = await portalFor(hanging.url, false, 400);
    const page = await rawRequest(portal.url, { path: '/journal' });
    expect(page.status).toBe(504);
    expect(page.body).toContain('抱歉，网络出错了！');
  });

  it.each([
    ['answers 500', (res: ServerResponse) => res.writeHead(500).end('boom')],
    ['answers malformed JSON', (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":200,')],
    [
      'answers off-contract JSON',
      (res: ServerResponse) =>
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":200,"success":true,"message":"","entity":{"records":"nope"}}'),
    ],
  ])('shows it with 502 when the backend %s', async (_label, answer) => {
    const broken = await listen((_req, res) => answer(res));
    servers.push(broken);
    const portal = await portalFor(broken.url);
    const page = await rawRequest(portal.url, { path: '/journal' });
    expect(page.status).toBe(502);
    expect(page.body).toContain('抱歉，网络出错了！');
  });

  describe('a connection reset in the middle of a file download', () => {
    // A PDF of 80 KB; the broken backend sends its headers (with the full length) and the
    // first half, then destroys the socket.
    const half = Buffer.from(`%PDF-1.7\n${'1 0 obj << /Type /Page >> endobj\n'.repeat(1300)}`);
    const pdf = Buffer.concat([half, half]);
    const author = sealSession(
      {
        token: 'backend-token-of-the-author',
        user: { id: '1', username: 'demo_author', headImgUrl: null, type: 1 },
        role: { id: '14', type: 4 },
        employeeType: 1,
      },
      [TEST_SECRET],
    );

    /** Answers every download in full, except those of the `BROKEN` file (or receipt 9). */
    async function fileBackend() {
      const backend = await listen((req, res) => {
        if (answersFileRecord(req, res)) return;
        res.writeHead(200, {
          'Content-Type': 'application/pdf',
          'Content-Length': String(pdf.length),
          'Content-Disposition': 'attachment; filename="file.pdf"',
        });
        if (!req.url?.includes(BROKEN) && !/[?&]id=9\b/.test(req.url ?? '')) return void res.end(pdf);
        res.write(half, () => setTimeout(() => res.socket?.destroy(), 20));
      });
      servers.push(backend);
      return backend;
    }

    it.each([
      [
        'the /api proxy (article PDF)',
        `/api/file/file/download?hash=${BROKEN}&fileName=a.pdf`,
        `/api/file/file/download?hash=${'1'.repeat(64)}&fileName=a.pdf`,
      ],
      ['the retraction receipt route', '/personal/message/retraction?id=9', '/personal/message/retraction?id=1'],
    ])('through %s: the client sees an aborted download, and the next one works', async (_label, brokenPath, okPath) => {
      const backend = await fileBackend();
      const portal = await portalFor(backend.url);
      const headers = { Cookie: `${SESSION_COOKIE}=${author}` };

      const failed = await download(portal.url, brokenPath, headers);
      // The headers went out before the reset: a 200, but never a clean end (the browser marks the download failed).
      expect(failed.status).toBe(200);
      expect(failed.headers['content-type']).toContain('application/pdf');
      expect(failed.complete, 'the response must not end cleanly').toBe(false);
      expect(failed.bytes).toBeLessThan(pdf.length);
      // The process is up and the next download is whole.
      expect((await rawRequest(portal.url, { path: '/healthz' })).status).toBe(200);
      const next = await download(portal.url, okPath, headers);
      expect(next.status).toBe(200);
      expect(next.headers['content-type']).toContain('application/pdf');
      expect(next.complete).toBe(true);
      expect(next.bytes).toBe(pdf.length);
    });

    it('a slow but steady retraction receipt download is not cut off by the backend timeout', async () => {
      // Thirty parts 50 ms apart: 1.5 s in all, longer than UPSTREAM_TIMEOUT_MS (1 s), and never
      // silent for anything near it, even when a busy machine runs a timer late.
      const count = 30;
      const parts = Array.from({ length: count }, (_, i) => pdf.subarray(Math.floor((i * pdf.length) / count), Math.floor(((i + 1) * pdf.length) / count)));
      const backend = await listen((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.length) });
        const send = (i: number) => (i === parts.length ? res.end() : res.write(parts[i], () => setTimeout(() => send(i + 1), 50)));
        send(0);
      });
      servers.push(backend);
      const portal = await portalFor(backend.url, false, 1000);
      const receipt = await download(portal.url, '/personal/message/retraction?id=1', { Cookie: `${SESSION_COOKIE}=${author}` });
      expect(receipt.status).toBe(200);
      expect(receipt.complete).toBe(true);
      expect(receipt.bytes).toBe(pdf.length);
    });

    it.each([
      ['the /api proxy', `/api/file/file/download?hash=${'2'.repeat(64)}&fileName=a.pdf`],
      ['the retraction receipt route', '/personal/message/retraction?id=2'],
    ])('through %s: a backend that goes silent mid-file gives an aborted download, not a hang', async (_label, filePath) => {
      const backend = await listen((req, res) => {
        if (answersFileRecord(req, res)) return;
        res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.length) });
        res.write(half);
      });
      servers.push(backend);
      const portal = await portalFor(backend.url, false, 400);
      const stalled = await download(portal.url, filePath, { Cookie: `${SESSION_COOKIE}=${author}` });
      expect(stalled.status).toBe(200);
      expect(stalled.complete).toBe(false);
      expect((await rawRequest(portal.url, { path: '/healthz' })).status).toBe(200);
    });
  });

  it('never writes the backend token or the cookie to the logs', async () => {
    const backend = await listen((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 200, success: true, message: '', entity: 0 }));
    });
    servers.push(backend);
    const portal = await portalFor(backend.url);
    const token = 'very-secret-backend-token-5d41402abc4b2a76';
    const sealed = sealSession({ token, user: { id: '1', username: 'demo_author', headImgUrl: null, type: 1 }, role: { id: '14', type: 4 }, employeeType: 1 }, [
      TEST_SECRET,
    ]);
    await rawRequest(portal.url, { path: '/no-such-page?temporaryToken=tok-in-url-123', headers: { Cookie: `${SESSION_COOKIE}=${sealed}` } });
    await rawRequest(portal.url, { path: '/api/attachmentApi/fileBrowsing?hash=a', headers: { Cookie: `${SESSION_COOKIE}=${sealed}` } });
    const log = portal.lines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(token);
    expect(log).not.toContain(sealed);
    expect(log).not.toContain('tok-in-url-123');
  });
});

const BROKEN = '0'.repeat(64);

/** The backend's record of any file the proxy asks about: a PDF (see server/file-downloads.ts). */
function answersFileRecord(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!req.url?.startsWith('/api/attachmentApi/fileRecord')) return false;
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const { hash } = JSON.parse(body) as { hash: string };
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        code: 200,
        success: true,
        message: '',
        entity: { hash, fileName: 'a.pdf', fileType: 'pdf', contentType: 'application/pdf', public: true },
      }),
    );
  });
  return true;
}

interface Download {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
  /** The whole body arrived and the response ended cleanly (what a browser needs to call the download complete). */
  complete: boolean;
}

/** Downloads `path` like a browser would, noting whether the transfer ended cleanly. */
function download(url: string, pathname: string, headers: http.OutgoingHttpHeaders = {}): Promise<Download> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname: target.hostname, port: target.port, path: pathname, headers, agent: false }, (res) => {
      let bytes = 0;
      let settled = false;
      const done = (complete: boolean) => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, complete });
      };
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done(res.complete));
      res.on('error', () => done(false));
      res.on('close', () => done(res.complete));
    });
    req.on('error', reject);
    req.end();
  });
}
