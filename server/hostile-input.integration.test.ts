import { PAGES_WITH_BACKEND_TEXT, SIGNED_IN_PAGES } from '../tests/support/public-pages';
import http, { type IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sealSession } from '../app/session/cookie.server';
import { BUILD_DIR as buildDir, requireBuiltFile } from '../tests/support/requirements';
import { TEST_SECRET, listen } from '../tests/support/servers';
import { createPortalApp } from './app';
import { loadConfig } from './config';
import { buildDocx } from '../sandbox/docx';
import { startTestSandbox, type TestSandbox } from '../sandbox/testing';

/**
 * Hostile input: random, oversized, control-character, HTML, SQL-looking,
 * mixed-script and percent-encoded strings in every query parameter of the pages and in
 * every form action. Whatever comes in, the answer is a page or a 4xx (never a 5xx), and
 * no markup sent in comes back as live markup. Then the other way round: a backend whose
 * every text carries an XSS payload, rendered by every page that shows backend text.
 *
 * Runs against the production build (`BUILD_DIR`, default `build`) and the sandbox.
 */
const buildFile = requireBuiltFile('server/index.js');

// -- generators --------------------------------------------------------------------------

const HTML_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  'javascript:alert(1)',
  '</title></textarea><script>alert(1)</script>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '<img src=x onerror=alert(1)//',
];
const SQL_PAYLOADS = ["' OR 1=1 --", '1; DROP TABLE paper; --', "admin'--", '1 UNION SELECT password FROM employee', '%27%20OR%201=1'];
const MIXED = ['数据法学', 'قانون البيانات', '🔒📄', 'Ω≈ç√', 'ñ', '\u202eevil', '\u200b', '𠜎𠜱', 'ℌ𝔢𝔩𝔩𝔬'];
const CONTROL = fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u202e', '\u2028', '\ufeff'), minLength: 1, maxLength: 12 });

/** A hostile value, encoded for a query string or a form body by the caller. */
const hostile: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HTML_PAYLOADS) },
  { weight: 1, arbitrary: fc.constantFrom(...SQL_PAYLOADS) },
  { weight: 2, arbitrary: CONTROL },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...MIXED, ...HTML_PAYLOADS, '1', '-1', '0x1F', '1e309', 'NaN'), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '数', '<', '%', '9'), fc.integer({ min: 10_000, max: 20_000 })).map(([c, n]) => c.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '-1', '0', '99999999999999999999', '1.5', '1e3', 'null', 'undefined', '[object Object]', '__proto__', 'constructor') },
);

/** Percent-encoded garbage, sent as is (not encoded again): broken escapes, overlong UTF-8, NUL. */
const percentGarbage = fc
  .array(fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%C0%AF', '%FF%FE', '%00', '%0A', '%2e%2e%2f', '%3Cscript%3E', '%u202e', '+', '=', '&', 'a', '1'), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(''));

/** A value for a query string: encoded hostile text, or raw percent garbage. */
const queryValue = fc.oneof({ weight: 4, arbitrary: hostile.map(encodeURIComponent) }, { weight: 1, arbitrary: percentGarbage });

// -- what an answer may be ---------------------------------------------------------------

/** 413/414/431: the request is too large for a parser before the app sees it. */
/** The origin the portal answers on in this test: every redirect must stay on it. */
const PORTAL_ORIGIN = 'http://portal.test';
const ACCEPTABLE = new Set([200, 204, 301, 302, 303, 307, 308, 400, 401, 403, 404, 405, 409, 413, 414, 422, 429, 431]);
/** Attributes of a start tag, quoted or not, so that text inside a quoted value never counts as an attribute. */
const ATTRS = String.raw`(?:\s+[^\s=>"'/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']*))?)*?`;
const tagWith = (attribute: string) => new RegExp(String.raw`<[a-z][a-z0-9-]*${ATTRS}\s+${attribute}`, 'i');
/** Live markup of the payloads above; escaped text (`&lt;script&gt;…`, `alt="…onerror=…"`) never matches. */
const LIVE_MARKUP = [
  /<script\b[^>]*>\s*alert\(/i,
  tagWith(String.raw`on[a-z]+\s*=`),
  /<iframe\b/i,
  tagWith(String.raw`(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*javascript:`),
];

interface Answer {
  status: number;
  type: string;
  /** Where a redirect points (absent otherwise). */
  location?: string;
  body: string;
}

function assertSafe(answer: Answer, what: string) {
  expect(answer.status, `${what} answered ${answer.status}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
  expect(ACCEPTABLE.has(answer.status), `${what} answered ${answer.status}`).toBe(true);
  if (answer.status >= 300 && answer.status < 400) {
    // A redirect stays on the portal, whatever was sent: a path of this origin, no control characters.
    const location = answer.location ?? '';
    expect(location, `${what} redirected without a Location`).not.toBe('');
    // eslint-disable-next-line no-control-regex
    expect(/[\u0000-\u001f\u007f\\]/.test(location), `${what} redirected to ${JSON.stringify(location)}`).toBe(false);
    expect(new URL(location, PORTAL_ORIGIN).origin, `${what} redirected off-site to ${location}`).toBe(PORTAL_ORIGIN);
  }
  if (/html|xml|svg/.test(answer.type) || answer.type === '') {
    for (const pattern of LIVE_MARKUP) {
      const found = pattern.exec(answer.body);
      // On failure, show where: the markup and a little around it, not the whole page.
      const around = found ? answer.body.slice(Math.max(0, found.index - 200), found.index + 200) : '';
      expect(around, `${what} carries live markup (${pattern})`).toBe('');
    }
  }
}

let clientCounter = 0;
/** A client address of its own per request: the sign-in rate limits are per address. */
function nextClientAddress() {
  clientCounter += 1;
  return `10.88.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
}

describe('hostile input against the production build and the sandbox', () => {
  let sandbox: TestSandbox;
  let portalUrl = '';
  let authorCookie = '';
  let draftId = 0;
  const closers: (() => Promise<void> | void)[] = [];

  async function startPortal(journalApiUrl: string, build: ServerBuild) {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, SECURE_COOKIES: 'false', PAGE_CACHE: 'false', UPSTREAM_TIMEOUT_MS: '5000' });
    const portal = createPortalApp({ config, logger: pino({ level: 'silent' }), journalApiUrl, build, clientDir: path.resolve(buildDir, 'client') });
    const running = await listen(portal.app);
    closers.push(running.close, () => portal.close());
    return running.url;
  }

  beforeAll(async () => {
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    sandbox = await startTestSandbox();
    closers.push(() => sandbox.close());
    portalUrl = await startPortal(sandbox.url, build);
    const token = await sandbox.login();
    authorCookie = `${SESSION_COOKIE}=${sealSession({ token, user: { id: '1', username: 'demo_author', headImgUrl: null, type: 1 }, role: { id: '14', type: 4 }, employeeType: 1 }, [TEST_SECRET])}`;
    const docx = buildDocx([{ text: '数据跨境流动的法律规制', bold: true }, '摘要：本文讨论数据出境安全评估。', '关键词：数据跨境；安全评估']);
    const upload = await sandbox.upload<{ paperId: number }>('/manage/author/paper/authorManuscriptUpload', { name: '稿件.docx', data: docx }, { gch: 'SJFX' }, { token });
    draftId = upload.body.entity.paperId;
    expect(draftId).toBeGreaterThan(0);
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  /** One request on a connection of its own (no keep-alive race can blur what the portal did). */
  function request(pathAndQuery: string, options: { method?: 'GET' | 'POST'; form?: string; signedIn?: boolean; base?: string } = {}): Promise<Answer> {
    const base = new URL(options.base ?? portalUrl);
    const headers: http.OutgoingHttpHeaders = { 'X-Forwarded-For': nextClientAddress(), Accept: 'text/html' };
    if (options.signedIn) headers.Cookie = authorCookie;
    if (options.form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      headers['Content-Length'] = Buffer.byteLength(options.form);
      headers.Origin = base.origin;
    }
    return new Promise((resolve, reject) => {
      const req = http.request({ hostname: base.hostname, port: base.port, method: options.method ?? 'GET', path: pathAndQuery, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const location = res.headers.location;
          // Absolute locations are judged against the origin the request was sent to.
          const resolved = location === undefined ? undefined : location.startsWith(base.origin) ? location.slice(base.origin.length) || '/' : location;
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8'), location: resolved });
        });
        res.on('error', reject);
      });
      req.on('error', (error) => reject(new Error(`${options.method ?? 'GET'} ${pathAndQuery.slice(0, 300)}: ${error.message}`)));
      req.end(options.form);
    });
  }

  /**
   * The same inputs on every run, so CI is reproducible; explore new ones with
   * `FC_SEED=$RANDOM npx vitest run server/hostile-input.integration.test.ts` and add what
   * they find to the examples.
   */
  const SEED = Number(process.env.FC_SEED ?? 20261121);

  /** Runs `numRuns` requests built from hostile values and checks each answer. */
  async function property<T>(arbitrary: fc.Arbitrary<T>, send: (value: T) => Promise<{ what: string; answer: Answer }>, numRuns: number, examples: T[] = []) {
    await fc.assert(
      fc.asyncProperty(arbitrary, async (value) => {
        const { what, answer } = await send(value);
        assertSafe(answer, what);
      }),
      { numRuns, seed: SEED, endOnFailure: true, examples: examples.map((example) => [example] as [T]) },
    );
  }

  /** `path?name=value&…` from a template whose `{}` are filled with hostile values. */
  const fill = (template: string, values: string[]) => {
    let i = 0;
    return template.replace(/\{\}/g, () => values[i++ % values.length] ?? '');
  };
  const templated = (templates: string[]) => fc.tuple(fc.constantFrom(...templates), fc.array(queryValue, { minLength: 1, maxLength: 7 })).map(([t, values]) => fill(t, values));

  it('public pages take any query parameter or path segment without a 5xx or reflected markup', async () => {
    const templates = [
      '/journal?journalId={}&year={}&issueId={}&columnId={}&sort={}&page={}',
      '/journal?sort={}',
      '/journal?page={}',
      '/journal/detail?id={}',
      '/journal/{}',
      '/journal/1?issueId={}',
      '/search?q={}',
      '/search?q={}&field={}&sort={}&journalId={}&year={}&columnId={}&page={}',
      '/expertAuthor?q={}&page={}',
      '/expertAuthor/{}',
      '/editorialBoard?page={}',
      '/editorialBoard/{}',
      '/news?type={}&q={}&page={}',
      '/news/{}',
      '/theme/detail?id={}',
      '/theme/detail-new?id={}',
      '/aboutUs?{}={}',
      '/{}',
      '/{}/{}',
    ];
    // Found by this test once (500 before the fixes): broken percent-encoding in a path, a NUL in a search.
    const found = ['/editorialBoard/%3Cscript%3E%', '/news/%', '/zz%', '/search?q=a%00b', '/search?q=%FF%FE%00', '/news?q=a%00b', '/expertAuthor?q=%00'];
    await property(templated(templates), async (target) => ({ what: `GET ${target}`, answer: await request(target) }), 80, found);
  });

  it('resource routes take any parameter without a 5xx', async () => {
    const templates = [
      '/sitemap/{}',
      '/sitemap/{}.xml',
      '/qrcode.svg?text={}',
      '/journal/detail/cite?id={}&format={}',
      '/journal/detail/cite?id=1&format={}',
      '/captcha.svg?uuid={}',
      '/login/username?username={}',
      '/login/wechat?code={}&state={}',
      '/rss/news.xml?{}={}',
      '/api/homeApi/getBottomBar?{}={}',
      '/api/{}',
    ];
    await property(templated(templates), async (target) => ({ what: `GET ${target}`, answer: await request(target) }), 60, ['/sitemap/%FF%FE%%%E0%A4%A', '/journal/detail/cite?id=1&format=__proto__']);
  });

  it('the login popup and page take any mode, redirect and origin without a 5xx or a script link', async () => {
    const templates = ['/login?login={}&redirect={}&from={}&gch={}', '/?login={}', '/journal?login=userLogin&redirect={}', '/login?login=userLogin&redirect={}', '/login?login=losePWD&from={}', '/news?login={}&gch={}'];
    await property(templated(templates), async (target) => ({ what: `GET ${target}`, answer: await request(target) }), 40);
  });

  it('signed-in pages take any query parameter without a 5xx', async () => {
    const templates = [
      '/personal?{}={}',
      '/personal/index?status={}',
      '/personal/histroy?tab={}&page={}',
      '/personal/message?filter={}&page={}',
      '/personal/message/retraction?id={}',
      '/personal/account?{}={}',
      '/personal/account/security?{}={}',
      '/personal/account/verification?{}={}',
      '/personal/account/invoice?{}={}',
      '/personal/account/feedback?{}={}',
      '/upload?redirectGch={}',
      '/upload/info?paperId={}',
      '/upload/confirm?paperId={}',
      '/upload/result?paperId={}',
      `/upload/info?paperId=${'{}'}&saved={}`,
    ];
    await property(templated(templates), async (target) => ({ what: `GET ${target} (signed in)`, answer: await request(target, { signedIn: true }) }), 60);
  });

  /** A urlencoded body from field names and hostile values (fields left out at random). */
  function formOf(fields: string[]) {
    return fc
      .array(fc.option(hostile, { nil: undefined, freq: 4 }), { minLength: fields.length, maxLength: fields.length })
      .map((values) => {
        const form = new URLSearchParams();
        fields.forEach((name, i) => {
          const value = values[i];
          if (value !== undefined) form.append(name, value);
        });
        return form.toString();
      });
  }

  it('the sign-in forms answer any input with field errors or a page, never a 5xx', async () => {
    const forms: [string, string[]][] = [
      ['/login?login=userLogin', ['username', 'password', 'agreement', 'captcha', 'uuid', 'intent']],
      ['/login?login=userRegister', ['mobileNo', 'verificationCode', 'mailbox', 'userName', 'password', 'confirmPassword', 'agreement', 'captcha', 'uuid', 'intent']],
      ['/login?login=losePWD', ['mobileNo', 'verificationCode', 'userName', 'password', 'confirmPassword', 'captcha', 'uuid', 'intent']],
      ['/login?login=wxLogin', ['agreement', 'intent']],
      ['/login?login=bindMobile', ['mobileNo', 'code', 'userName', 'captcha', 'uuid', 'intent']],
      ['/findAccount', ['mobileNo', 'verificationCode', 'captcha', 'uuid', 'intent']],
      ['/?login=userLogin', ['username', 'password', 'agreement']],
      ['/notice/dismiss', ['x']],
      ['/logout', ['x']],
    ];
    const arbitrary = fc.constantFrom(...forms).chain(([action, fields]) =>
      fc.tuple(fc.constant(action), formOf(fields), fc.option(queryValue, { nil: undefined })).map(([a, body, extra]) => ({ action: extra === undefined ? a : `${a}${a.includes('?') ? '&' : '?'}redirect=${extra}`, body })),
    );
    await property(arbitrary, async ({ action, body }) => ({ what: `POST ${action} ${body.slice(0, 200)}`, answer: await request(action, { method: 'POST', form: body }) }), 80);
  });

  it('the intents of the sign-in forms with plausible values and hostile extras never give a 5xx', async () => {
    // Valid-looking mobiles and usernames reach the backend (SMS, login): hostile captchas and keys ride along.
    const arbitrary = fc.record({
      mode: fc.constantFrom('userLogin', 'userRegister', 'losePWD', 'bindMobile'),
      intent: fc.constantFrom('submit', 'sendSms', 'refreshCaptcha'),
      mobile: fc.integer({ min: 0, max: 999_999_999 }).map((n) => `13${String(n).padStart(9, '0')}`),
      captcha: hostile.map((s) => s.slice(0, 10)),
      uuid: hostile.map((s) => s.slice(0, 100)),
      userName: fc.constantFrom('demo_author', '作者_1', 'x'),
      password: fc.oneof(fc.constantFrom('Demo@2026', 'abc123!'), hostile),
    });
    await property(
      arbitrary,
      async (v) => {
        const form = new URLSearchParams({ intent: v.intent, mobileNo: v.mobile, username: v.userName, userName: v.userName, password: v.password, confirmPassword: v.password, captcha: v.captcha, uuid: v.uuid, verificationCode: '123456', code: '123456', agreement: 'on' });
        return { what: `POST /login?login=${v.mode} ${form}`, answer: await request(`/login?login=${v.mode}`, { method: 'POST', form: form.toString() }) };
      },
      40,
    );
  });

  it('the actions of signed-in pages answer any input without a 5xx or reflected markup', async () => {
    const authorFields = ['authors[0].name', 'authors[0].institution', 'authors[0].email', 'authors[0].mobile', 'authors[1].name', 'corresponding'];
    const infoFields = ['title', 'titleEn', 'abstract', 'keywords', 'columnId', 'paperType', 'fund', 'remark', ...authorFields];
    const forms: [string, string[], fc.Arbitrary<string>][] = [
      ['/journal/detail?id=1', [], fc.constantFrom('favourite', 'unfavourite', 'like', 'unlike', 'x')],
      ['/journal/detail?id=1', [], hostile],
      ['/personal/index', ['activityId'], fc.constantFrom('checkIn', 'lottery', 'x')],
      ['/personal/index', ['activityId'], hostile],
      ['/personal/histroy', ['paperId'], hostile],
      ['/personal/histroy?tab=downloads', ['paperId'], fc.constantFrom('cancel', 'x')],
      ['/personal/message', ['id'], fc.constantFrom('markAll', 'read', 'x')],
      ['/personal/message', ['id'], hostile],
      [`/upload/info?paperId=${draftId}`, infoFields, fc.constantFrom('save', 'next', 'addAuthor', 'removeAuthor:0', 'authorUp:1', 'authorDown:0', 'removeAuthor:-5', 'authorUp:NaN')],
      [`/upload/info?paperId=${draftId}`, infoFields, hostile],
      [`/upload/confirm?paperId=${draftId}`, ['idempotencyKey', 'agreement', 'uuid', 'captcha'], fc.constant('submit')],
      ['/upload?redirectGch=SJFX', ['file', 'agreement'], fc.constant('upload')],
      ['/personal/account', ['nickname', 'realName', 'mailbox', 'mobileNo', 'institution', 'title', 'address'], fc.constantFrom('save', 'avatar', 'x')],
      ['/personal/account/security', ['password', 'newPassword', 'confirmPassword', 'mobileNo', 'code', 'captcha', 'uuid'], fc.constantFrom('password', 'mobile', 'sendSms', 'x')],
      ['/personal/account/verification', ['realName', 'idCard', 'cardNo', 'institution'], fc.constantFrom('identity', 'scholar', 'face', 'x')],
      ['/personal/account/invoice', ['title', 'taxNo', 'address', 'phone', 'bank', 'account', 'email', 'id'], fc.constantFrom('save', 'delete', 'x')],
      ['/personal/account/feedback', ['type', 'content', 'contact'], fc.constantFrom('submit', 'x')],
    ];
    const arbitrary = fc
      .constantFrom(...forms.map((_, i) => i))
      .chain((i) => {
        const [action, fields, intent] = forms[i]!;
        return fc.tuple(fc.constant(action), formOf(fields), intent).map(([a, body, int]) => ({ action: a, body: `${body}${body ? '&' : ''}intent=${encodeURIComponent(int)}` }));
      });
    await property(arbitrary, async ({ action, body }) => ({ what: `POST ${action} ${body.slice(0, 200)}`, answer: await request(action, { method: 'POST', form: body, signedIn: true }) }), 80);
  });

  describe('a backend whose every text carries an XSS payload', () => {
    const PAYLOAD = '<img src=x onerror=alert(1)><script>alert(2)</script>"><svg onload=alert(3)><a href="javascript:alert(4)">链接</a><iframe src="javascript:alert(5)"></iframe>';
    let poisonedUrl = '';

    /** Appends the payload to every text with Chinese in it (titles, names, abstracts, rich text, notices). */
    function poison(value: unknown): unknown {
      if (typeof value === 'string') return /[\u4e00-\u9fa5]/.test(value) ? `${value}${PAYLOAD}` : value;
      if (Array.isArray(value)) return value.map(poison);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, poison(v)]));
      return value;
    }

    /** The backend calls of these pages carry JSON bodies (or none). */
    async function readBody(req: IncomingMessage): Promise<string | undefined> {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      return chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
    }

    beforeAll(async () => {
      // In front of the sandbox: every JSON answer goes through `poison`.
      const poisoned = await listen(async (req, res) => {
        const headers: Record<string, string> = {};
        for (const name of ['authorization', 'content-type', 'accept', 'x-request-id']) {
          const value = req.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
        const upstream = await fetch(`${sandbox.url}${req.url}`, { method: req.method, headers, body, redirect: 'manual' });
        const type = upstream.headers.get('content-type') ?? 'application/octet-stream';
        let out = Buffer.from(await upstream.arrayBuffer());
        if (type.includes('json')) out = Buffer.from(JSON.stringify(poison(JSON.parse(out.toString('utf8')))));
        res.writeHead(upstream.status, { 'Content-Type': type });
        res.end(out);
      });
      closers.push(poisoned.close);
      const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
      poisonedUrl = await startPortal(poisoned.url, build);
    });

    // The public pages, and the feeds and exports that carry the same texts.
    const PAGES = [...PAGES_WITH_BACKEND_TEXT, '/?login=userLogin', '/rss/news.xml', '/rss/articles.xml', '/journal/detail/cite?id=1&format=ris'];
    it.each(PAGES)('%s shows the texts as text', async (page) => {
      const answer = await request(page, { base: poisonedUrl });
      expect(answer.status, answer.body.slice(0, 200)).toBe(200);
      // The payload did reach the page (else this test proves nothing): escaped, or stripped by the sanitiser.
      expect(/&lt;script&gt;alert\(2\)|\\u003cscript>alert\(2\)|alert\(2\)/.test(answer.body), `the payload reached ${page}`).toBe(true);
      assertSafe(answer, page);
    });

    it.each(SIGNED_IN_PAGES)('%s (signed in) shows the texts as text', async (page) => {
      const answer = await request(page, { base: poisonedUrl, signedIn: true });
      expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(400);
      assertSafe(answer, page);
    });

    it('the draft pages of the submission show the texts as text', async () => {
      for (const page of [`/upload/info?paperId=${draftId}`, `/upload/confirm?paperId=${draftId}`]) {
        const answer = await request(page, { base: poisonedUrl, signedIn: true });
        expect(answer.status, `${page}: ${answer.body.slice(0, 200)}`).toBeLessThan(400);
        assertSafe(answer, page);
      }
    });
  });
});
