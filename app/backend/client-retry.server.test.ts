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
