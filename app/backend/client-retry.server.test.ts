import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoryLogger } from '../../tests/support/servers';
import { createBackendClient, defineEndpoint } from './client.server';
import { isBackendFailure } from './errors';

/**
 * A real server (not msw) that breaks the connection under the first request of each
 * path, as a backend closing a kept-alive connection the portal just reused does.
 */
const seen: string[] = [];
const broken = new Set<string>();
const backend = http.createServer((req, res) => {
  const path = req.url ?? '';
  seen.push(`${req.method} ${path}`);
  if (!broken.has(path)) {
    broken.add(path);
    return void req.socket.destroy();
  }
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ code: 200, success: true, message: '', entity: ['ok'] }));
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));

function client() {
  const { logger, lines } = memoryLogger();
  return {
    backend: createBackendClient({ baseUrl, timeoutMs: 2000, requestId: 'req-1', logger, token: 'token-1', clearSessionCookie: 'x=; Max-Age=0' }),
    lines,
  };
}

describe('backend client on a broken connection', () => {
  it('retries a read once and answers as if nothing happened', async () => {
    const read = defineEndpoint('GET', '/api/read', z.array(z.string()));
    const { backend: api, lines } = client();
    expect(await api.call(read)).toEqual(['ok']);
    expect(seen.filter((line) => line === 'GET /api/read')).toHaveLength(2);
    expect(lines.join('\n')).toContain('retrying the read once');
  });

  it('retries a public list (a POST that only reads) too', async () => {
    const list = defineEndpoint<{ size: number }, string[]>('POST', '/api/public-list', z.array(z.string()), { publicTtlMs: 1 });
    expect(await client().backend.call(list, { size: 3 })).toEqual(['ok']);
    expect(seen.filter((line) => line === 'POST /api/public-list')).toHaveLength(2);
  });

  it('never sends a write twice: the visitor gets the network failure', async () => {
    const write = defineEndpoint<{ title: string }, string[]>('POST', '/api/write', z.array(z.string()));
    const error = await client()
      .backend.call(write, { title: '稿件' })
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    const failure = (error as { data: unknown }).data;
    expect(isBackendFailure(failure) && failure.backendFailure).toBe('network');
    expect(seen.filter((line) => line === 'POST /api/write')).toHaveLength(1);
  });

  it('retries a raw GET (files, captcha) once', async () => {
    const response = await client().backend.raw('/api/file');
    expect(response.status).toBe(200);
    expect(seen.filter((line) => line === 'GET /api/file')).toHaveLength(2);
  });
});

/**
 * The calls' own connection handling, on a real server: kept-alive connections reused, an
 * answer that stops half-way ends as the timeout page, and an answer's text read as `fetch`
 * would (split multi-byte characters, a byte order mark).
 */
describe('backend client connections', () => {
  const connections: string[] = [];
  const entity = '数据法学'.repeat(4000);
  const server = http.createServer((req, res) => {
    if (req.url === '/api/stalls') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.write('{"code":200,"success":true,');
    }
    const body = Buffer.from(JSON.stringify({ code: 200, success: true, message: '', entity: [entity] }));
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/api/bom') return void res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]));
    // In one-byte pieces: every character is split across reads.
    res.writeHead(200);
    for (const byte of body.subarray(0, 64)) res.write(Buffer.from([byte]));
    res.end(body.subarray(64));
  });
  server.on('connection', (socket) => connections.push(`${socket.remotePort}`));
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const api = (timeoutMs = 2000) =>
    createBackendClient({ baseUrl: base, timeoutMs, requestId: 'req-2', logger: memoryLogger().logger, token: 'token-2', clearSessionCookie: 'x=; Max-Age=0' });

  it('reuses one kept-alive connection for calls one after another, and reads split characters whole', async () => {
    const read = defineEndpoint('GET', '/api/pieces', z.array(z.string()));
    const before = connections.length;
    for (let i = 0; i < 5; i++) expect(await api().call(read)).toEqual([entity]);
    expect(connections.length - before).toBe(1);
  });

  it('reads an answer that starts with a byte order mark', async () => {
    expect(await api().call(defineEndpoint('GET', '/api/bom', z.array(z.string())))).toEqual([entity]);
  });

  it('ends an answer that stops half-way with the timeout failure', async () => {
    const started = performance.now();
    const error = await api(300)
      .call(defineEndpoint('GET', '/api/stalls', z.unknown()))
      .then(
        () => null,
        (thrown: unknown) => thrown,
      );
    const failure = (error as { data: unknown }).data;
    expect(isBackendFailure(failure) && failure.backendFailure).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
