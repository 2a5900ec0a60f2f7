import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import express from 'express';
import { listen, rawRequest } from '../tests/support/servers';
import { withCauses } from '../app/lib/error-causes.server';
import { createHttpLogger, createLogger, maskSensitiveFields, redactUrl } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('logging', () => {
  it('masks credentials and personal numbers in logged URLs', () => {
    const url = redactUrl('/?temporaryToken=tok123&temporaryUserId=9&gch=SJFX&password=p4ss&mobileNo=13800000001&cardNo=110101199003071234');
    expect(url).not.toMatch(/tok123|p4ss|13800000001|110101199003071234/);
    expect(url).toContain('gch=SJFX');
    expect(url).toContain('temporaryUserId=9');
    expect(redactUrl('/journal?page=2')).toBe('/journal?page=2');
  });

  it('redacts passwords, tokens, codes and ID numbers in structured fields', () => {
    const { logger, lines } = capture();
    logger.info(
      { password: 'Secret@1', token: 'tok-xyz', user: { confirmPassword: 'Secret@1', verificationCode: '123456', cardNo: '110101199003071234' }, code: 505 },
      'attempt',
    );
    const line = lines.join('');
    expect(line).not.toMatch(/Secret@1|tok-xyz|123456|110101199003071234/);
    expect(line).toContain('[REDACTED]');
    // The backend's business code stays readable.
    expect(JSON.parse(line).code).toBe(505);
  });

  it('masks sensitive fields whatever their case and nesting, without touching the object logged', () => {
    const { logger, lines } = capture();
    const logged = {
      Password: 'Secret@1',
      MOBILENO: '13800000001',
      req: { method: 'POST', headers: { cookie: 'portal_session=sealed', Authorization: 'Bearer tok-xyz' } },
      attempts: [{ idNumber: '110101199003071234' }],
      err: new Error('refused'),
    };
    logger.warn(logged, 'sign-in refused');
    const line = JSON.parse(lines.join(''));
    expect(JSON.stringify(line)).not.toMatch(/Secret@1|13800000001|portal_session|tok-xyz|110101199003071234/);
    expect(line.req).toEqual({ method: 'POST', headers: { cookie: '[REDACTED]', Authorization: '[REDACTED]' } });
    expect(line.attempts).toEqual([{ idNumber: '[REDACTED]' }]);
    // An error keeps its serializer's shape; the caller's object is left as it was.
    expect(line.err.message).toBe('refused');
    expect(logged.Password).toBe('Secret@1');
    expect(logged.req.headers.cookie).toBe('portal_session=sealed');
    // A request line has nothing to mask: it is logged as it is, not copied.
    const requestLine = { reqId: 'r1', req: { method: 'GET', url: '/journal' }, route: '/journal', res: { statusCode: 200 } };
    expect(maskSensitiveFields(requestLine)).toBe(requestLine);
  });

  it('gives each request line its route pattern and one request id field, and an expected 5xx no stack', async () => {
    const { logger, lines } = capture();
    const app = express();
    app.use(createHttpLogger(logger, (path) => (path.startsWith('/journal/') ? '/journal/:id' : 'other')));
    app.get('/journal/:id', (req, res) => {
      (req as unknown as { log: typeof logger }).log.info('inside');
      res.status(502).end();
    });
    const server = await listen(app);
    try {
      const response = await rawRequest(server.url, { path: '/journal/7?page=2' });
      expect(response.status).toBe(502);
      const [inside, request] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(inside!.reqId).toBe(response.headers['x-request-id']);
      expect(request).toMatchObject({
        level: 50,
        route: '/journal/:id',
        reqId: response.headers['x-request-id'],
        req: { method: 'GET', url: '/journal/7?page=2' },
        res: { statusCode: 502 },
        msg: 'GET 502',
      });
      expect(request!.req).not.toHaveProperty('id');
      expect(request).not.toHaveProperty('err');
    } finally {
      await server.close();
    }
  });

  it('writes no line for the polled probes, and one for every other request', async () => {
    const { logger, lines } = capture();
    const app = express();
    app.use(createHttpLogger(logger));
    app.get(['/healthz', '/readyz', '/news'], (_req, res) => res.status(200).end());
    const server = await listen(app);
    try {
      for (const path of ['/healthz', '/readyz', '/readyz?probe=1', '/news']) expect((await rawRequest(server.url, { path })).status).toBe(200);
      expect(lines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url)).toEqual(['/news']);
    } finally {
      await server.close();
    }
  });

  it('names a failed connection by its cause, not "fetch failed"', async () => {
    const closed = await listen((_req, res) => res.end());
    await closed.close();
    const error = await fetch(closed.url).catch((caught: unknown) => caught);
    expect(withCauses(error)).toMatch(/^fetch failed: connect ECONNREFUSED 127\.0\.0\.1:\d+/);
  });
});
