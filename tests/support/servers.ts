import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { createPortalApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { BUILD_DIR, requireBuiltFile } from './requirements';

export { freePorts } from '../../scripts/local-servers.mjs';

export const TEST_SECRET = 'test-session-secret-'.padEnd(48, 'x');

/** Starts a server on an ephemeral loopback port. */
export async function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  // Node closes a keep-alive connection after 5 idle seconds; fetch in this same process may
  // pick that connection for its next request just then when the machine is busy, and reads
  // ECONNRESET (seen once in CI). Connections stay open until `close` closes them all.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Collects log lines in memory so tests can assert what was (not) logged. */
export function memoryLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

/**
 * The production build's portal in front of `journalApiUrl`, page cache off: for tests of the
 * pages as a client receives them. Needs `npm run build` (the test fails without it).
 */
export async function startBuiltPortal(journalApiUrl: string) {
  const build = (await import(pathToFileURL(requireBuiltFile('server/index.js')).href)) as ServerBuild;
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, PAGE_CACHE: 'false' });
  const app = createPortalApp({ config, logger: memoryLogger().logger, journalApiUrl, build, clientDir: path.resolve(BUILD_DIR, 'client') });
  const running = await listen(app.app);
  return { ...running, config };
}

/**
 * A portal whose page renderer is never used: for tests of the shell and the proxy. It listens
 * as the real one does (the lanes in front of Express included); `expressReached` lists the
 * request targets Express was handed.
 */
export async function startShellPortal(journalApiUrl: string, env: Record<string, string> = {}, now?: () => number) {
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: TEST_SECRET, UPSTREAM_TIMEOUT_MS: '500', ...env });
  const { logger, lines } = memoryLogger();
  const build = () => Promise.reject(new Error('no pages in this test')) as Promise<ServerBuild>;
  const portal = createPortalApp({ config, logger, journalApiUrl, build, maxUploadBytes: 60 * 1024 * 1024, now });
  const expressReached: string[] = [];
  // Express's app hands each request to its `handle` method (untyped).
  const express = portal.app as unknown as { handle(req: http.IncomingMessage, res: http.ServerResponse, next?: unknown): void };
  const handle = express.handle.bind(express);
  express.handle = (req, res, next) => {
    expressReached.push(req.url ?? '');
    handle(req, res, next);
  };
  const running = await listen(portal.listener);
  return {
    ...running,
    config,
    logLines: lines,
    expressReached,
    metrics: portal.metrics,
    close: async () => {
      portal.close();
      await running.close();
    },
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body as received (still encoded when the answer names a Content-Encoding). */
  bytes: Buffer;
}

/** A raw HTTP request: no client-side normalisation of the path (fetch would resolve `..`). */
export function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer },
): Promise<RawResponse> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname: target.hostname, port: target.port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
