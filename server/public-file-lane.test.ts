import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sealSession } from '../app/session/cookie.server';
import { TEST_SECRET, listen, rawRequest, startShellPortal, type RawResponse } from '../tests/support/servers';

/**
 * A reader's download of a public file whose record the portal holds is forwarded before
 * Express (server/public-file-lane.ts): the reader gets the answer Express's path gave, the
 * backend gets the request Express's path sent, and the log and metrics see it the same way.
 * Everything else still goes to Express.
 */

const PUBLIC_PDF = '5'.repeat(32);
const PDF_BYTES = Buffer.from('%PDF-1.4\n公开的论文全文\n%%EOF\n');
const DOWNLOAD = `/api/file/file/download?inline=1&hash=${PUBLIC_PDF}&fileName=${encodeURIComponent('任意名字.html')}`;

interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

/** Headers that differ between any two answers or requests, whoever sends them. */
const PER_MESSAGE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const comparable = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_MESSAGE.has(name))
      .sort(),
  );

describe('the public-file lane', () => {
  let backend: Awaited<ReturnType<typeof listen>>;
  let portal: Awaited<ReturnType<typeof startShellPortal>>;
  const received: Received[] = [];
  const downloads = () => received.filter((request) => request.path.startsWith('/api/file/file/download'));

  beforeAll(async () => {
    backend = await listen((req, res) => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
      req.resume();
      req.on('end', () => {
        if (req.url === '/api/attachmentApi/fileRecord') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          const record = { hash: PUBLIC_PDF, fileName: '数据跨境流动的法律规制.pdf', fileType: 'pdf', contentType: 'application/pdf', public: true };
          return res.end(JSON.stringify({ code: 200, success: true, message: '', entity: record }));
        }
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(PDF_BYTES.length), 'Set-Cookie': 'backend=1' });
        res.end(req.method === 'HEAD' ? undefined : PDF_BYTES);
      });
    });
    // Behind the gateway: the client's address and scheme come from its headers.
    portal = await startShellPortal(backend.url, { TRUST_PROXY: 'loopback', PUBLIC_URL: 'https://journal.example.edu.cn' });
  });
  afterAll(async () => {
    await portal?.close();
    await backend?.close();
  });

  const gatewayHeaders = { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'User-Agent': 'Zotero' };

  it('gives the answer Express gave and asks the backend what Express asked, without a second record lookup', async () => {
    const first = await rawRequest(portal.url, { path: DOWNLOAD, headers: gatewayHeaders });
    const viaExpress = downloads().at(-1)!;
    const reached = portal.expressReached.length;
    const second = await rawRequest(portal.url, { path: DOWNLOAD, headers: gatewayHeaders });
    expect(portal.expressReached.length, 'the held record is forwarded before Express').toBe(reached);
    expect(received.filter((request) => request.path === '/api/attachmentApi/fileRecord')).toHaveLength(1);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.bytes.equals(PDF_BYTES)).toBe(true);
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.headers['content-disposition']).toMatch(/^inline;/);
    expect(second.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('数据跨境流动的法律规制.pdf')}`);
    expect(second.headers['content-type']).toBe('application/pdf');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['set-cookie']).toBeUndefined();
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const viaLane = downloads().at(-1)!;
    expect(viaLane.path).toBe(`/api/file/file/download?hash=${PUBLIC_PDF}&inline=1`);
    expect(comparable(viaLane.headers)).toEqual(comparable(viaExpress.headers));
    expect(viaLane.headers['x-forwarded-for']).toBe('203.0.113.9');
    expect(viaLane.headers['x-forwarded-proto']).toBe('https');
    expect(viaLane.headers['x-forwarded-host']).toBe('journal.example.edu.cn');
    expect(viaLane.headers['x-request-id']).toBe(second.headers['x-request-id']);
  });

  it('answers HEAD without a body, and keeps the gateway’s request id in the answer, the log and the metrics', async () => {
    await rawRequest(portal.url, { path: DOWNLOAD });
    const reached = portal.expressReached.length;
    const head = await rawRequest(portal.url, { method: 'HEAD', path: DOWNLOAD, headers: { 'X-Request-Id': 'gateway-file-0001' } });
    expect(portal.expressReached.length).toBe(reached);
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', String(PDF_BYTES.length)]);
    expect(head.headers['x-request-id']).toBe('gateway-file-0001');
    const line = JSON.parse(portal.logLines.find((entry) => entry.includes('gateway-file-0001'))!);
    expect(line).toMatchObject({ reqId: 'gateway-file-0001', route: '/api/file/file/download', res: { statusCode: 200 }, req: { method: 'HEAD' } });
    const metrics = await portal.metrics.registry.metrics();
    expect(metrics).toMatch(/portal_http_request_duration_seconds_count\{[^}]*route="\/api\/file\/file\/download"[^}]*\} [1-9]/);
  });

  it('leaves to Express a signed-in reader, a personal cookie, a write and every other spelling of the address', async () => {
    await rawRequest(portal.url, { path: DOWNLOAD });
    const session = `${SESSION_COOKIE}=${sealSession({ token: 'backend-token-0001', user: { id: '1', username: 'demo_author', headImgUrl: null, type: 1 }, role: { id: '4', type: 4 }, employeeType: 1 }, [TEST_SECRET])}`;
    const query = `?hash=${PUBLIC_PDF}`;
    // `status` is Express's answer; a path that is no API address goes to the pages (none in this portal).
    const cases: { path: string; method?: string; headers?: http.OutgoingHttpHeaders; status?: number }[] = [
      { path: DOWNLOAD, headers: { Cookie: session }, status: 200 },
      { path: DOWNLOAD, headers: { Cookie: 'journalData-notice=1' }, status: 200 },
      { path: DOWNLOAD, method: 'POST', headers: { 'Content-Length': '0' }, status: 404 },
      { path: `/API/file/file/download${query}`, status: 400 },
      { path: `//api/file/file/download${query}` },
      { path: `/api/file/x/../file/download${query}`, status: 400 },
      { path: `/api/file/%66ile/download${query}`, status: 400 },
      { path: `/api/file/file/download/${query}`, status: 400 },
      // A record not held: Express asks the backend, which knows no such file.
      { path: `/api/file/file/download?hash=${'6'.repeat(32)}`, status: 404 },
    ];
    for (const { path, method = 'GET', headers, status } of cases) {
      const reached = portal.expressReached.length;
      const answer: RawResponse = await rawRequest(portal.url, { method, path, headers });
      expect(portal.expressReached.slice(reached), `${method} ${path} ${JSON.stringify(headers ?? {})}`).toEqual([path]);
      if (status) expect(answer.status, path).toBe(status);
      else expect(answer.bytes.equals(PDF_BYTES), path).toBe(false);
    }
    // The signed-in reader's download carried their token; the lane never sends one.
    expect(received.some((request) => request.headers.authorization === 'backend-token-0001')).toBe(true);
  });

  it('answers 502 in Chinese when the backend is gone, and stays up', async () => {
    const lonely = await listen((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const record = { hash: PUBLIC_PDF, fileName: '论文.pdf', fileType: 'pdf', contentType: 'application/pdf', public: true };
      res.end(req.url === '/api/attachmentApi/fileRecord' ? JSON.stringify({ code: 200, success: true, message: '', entity: record }) : '{}');
    });
    const other = await startShellPortal(lonely.url);
    try {
      expect((await rawRequest(other.url, { path: DOWNLOAD })).status).toBe(200);
      await lonely.close();
      const reached = other.expressReached.length;
      const answer = await rawRequest(other.url, { path: DOWNLOAD });
      expect(other.expressReached.length, 'answered by the lane').toBe(reached);
      expect(answer.status).toBe(502);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toMatchObject({ code: 502, success: false, message: '服务暂时不可用，请稍后再试' });
      expect((await rawRequest(other.url, { path: '/healthz' })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
