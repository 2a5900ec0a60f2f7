import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoryLogger } from '../../tests/support/servers';
import { createBackendClient, defineEndpoint } from './client.server';
import { BackendEnvelopeError, isBackendFailure } from './errors';

const BASE = 'http://backend.test';
const TOKEN = 'secret-backend-token-abc123';
const server = setupServer();
const endpoint = defineEndpoint<{ id: number }, { name: string }>('POST', '/api/thing', z.object({ name: z.string() }));
const listEndpoint = defineEndpoint<{ page: number }, string[]>('GET', '/api/list', z.array(z.string()));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(timeoutMs = 1000, token: string | null = TOKEN) {
  const { logger, lines } = memoryLogger();
  const backend = createBackendClient({
    baseUrl: BASE,
    timeoutMs,
    requestId: 'req-1234',
    logger,
    token,
    clearSessionCookie: 'journalData-token=; Max-Age=0',
  });
  return { backend, lines };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('backend client', () => {
  it('shares public answers between token-less calls for their TTL, but never a signed-in call or a refusal', async () => {
    const publicList = defineEndpoint<{ type: number }, string[]>('POST', '/api/public-list', z.array(z.string()), { publicTtlMs: 60_000 });
    const seen: string[] = [];
    server.use(
      http.post(`${BASE}/api/public-list`, async ({ request }) => {
        const { type } = (await request.json()) as { type: number };
        seen.push(`${type}:${request.headers.get('authorization') ? 'token' : 'anonymous'}`);
        if (type === 9) return HttpResponse.json({ code: 400, success: false, message: '参数错误', entity: null });
        return HttpResponse.json({ code: 200, success: true, message: '', entity: [`第${seen.length}次`] });
      }),
    );
    const anonymous = client(1000, null).backend;
    expect(await Promise.all([anonymous.call(publicList, { type: 1 }), client(1000, null).backend.call(publicList, { type: 1 })])).toEqual([
      ['第1次'],
      ['第1次'],
    ]);
    expect(await anonymous.call(publicList, { type: 2 })).toEqual(['第2次']);
    expect(await client().backend.call(publicList, { type: 1 })).toEqual(['第3次']);
    await expect(anonymous.call(publicList, { type: 9 })).rejects.toBeInstanceOf(BackendEnvelopeError);
    await expect(anonymous.call(publicList, { type: 9 })).rejects.toBeInstanceOf(BackendEnvelopeError);
    expect(seen).toEqual(['1:anonymous', '2:anonymous', '1:token', '9:anonymous', '9:anonymous']);
  });

  it('sends the token, the request id and JSON, and returns the parsed entity', async () => {
    server.use(
      http.post(`${BASE}/api/thing`, async ({ request }) => {
        expect(request.headers.get('authorization')).toBe(TOKEN);
        expect(request.headers.get('x-request-id')).toBe('req-1234');
        expect(await request.json()).toEqual({ id: 7 });
        return HttpResponse.json({ code: 200, success: true, message: null, entity: { name: '数据法学' } });
      }),
    );
    expect(await client().backend.call(endpoint, { id: 7 })).toEqual({ name: '数据法学' });
  });

  it('puts GET input in the query string', async () => {
    server.use(
      http.get(`${BASE}/api/list`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('page')).toBe('2');
        return HttpResponse.json({ code: 200, success: true, message: '', entity: ['a'] });
      }),
    );
    expect(await client().backend.call(listEndpoint, { page: 2 })).toEqual(['a']);
  });

  it('turns success:false into a BackendEnvelopeError carrying the message', async () => {
    server.use(http.post(`${BASE}/api/thing`, () => HttpResponse.json({ code: 500, success: false, message: '用户名或密码错误', entity: null })));
    const error = await thrown(client().backend.call(endpoint, { id: 1 }));
    expect(error).toBeInstanceOf(BackendEnvelopeError);
    expect((error as BackendEnvelopeError).backendMessage).toBe('用户名或密码错误');
  });

  it.each([
    ['an HTTP 403', () => new HttpResponse(null, { status: 403 })],
    ['an envelope code 403', () => HttpResponse.json({ code: 403, success: false, message: 'expired', entity: null })],
  ])('answers %s with a redirect home that clears the session', async (_label, answer) => {
    server.use(http.post(`${BASE}/api/thing`, answer));
    const error = await thrown(client().backend.call(endpoint, { id: 1 }));
    expect(error).toBeInstanceOf(Response);
    const response = error as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
    expect(response.headers.get('Set-Cookie')).toContain('Max-Age=0');
  });

  const failures: [string, number, () => ReturnType<typeof http.post>][] = [
    ['unreachable', 503, () => http.post(`${BASE}/api/thing`, () => HttpResponse.error())],
    [
      'slower than the timeout',
      504,
      () =>
        http.post(`${BASE}/api/thing`, async () => {
          await delay(400);
          return HttpResponse.json({});
        }),
    ],
    ['answering 500', 502, () => http.post(`${BASE}/api/thing`, () => new HttpResponse('oops', { status: 500 }))],
    [
      'answering malformed JSON',
      502,
      () => http.post(`${BASE}/api/thing`, () => new HttpResponse('{"code":200,', { headers: { 'Content-Type': 'application/json' } })),
    ],
    ['answering without the envelope', 502, () => http.post(`${BASE}/api/thing`, () => HttpResponse.json({ data: 1 }))],
    [
      'answering an entity that fails its schema',
      502,
      () => http.post(`${BASE}/api/thing`, () => HttpResponse.json({ code: 200, success: true, message: '', entity: { name: 42 } })),
    ],
  ];

  it.each(failures)('turns a backend %s into a %i route error with the request id, logged without the token', async (_label, status, handler) => {
    server.use(handler());
    const { backend, lines } = client(200);
    const error = (await thrown(backend.call(endpoint, { id: 1 }))) as { data: unknown; init: { status: number } };
    expect(error.init.status).toBe(status);
    expect(isBackendFailure(error.data)).toBe(true);
    expect(error.data).toMatchObject({ requestId: 'req-1234' });
    const log = lines.join('\n');
    expect(log).toContain('journal backend call failed');
    expect(log).not.toContain(TOKEN);
  });
});

describe('backend client uploads', () => {
  const multipart = () =>
    new Request('http://portal.test/upload', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x--\r\n' });

  it('sends the body with the token and answers a refusal with its message and field', async () => {
    let seen = { authorization: '', contentType: '', body: '' };
    server.use(
      http.post(`${BASE}/manage/up`, async ({ request }) => {
        seen = {
          authorization: request.headers.get('Authorization') ?? '',
          contentType: request.headers.get('Content-Type') ?? '',
          body: await request.text(),
        };
        return HttpResponse.json({ code: 400, success: false, message: '请上传证明材料', entity: null, field: 'file' });
      }),
    );
    const answer = await client().backend.upload('/manage/up', multipart(), { gch: 'G1', themeId: '' });
    expect(seen).toEqual({ authorization: TOKEN, contentType: 'multipart/form-data; boundary=x', body: '--x--\r\n' });
    expect(answer).toMatchObject({ ok: false, code: 400, message: '请上传证明材料', field: 'file' });
  });

  it.each([
    ['an HTTP 403', () => new HttpResponse(null, { status: 403 })],
    ['an envelope code 403', () => HttpResponse.json({ code: 403, success: false, message: 'expired', entity: null })],
  ])('answers %s with the same redirect home that clears the session as any call', async (_label, answer) => {
    server.use(http.post(`${BASE}/manage/up`, answer));
    const error = await thrown(client().backend.upload('/manage/up', multipart()));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).headers.get('Location')).toBe('/');
    expect((error as Response).headers.get('Set-Cookie')).toContain('Max-Age=0');
  });

  it('turns an unreachable backend into the 503 route error', async () => {
    server.use(http.post(`${BASE}/manage/up`, () => HttpResponse.error()));
    const error = (await thrown(client().backend.upload('/manage/up', multipart()))) as { init: { status: number } };
    expect(error.init.status).toBe(503);
  });
});

describe('backend client metrics', () => {
  it('reports each call with its outcome, and each failure with its kind', async () => {
    const calls: string[] = [];
    const { logger } = memoryLogger();
    const backend = createBackendClient({
      baseUrl: BASE,
      timeoutMs: 500,
      requestId: 'req-m',
      logger,
      clearSessionCookie: 'x=; Max-Age=0',
      observe: {
        call: (endpoint, seconds, outcome) => calls.push(`${endpoint} ${outcome} ${seconds >= 0}`),
        failure: (endpoint, kind) => calls.push(`${endpoint} failure ${kind}`),
      },
    });
    server.use(http.post(`${BASE}/api/thing`, () => HttpResponse.json({ code: 200, success: true, message: '', entity: { name: 'a' } })));
    await backend.call(endpoint, { id: 1 });
    server.use(http.post(`${BASE}/api/thing`, () => HttpResponse.json({ code: 400, success: false, message: 'no', entity: null })));
    await thrown(backend.call(endpoint, { id: 1 }));
    server.use(http.post(`${BASE}/api/thing`, () => HttpResponse.error()));
    await thrown(backend.call(endpoint, { id: 1 }));
    expect(calls).toEqual(['/api/thing ok true', '/api/thing refused true', '/api/thing failure network', '/api/thing failed true']);
  });
});
