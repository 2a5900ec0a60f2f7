import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEMPLATE, gatewayRequest, requireNginx, startGateway, type Gateway, type GatewayRequest } from '../tests/support/gateway';
import { requireBuiltFile, requireRedisServer } from '../tests/support/requirements';
import { TEST_SECRET, freePorts, type RawResponse } from '../tests/support/servers';
import { waitUntilUp } from '../scripts/local-servers.mjs';
import { hasPersonalCookie } from './cache-policy';
import { startRedisServer, stopWithTestProcess, type TestRedisServer } from './redis-test-server';

/**
 * The portal behind a real gateway, as deployed: nginx (docs/gateway/nginx.conf, the
 * configuration the README recommends) terminating TLS and caching anonymous pages, in
 * front of two built portal processes sharing one Redis and one sandbox backend.
 * Needs nginx, redis-server and openssl (`bash .ci/run` installs them) and the production
 * build (`npm test` makes it first; `BUILD_DIR` picks another build folder).
 */
requireRedisServer();
const nginx = requireNginx();
const portalMain = requireBuiltFile('portal/main.js');
const sandboxMain = requireBuiltFile('sandbox/main.js');
requireBuiltFile('server/index.js');

/** Seconds an anonymous page stays fresh in this test: short, so it can see one go stale. */
const FRESH_SECONDS = 2;
const DEMO = { username: 'demo_author', password: 'Demo@2026', realName: '张晓明' };
/** The client addresses nginx sees: each test signs in or guesses from its own. */
const CLIENTS = { guesser: '127.0.0.2', neighbour: '127.0.0.3', author: '127.0.0.4' };
const EVIL = 'evil.example';
/** Answers nginx served from its cache: a copy that went stale during a slow run is still one. */
const FROM_CACHE = ['HIT', 'STALE', 'UPDATING'];

/**
 * A URL of `page` (no query of its own) no other request asks for, in the form a cache
 * keeps: the sign-in popup's `from` is a parameter every page reads, so it makes an entry.
 */
const own = (page: string, label: string) => `${page}?from=${encodeURIComponent(`/${label}`)}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long each visitor of the rolling restart pauses between two requests. */
const THINK_TIME_MS = 500;

/** Each place `text` appears in `body`, with a little context (a readable failure, not the whole page). */
const mentionsOf = (text: string, body: string) =>
  [...body.matchAll(new RegExp(text.replaceAll('.', '\\.'), 'g'))].map((m) => body.slice(Math.max(0, m.index - 60), m.index + 60));

describe('two portal processes behind nginx (TLS, gateway cache, forwarded client address)', () => {
  let redis: TestRedisServer | undefined;
  let gateway: Gateway;
  let sandbox: ChildProcess;
  let sandboxUrl = '';
  let tempDir = '';
  const children: ChildProcess[] = [];
  const output = new Map<ChildProcess, string>();
  const portalPorts: number[] = [];
  const portals = new Map<number, ChildProcess>();

  function start(script: string, env: Record<string, string>) {
    const child = spawn(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    output.set(child, '');
    // The last few kilobytes are enough to say why a process failed.
    const collect = (chunk: Buffer) => output.set(child, ((output.get(child) ?? '') + chunk.toString()).slice(-8000));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    children.push(child);
    stopWithTestProcess(child);
    return child;
  }

  function exited(child: ChildProcess, withinMs: number): Promise<{ code: number | null; signal: string | null }> {
    return new Promise((resolve, reject) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
      const timer = setTimeout(() => reject(new Error(`process did not exit within ${withinMs} ms:\n${output.get(child)}`)), withinMs);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    });
  }

  async function startPortal(port: number) {
    const child = start(portalMain, {
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: '0',
      JOURNAL_API_URL: sandboxUrl,
      REDIS_URL: redis!.url,
      // The public origin: the gateway's, whatever Host a request names.
      PUBLIC_URL: gateway.url,
      TRUST_PROXY: 'loopback',
      CACHE_S_MAXAGE: String(FRESH_SECONDS),
      CACHE_STALE_WHILE_REVALIDATE: '300',
      LOG_LEVEL: 'warn',
    });
    portals.set(port, child);
    await waitUntilUp(`http://127.0.0.1:${port}/healthz`, { child, output: () => output.get(child) ?? '' });
    return child;
  }

  const get = (pagePath: string, options: Omit<GatewayRequest, 'path'> = {}) => gatewayRequest(gateway, { path: pagePath, ...options });

  /** Sends `request` every 100 ms until `done` holds (10 s at most); returns the answer and when its request left. */
  async function pollUntil(request: () => Promise<RawResponse>, done: (response: RawResponse) => boolean) {
    const seen: string[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      const sentAt = Date.now();
      const response = await request();
      if (done(response)) return { response, sentAt, seen };
      seen.push(String(response.headers['x-gateway-cache']));
      await sleep(100);
    }
    throw new Error(`no such answer within 10 s; the gateway said: ${seen.join(' ')}`);
  }

  function signInAttempt(localAddress: string, username: string, password: string, headers: Record<string, string> = {}) {
    return get('/login?login=userLogin', {
      method: 'POST',
      localAddress,
      // As a browser sends it: React Router's origin check sees the https origin only if
      // the portal trusts nginx's X-Forwarded-Proto.
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: gateway.url, ...headers },
      body: new URLSearchParams({ username, password, agreement: 'on' }).toString(),
    });
  }

  /** Signs demo_author in through the gateway; the session cookie's `name=value`. */
  async function signIn() {
    const response = await signInAttempt(CLIENTS.author, DEMO.username, DEMO.password);
    expect(response.status).toBe(302);
    const session = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('journalData-token='));
    expect(session).toBeDefined();
    return { response, session: session!, cookie: session!.split(';')[0]! };
  }

  const mentionsTheAuthor = (body: string) => body.includes(DEMO.username) || body.includes(DEMO.realName);

  beforeAll(async () => {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'portal-gateway-'));

    const [redisPort, sandboxPort, gatewayPort, portA, portB] = await freePorts(5);
    portalPorts.push(portA!, portB!);
    redis = await startRedisServer([redisPort!]);
    sandbox = start(sandboxMain, { SANDBOX_PORT: String(sandboxPort), SANDBOX_DB: ':memory:', SANDBOX_ARTICLES: '40' });
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    gateway = await startGateway({ nginx, dir: tempDir, port: gatewayPort!, portals: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`] });
    await waitUntilUp(`${sandboxUrl}/api/homeApi/getBottomBar`, { child: sandbox, output: () => output.get(sandbox) ?? '' });
    await Promise.all(portalPorts.map((port) => startPortal(port)));
  }, 360_000);

  afterAll(async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.kill('SIGTERM');
        await exited(child, 10_000).catch(() => undefined);
        clearTimeout(force);
      }),
    );
    await gateway?.stop();
    await redis?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }, 30_000);

  it('serves an anonymous page from its cache while the portal says it is fresh, then stale while one background request refreshes it', async () => {
    const pagePath = own('/aboutUs', 'revalidate');
    const sentFirst = Date.now();
    const first = await get(pagePath);
    expect(first.status).toBe(200);
    expect(first.headers['x-gateway-cache']).toBe('MISS');
    expect(first.headers['cache-control']).toBe(`public, max-age=0, s-maxage=${FRESH_SECONDS}, stale-while-revalidate=300`);
    expect(first.headers['set-cookie']).toBeUndefined();

    const second = await get(pagePath);
    expect(second.headers['x-gateway-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    // A copy every visitor gets holds no nonce (a nonce everybody is sent is no secret): the
    // CSP stored with it allows its inline scripts by their hashes (tests/e2e/cache.spec.ts
    // runs them in Chromium).
    const csp = String(second.headers['content-security-policy']);
    expect(csp).toBe(first.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+;/);
    expect(csp).not.toContain('nonce');
    expect(second.body).not.toContain('nonce');

    // Fresh for s-maxage (never less), then served stale at once while nginx refreshes it.
    const stale = await pollUntil(
      () => get(pagePath),
      (r) => r.headers['x-gateway-cache'] !== 'HIT',
    );
    expect(stale.seen.every((status) => status === 'HIT')).toBe(true);
    expect(stale.sentAt - sentFirst).toBeGreaterThanOrEqual(FRESH_SECONDS * 1000);
    expect(['STALE', 'UPDATING']).toContain(stale.response.headers['x-gateway-cache']);
    expect(stale.response.status).toBe(200);

    // The background refresh stored a fresh copy: hits again, without a visitor waiting for a render.
    const refreshed = await pollUntil(
      () => get(pagePath),
      (r) => r.headers['x-gateway-cache'] === 'HIT',
    );
    expect(refreshed.seen.every((status) => status === 'STALE' || status === 'UPDATING')).toBe(true);
    expect(refreshed.response.status).toBe(200);
  });

  it('sets the session cookie Secure over https, and it works: the personal centre answers the signed-in author', async () => {
    const { response, session, cookie } = await signIn();
    const attributes = session.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);

    const personal = await get('/personal', { headers: { Cookie: cookie } });
    expect(personal.status).toBe(200);
    expect(personal.body).toContain(DEMO.username);
    expect(personal.headers['cache-control']).toBe('private, no-store');
  });

  it('never stores a signed-in page nor serves one to another visitor, and never serves a signed-in visitor from the cache', async () => {
    const { cookie } = await signIn();
    const pagePath = own('/', 'signed-in');
    const asAuthor = { headers: { Cookie: cookie } };

    for (let i = 0; i < 2; i++) {
      const mine = await get(pagePath, asAuthor);
      expect(mine.status).toBe(200);
      expect(mine.headers['x-gateway-cache']).toBe('BYPASS');
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.body).toContain(DEMO.username);
    }
    // Nothing was stored: the first anonymous visitor is a miss, and sees nobody's name.
    const anonymous = await get(pagePath);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers['x-gateway-cache']).toBe('MISS');
    expect(mentionsTheAuthor(anonymous.body)).toBe(false);
    expect(FROM_CACHE).toContain((await get(pagePath)).headers['x-gateway-cache']);
    // And the cached anonymous page is not what the author gets.
    const mineAgain = await get(pagePath, asAuthor);
    expect(mineAgain.headers['x-gateway-cache']).toBe('BYPASS');
    expect(mineAgain.body).toContain(DEMO.username);

    // The personal centre: the author's, never stored, never anyone else's.
    const personal = await get('/personal', asAuthor);
    expect(personal.status).toBe(200);
    expect(personal.headers['x-gateway-cache']).toBe('BYPASS');
    expect(personal.body).toContain(DEMO.realName);
    for (let i = 0; i < 2; i++) {
      const someoneElse = await get('/personal');
      expect(FROM_CACHE).not.toContain(someoneElse.headers['x-gateway-cache']);
      expect(someoneElse.status).not.toBe(200);
      expect(mentionsTheAuthor(someoneElse.body)).toBe(false);
    }
  });

  it('bypasses its cache for exactly the cookies the portal treats as personal', async () => {
    const pagePath = own('/aboutUs', 'cookies');
    await get(pagePath);
    expect(FROM_CACHE).toContain((await get(pagePath)).headers['x-gateway-cache']);
    const personal = ['journalData-token=abc', 'journalData-flash=abc', 'customer=1', '_ga=GA1.1; journalData-token=abc', 'theme=dark;journalData-token=abc'];
    const other = ['_ga=GA1.1', 'xjournalData-token=abc', 'customers=1'];
    for (const cookie of personal) {
      expect(hasPersonalCookie(cookie), cookie).toBe(true);
      expect((await get(pagePath, { headers: { Cookie: cookie } })).headers['x-gateway-cache'], cookie).toBe('BYPASS');
    }
    for (const cookie of other) {
      expect(hasPersonalCookie(cookie), cookie).toBe(false);
      expect(FROM_CACHE, cookie).toContain((await get(pagePath, { headers: { Cookie: cookie } })).headers['x-gateway-cache']);
    }
  });

  it('builds every URL of every page from PUBLIC_URL, whatever Host or X-Forwarded-Host a request names, and no trick poisons the cache', async () => {
    const tricks: Record<string, string>[] = [
      { Host: EVIL },
      { 'X-Forwarded-Host': EVIL },
      { Host: `${EVIL}:8443`, 'X-Forwarded-Host': EVIL, 'X-Forwarded-Proto': 'http' },
    ];
    const pages = ['/', '/journal/detail?id=1', '/aboutUs', '/sitemap.xml', '/robots.txt', '/rss/articles.xml'];
    /** Files outside the site's layouts read no parameter: `trick` leaves both caches' keys, and nginx keeps no copy under it. */
    const isFile = (page: string) => page.includes('.');
    /** A page gets a URL of its own (the popup's `from`, in the sorted form a cache keeps). */
    function withTrick(page: string, n: number) {
      if (isFile(page)) return `${page}?trick=${n}`;
      const [pathname, query] = page.split('?');
      const params = new URLSearchParams(query);
      params.set('from', `/trick-${n}`);
      params.sort();
      return `${pathname}?${params}`;
    }

    function expectPublicUrls(page: string, response: RawResponse) {
      const where = `${page} (${response.headers['x-gateway-cache']})`;
      expect(response.status, where).toBe(200);
      expect(mentionsOf(EVIL, response.body), where).toEqual([]);
      if (page === '/robots.txt') expect(response.body, where).toContain(`Sitemap: ${gateway.url}/sitemap.xml`);
      if (page === '/sitemap.xml') {
        const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
        expect(locations.length, where).toBeGreaterThan(0);
        for (const location of locations) expect(location.startsWith(`${gateway.url}/`), `${where}: ${location}`).toBe(true);
      }
      if (page.startsWith('/rss/')) expect(response.body, where).toContain(`${gateway.url}/`);
      if (!page.includes('.')) {
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(response.body)?.[1];
        expect(canonical, where).toBeDefined();
        expect(canonical!.startsWith(`${gateway.url}/`), `${where}: ${canonical}`).toBe(true);
      }
    }

    let n = 0;
    for (const trick of tricks) {
      for (const page of pages) {
        n += 1;
        const target = withTrick(page, n);
        const tricked = await get(target, { headers: trick });
        // Passed to a portal (not an earlier clean copy at the gateway); a page is rendered for it.
        expect(tricked.headers['x-gateway-cache'], target).toBe('MISS');
        if (!isFile(page)) expect(tricked.headers['x-cache'], target).toBe('MISS');
        expectPublicUrls(page, tricked);
        // The next visitor is served what the trick left in a cache: still clean.
        const next = await get(target);
        if (isFile(page)) {
          expect(next.headers['x-gateway-cache'], target).toBe('MISS');
          expect(['HIT', 'STALE'], target).toContain(next.headers['x-cache']);
        } else {
          expect(FROM_CACHE, target).toContain(next.headers['x-gateway-cache']);
        }
        expectPublicUrls(page, next);
      }
    }

    // Signed-in pages are rendered per request, through another path of the portal.
    const { cookie } = await signIn();
    for (const page of ['/', '/personal']) {
      const response = await get(page, { headers: { Cookie: cookie, Host: EVIL, 'X-Forwarded-Host': EVIL } });
      expect(response.status, page).toBe(200);
      expect(mentionsOf(EVIL, response.body), page).toEqual([]);
    }
  });

  it('keeps one entry per page at the portal and at nginx, whatever parameters the route does not read', async () => {
    // The news list reads type, q and page (and the popup's parameters); nothing else.
    const canonical = '/news?page=1&type=2';
    const first = await get(canonical);
    expect(first.status).toBe(200);
    expect(first.headers['x-gateway-cache']).toBe('MISS');
    expect(FROM_CACHE).toContain((await get(canonical)).headers['x-gateway-cache']);
    const variants = [
      '/news?utm_source=x&page=1&type=2',
      '/news?page=1&%74ype=2', // an encoded name
      '/news?pa%67e=1&type=2',
      '/news?page=1&type=2&type=3', // repeated: the loader reads the first
      '/news?page=1&page=9&type=2',
      '/news?page=1&q=&type=2', // empty values
      '/news?page=1&type=2&',
      '/news?page=1&type=2&junk=1&junk=2&UTM=3',
    ];
    for (const variant of variants) {
      for (let i = 0; i < 2; i++) {
        const response = await get(variant);
        // The portal served its one entry; nginx kept no copy under the variant's URL.
        expect(response.status, variant).toBe(200);
        expect(['HIT', 'STALE'], variant).toContain(response.headers['x-cache']);
        expect(response.headers['x-gateway-cache'], variant).toBe('MISS');
        expect(response.headers['cache-control'], variant).toBe('private, max-age=0');
        expect(response.body, variant).toBe(first.body);
      }
    }
    // Another order is the same entry at the portal; nginx may keep it under its own URL
    // (orders are few, and the portal's own links put the page last).
    const reordered = await get('/news?type=2&page=1');
    expect(['HIT', 'STALE']).toContain(reordered.headers['x-cache']);
    expect(reordered.body).toBe(first.body);
    expect(reordered.headers['cache-control']).toBe(first.headers['cache-control']);
    // A name in another case is another name to the loader (TYPE is not type): that is the
    // list without a type, from that list's own entry.
    const plain = await get('/news?page=1');
    const upper = await get('/news?TYPE=2&page=1');
    expect(upper.body).toBe(plain.body);
    expect(upper.body).not.toBe(first.body);
    expect(['HIT', 'STALE']).toContain(upper.headers['x-cache']);
  });

  it("passes no client's forwarding header on: a foreign Origin naming itself in X-Forwarded-Host cannot sign a visitor out", async () => {
    const { cookie } = await signIn();
    const logout = (origin: string) =>
      get('/logout', {
        method: 'POST',
        headers: {
          Cookie: cookie,
          Origin: origin,
          'X-Forwarded-Host': EVIL,
          Forwarded: `host=${EVIL};proto=https`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: '',
      });
    expect((await logout(`https://${EVIL}`)).status).toBe(403);
    expect((await logout(gateway.url)).status).toBe(302);
    // The request id the portal logs is nginx's, not the client's.
    const answer = await get('/healthz', { headers: { 'X-Request-Id': 'client-chosen-id-123' } });
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lets one client hold at most 100 connections with a request in flight (trickled bodies), and its neighbour still gets through', async () => {
    const target = new URL(gateway.url);
    // Requests whose body never comes: each holds its connection until client_body_timeout.
    const held: http.ClientRequest[] = [];
    const answers: Promise<number>[] = [];
    for (let i = 0; i < 110; i++) {
      answers.push(
        new Promise<number>((resolve) => {
          const req = https.request(
            {
              hostname: target.hostname,
              port: target.port,
              method: 'POST',
              path: '/login?login=userLogin',
              localAddress: '127.0.0.5',
              agent: false,
              ca: gateway.ca,
              servername: '',
              rejectUnauthorized: false,
              headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '100' },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', () => resolve(0));
          req.flushHeaders();
          held.push(req);
        }),
      );
    }
    // Ten over the limit are refused at once, while the hundred still wait for their bodies.
    let refused = 0;
    for (const answer of answers) void answer.then((status) => status === 429 && (refused += 1));
    for (let attempt = 0; attempt < 200 && refused < 10; attempt++) await sleep(50);
    expect(refused).toBe(10);
    expect((await get('/healthz', { localAddress: '127.0.0.6' })).status).toBe(200);
    for (const req of held) req.destroy();
  });

  it('counts sign-in attempts per client address nginx saw, which a client-sent X-Forwarded-For cannot change', async () => {
    const guess = (from: string, i: number, headers: Record<string, string> = {}) => signInAttempt(from, `nobody_${i}`, 'Wrong#2026', headers);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // Each guess claims another origin; nginx overwrites the claim with the real address.
      statuses.push((await guess(CLIENTS.guesser, i, { 'X-Forwarded-For': `203.0.113.${i + 1}` })).status);
    }
    expect(statuses).toEqual(Array(10).fill(400));

    const limited = await guess(CLIENTS.guesser, 10);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatch(/登录尝试过于频繁，请\d+秒后再试/);
    // No spelling of "I am someone else" gets the guesser out of its limit.
    const spoofs: Record<string, string>[] = [
      { 'X-Forwarded-For': '198.51.100.7' },
      { 'X-Forwarded-For': `198.51.100.8, ${CLIENTS.neighbour}` },
      { 'X-Forwarded-For': CLIENTS.neighbour },
      { 'X-Real-IP': '198.51.100.9', Forwarded: 'for=198.51.100.9' },
    ];
    for (const spoof of spoofs) {
      expect((await guess(CLIENTS.guesser, 11, spoof)).status, JSON.stringify(spoof)).toBe(429);
    }

    // Another client behind the same gateway keeps its own count: the gateway's address is not the key.
    const neighbour = await guess(CLIENTS.neighbour, 12);
    expect(neighbour.status).toBe(400);
    expect(neighbour.body).not.toMatch(/登录尝试过于频繁/);
  });

  it('answers a health check of the gateway on /healthz and tells the public nothing about readiness', async () => {
    const health = await get('/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ status: 'ok' });
    expect((await get('/readyz')).status).toBe(404);
    expect((await get('/metrics')).status).toBe(404);
  });

  it('closes an idle connection to a portal before the portal would, so it never sends a request on one the portal is closing', async () => {
    const upstream = /^upstream portal \{$([\s\S]*?)^\}$/m.exec(readFileSync(GATEWAY_TEMPLATE, 'utf8'))?.[1] ?? '';
    const nginxSeconds = Number(/^\s*keepalive_timeout (\d+)s;/m.exec(upstream)?.[1]);
    const agent = new http.Agent({ keepAlive: true });
    const advertised = await new Promise<string>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${portalPorts[0]}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.headers['keep-alive'] ?? '')));
        })
        .on('error', reject);
    });
    agent.destroy();
    const portalSeconds = Number(/timeout=(\d+)/.exec(advertised)?.[1]);
    expect(nginxSeconds).toBeGreaterThan(0);
    // A POST that meets a connection the portal just closed is not retried: it would fail.
    expect(portalSeconds).toBeGreaterThan(nginxSeconds);
  });

  it('loses no request in a rolling restart: each portal in turn stops on SIGTERM (exit 0) and comes back while nginx sends traffic to both', async () => {
    const { cookie } = await signIn();
    const agent = new https.Agent({ keepAlive: true, maxSockets: 20 });
    const answers: string[] = [];
    let sent = 0;
    let running = true;

    async function visitor(i: number) {
      while (running) {
        sent += 1;
        // Half signed in (never cached), half anonymous: every one reaches a portal. A static
        // help page: its render costs a third of /aboutUs's eight backend calls.
        const request =
          i % 2 === 0
            ? get('/frequentlyAskedQuestion?gateway=restart', { headers: { Cookie: cookie }, agent })
            : get(`/frequentlyAskedQuestion?gateway=restart-${sent}`, { agent });
        answers.push(
          await request.then(
            (r) => String(r.status),
            (error: Error & { code?: string }) => error.code ?? error.message,
          ),
        );
        // A reader's pause between pages: requests keep arriving all through the restarts
        // (about forty a second) without twenty visitors keeping both portals' cores busy,
        // which the end-to-end tests running beside this suite need.
        await sleep(THINK_TIME_MS);
      }
    }
    /** Waits (30 s at most) until `count` more answers have arrived. */
    async function moreAnswers(count: number) {
      const target = answers.length + count;
      const deadline = Date.now() + 30_000;
      while (answers.length < target) {
        if (Date.now() > deadline) throw new Error(`only ${answers.length} of ${target} answers in 30 s`);
        await sleep(20);
      }
    }

    /** Waits (20 s at most) until nginx's log shows `port` answering 200 after `since`. */
    async function servedBy(port: number, since: number) {
      const line = new RegExp(`^\\S+ 127\\.0\\.0\\.1:${port} 200 `, 'm');
      const deadline = Date.now() + 20_000;
      while (!line.test(gateway.accessLog().slice(since))) {
        if (Date.now() > deadline) throw new Error(`nginx sent no request to the restarted portal on ${port} in 20 s`);
        await sleep(50);
      }
    }

    const before = gateway.accessLog().length;
    const visitors = Array.from({ length: 20 }, (_, i) => visitor(i));
    const exits: { code: number | null; signal: string | null }[] = [];
    try {
      await moreAnswers(40);
      for (const port of portalPorts) {
        const portal = portals.get(port)!;
        portal.kill('SIGTERM');
        exits.push(await exited(portal, 15_000));
        await moreAnswers(40);
        const restartedAt = gateway.accessLog().length;
        await startPortal(port);
        // As an operator would: the next one stops only once the gateway uses this one
        // again (nginx rests a failed server for fail_timeout before trying it).
        await servedBy(port, restartedAt);
        await moreAnswers(40);
      }
    } finally {
      running = false;
      await Promise.all(visitors);
      agent.destroy();
    }

    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    const failures = answers.filter((answer) => answer !== '200');
    expect(
      failures.length,
      `${failures.length} of ${answers.length} requests failed (${[...new Set(failures)].join(', ')}); nginx said:\n${gateway
        .errorLog()
        .split('\n')
        .filter((line) => !line.includes('no live upstreams'))
        .slice(0, 20)
        .join('\n')}`,
    ).toBe(0);

    // Both portals served, and nginx did move requests off a stopping one to the other.
    const lines = gateway.accessLog().slice(before).split('\n').filter(Boolean);
    for (const port of portalPorts)
      expect(
        lines.some((line) => line.includes(`127.0.0.1:${port}`)),
        `traffic to ${port}`,
      ).toBe(true);
    expect(
      lines.some((line) => / 127\.0\.0\.1:\d+, 127\.0\.0\.1:\d+ /.test(line)),
      'a request retried on the other portal',
    ).toBe(true);
  }, 120_000);

  // Last: it stops the shared sandbox.
  it('shows the portal error page while the backend is down, and keeps every portal in rotation (another portal cannot mend the backend)', async () => {
    sandbox.kill('SIGTERM');
    await exited(sandbox, 10_000);
    const errorsBefore = gateway.errorLog().length;
    for (let i = 0; i < 6; i++) {
      const response = await get(own('/aboutUs', `outage-${i}`));
      expect(response.status).toBe(503);
      // The portal's page (Chinese, with a request number to quote), not nginx's bare 502.
      expect(response.body).toContain('<html lang="zh-CN"');
      expect(response.body).toContain('请求编号');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const said = gateway.errorLog().slice(errorsBefore);
    expect(said).not.toContain('temporarily disabled');
    expect(said).not.toContain('no live upstreams');
  });
});
