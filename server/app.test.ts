import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, rawRequest, startShellPortal } from '../tests/support/servers';
import { READINESS_PROBE_PATH } from './readiness';

describe('portal shell', () => {
  let upstream: Awaited<ReturnType<typeof listen>>;
  let portal: Awaited<ReturnType<typeof startShellPortal>>;

  let probes = 0;
  beforeAll(async () => {
    upstream = await listen((req, res) => {
      if (req.url === READINESS_PROBE_PATH) probes += 1;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ code: 200, success: true, message: '', entity: [] }));
    });
    portal = await startShellPortal(upstream.url);
  });
  afterAll(async () => {
    await portal.close();
    await upstream.close();
  });

  it('answers /healthz with 200 and a request id', async () => {
    const response = await rawRequest(portal.url, { path: '/healthz' });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers /readyz with ready and nothing more, checking the backend at most once a second however often asked', async () => {
    const started = performance.now();
    probes = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => rawRequest(portal.url, { path: '/readyz' })));
    for (let i = 0; i < 50; i++) answers.push(await rawRequest(portal.url, { path: '/readyz' }));
    const seconds = (performance.now() - started) / 1000;
    expect(answers.every((answer) => answer.status === 200 && answer.body === '{"ready":true}')).toBe(true);
    expect(probes).toBeGreaterThanOrEqual(1);
    expect(probes).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });

  it('answers /readyz with 503 within about a second of the backend going away', async () => {
    await upstream.close();
    const started = Date.now();
    let answer = await rawRequest(portal.url, { path: '/readyz' });
    while (answer.status === 200 && Date.now() - started < 5000) answer = await rawRequest(portal.url, { path: '/readyz' });
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ ready: false });
    expect(Date.now() - started).toBeLessThan(2500);
    expect((await rawRequest(portal.url, { path: '/healthz' })).status).toBe(200);
  });

  it('answers /readyz with 503 when the backend hangs past one second', async () => {
    const hanging = await listen(() => {});
    const slowPortal = await startShellPortal(hanging.url);
    try {
      const started = Date.now();
      const response = await rawRequest(slowPortal.url, { path: '/readyz' });
      expect(response.status).toBe(503);
      expect(JSON.parse(response.body)).toEqual({ ready: false });
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await slowPortal.close();
      await hanging.close();
    }
  });

  it('sends the security headers with a fresh script nonce on every response', async () => {
    // Pages (here without a renderer, so they fail) carry the document headers.
    const first = await rawRequest(portal.url, { path: '/journal' });
    const second = await rawRequest(portal.url, { path: '/journal' });
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'strict-dynamic' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // Style elements need the nonce too; only style attributes may be inline.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain(`style-src-elem 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp.replace("style-src-attr 'unsafe-inline'", '')).not.toContain('unsafe-inline');
    expect(second.headers['content-security-policy']).not.toBe(csp);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(first.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(first.headers['permissions-policy']).toContain('camera=()');
    expect(first.headers['x-powered-by']).toBeUndefined();
    // Not production: no HSTS on plain http during development.
    expect(first.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS in production', async () => {
    const production = await startShellPortal('http://127.0.0.1:9', { NODE_ENV: 'production' });
    try {
      const response = await rawRequest(production.url, { path: '/healthz' });
      expect((await rawRequest(production.url, { path: '/journal' })).headers['strict-transport-security']).toContain('max-age=31536000');
      expect((await rawRequest(production.url, { path: '/api/x' })).headers['strict-transport-security']).toContain('max-age=31536000');
      expect(response.status).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('gives proxied API answers the static security headers', async () => {
    const response = await rawRequest(portal.url, { path: '/api/attachmentApi/fileBrowsing?hash=a' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps a sane gateway request id and replaces a hostile one', async () => {
    const kept = await rawRequest(portal.url, { path: '/healthz', headers: { 'X-Request-Id': 'gateway-abc-12345' } });
    expect(kept.headers['x-request-id']).toBe('gateway-abc-12345');
    const replaced = await rawRequest(portal.url, { path: '/healthz', headers: { 'X-Request-Id': '<script>x</script>' } });
    expect(replaced.headers['x-request-id']).not.toContain('<');
  });
});

describe('body limits of the portal’s own forms', () => {
  let portal: Awaited<ReturnType<typeof startShellPortal>>;
  beforeAll(async () => {
    portal = await startShellPortal('http://127.0.0.1:9');
  });
  afterAll(async () => {
    await portal.close();
  });

  it('refuses a form body over 1 MB with 413 and a Chinese message, without reading it', async () => {
    const response = await rawRequest(portal.url, {
      method: 'POST',
      path: '/login',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(2 * 1024 * 1024) },
    }).catch((error: Error) => ({ status: 0, body: error.message, headers: {} }));
    expect(response.status).toBe(413);
    expect(response.body).toContain('提交的内容过大');
  });

  it('answers JSON callers in JSON', async () => {
    const response = await rawRequest(portal.url, {
      method: 'POST',
      path: '/login.data',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(5 * 1024 * 1024), Accept: 'application/json' },
    }).catch((error: Error) => ({ status: 0, body: error.message, headers: {} }));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toMatchObject({ code: 413, success: false });
  });

  it('refuses a chunked form body of unknown length with 411', async () => {
    const response = await rawRequest(portal.url, {
      method: 'POST',
      path: '/login',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
      body: 'a=1',
    });
    expect(response.status).toBe(411);
  });
});
