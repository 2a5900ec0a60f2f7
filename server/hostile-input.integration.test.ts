import { PAGES_WITH_BACKEND_TEXT, SIGNED_IN_PAGES } from '../tests/support/public-pages';
import http, { type IncomingMessage } from 'node:http';
import net from 'node:net';
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
import { createHttpServer } from './http-server';
import { MemoryPageStore } from './page-cache';
import { loadConfig } from './config';
import { buildDocx } from '../sandbox/docx';
import { startTestSandbox, type TestSandbox } from '../sandbox/testing';

/**
 * Hostile input: random, oversized, control-character, HTML, SQL-looking,
 * mixed-script and percent-encoded strings in every query parameter of the pages and in
 * every form action. Whatever comes in, the answer is a page or a 4xx (never a 5xx), and
 * no markup sent in comes back as live markup. Then the second paths to the same door: SMS
 * through every form, file names, forwarding headers, junk queries against the page cache,
 * two Host headers and trickled bodies. Then the other way round: a backend whose every
 * text carries an XSS payload, rendered by every page that shows backend text.
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
const CONTROL = fc.string({
  unit: fc.constantFrom('\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u202e', '\u2028', '\ufeff'),
  minLength: 1,
  maxLength: 12,
});

/** A hostile value, encoded for a query string or a form body by the caller. */
const hostile: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HTML_PAYLOADS) },
  { weight: 1, arbitrary: fc.constantFrom(...SQL_PAYLOADS) },
  { weight: 2, arbitrary: CONTROL },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...MIXED, ...HTML_PAYLOADS, '1', '-1', '0x1F', '1e309', 'NaN'), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('a', '数', '<', '%', '9'), fc.integer({ min: 10_000, max: 20_000 })).map(([c, n]) => c.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', '-1', '0', '99999999999999999999', '1.5', '1e3', 'null', 'undefined', '[object Object]', '__proto__', 'constructor'),
  },
);

/** Percent-encoded garbage, sent as is (not encoded again): broken escapes, overlong UTF-8, NUL. */
const percentGarbage = fc
  .array(fc.constantFrom('%', '%%', '%zz', '%E0%A4%A', '%C0%AF', '%FF%FE', '%00', '%0A', '%2e%2e%2f', '%3Cscript%3E', '%u202e', '+', '=', '&', 'a', '1'), {
    minLength: 1,
    maxLength: 8,
  })
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
  headers: http.IncomingHttpHeaders;
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

// Each property sends up to about 90 requests, one at a time: 5–20 s on a quiet machine, but
// beside the end-to-end tests a sign-in form's post took up to 0.4 s and a property 30 s,
// Vitest's default limit. The limit only stops a hung test; the runs are bounded by numRuns.
describe('hostile input against the production build and the sandbox', { timeout: 120_000 }, () => {
  let sandbox: TestSandbox;
  let portalUrl = '';
  let authorCookie = '';
  let draftId = 0;
  /** An author's upload that is a PDF and a batch file and an HTML page at once. */
  let polyglotHash = '';
  const closers: (() => Promise<void> | void)[] = [];

  async function startPortal(journalApiUrl: string, build: ServerBuild, options: { pageStore?: MemoryPageStore } = {}) {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SECRET,
      SECURE_COOKIES: 'false',
      PAGE_CACHE: options.pageStore ? 'true' : 'false',
      UPSTREAM_TIMEOUT_MS: '5000',
    });
    const portal = createPortalApp({
      config,
      logger: pino({ level: 'silent' }),
      journalApiUrl,
      build,
      clientDir: path.resolve(buildDir, 'client'),
      pageStore: options.pageStore,
    });
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
    const upload = await sandbox.upload<{ paperId: number }>(
      '/manage/author/paper/authorManuscriptUpload',
      { name: '稿件.docx', data: docx },
      { gch: 'SJFX' },
      { token },
    );
    draftId = upload.body.entity.paperId;
    expect(draftId).toBeGreaterThan(0);
    const polyglot = '%PDF-1.4\r\n@echo off & echo pwned & exit /b\r\n<html><svg onload=alert(1)><script>alert(2)</script></html>\r\n%%EOF\n';
    const attachment = await sandbox.upload<{ hash: string }>(
      '/api/attachmentApi/upload',
      { name: '论文模板.pdf', data: polyglot, type: 'application/pdf' },
      { kind: 'attachment' },
      { token },
    );
    polyglotHash = attachment.body.entity.hash;
    expect(polyglotHash).not.toBe('');
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  /** One request on a connection of its own (no keep-alive race can blur what the portal did). */
  function request(
    pathAndQuery: string,
    options: { method?: 'GET' | 'POST'; form?: string; signedIn?: boolean; base?: string; headers?: http.OutgoingHttpHeaders } = {},
  ): Promise<Answer> {
    const base = new URL(options.base ?? portalUrl);
    const headers: http.OutgoingHttpHeaders = { 'X-Forwarded-For': nextClientAddress(), Accept: 'text/html', ...options.headers };
    if (options.signedIn) headers.Cookie = authorCookie;
    if (options.form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      headers['Content-Length'] = Buffer.byteLength(options.form);
      headers.Origin ??= base.origin;
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        { hostname: base.hostname, port: base.port, method: options.method ?? 'GET', path: pathAndQuery, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const location = res.headers.location;
            // Absolute locations are judged against the origin the request was sent to.
            const resolved = location === undefined ? undefined : location.startsWith(base.origin) ? location.slice(base.origin.length) || '/' : location;
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type'] ?? ''),
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              location: resolved,
            });
          });
          res.on('error', reject);
        },
      );
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
  const templated = (templates: string[]) =>
    fc.tuple(fc.constantFrom(...templates), fc.array(queryValue, { minLength: 1, maxLength: 7 })).map(([t, values]) => fill(t, values));

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
    await property(templated(templates), async (target) => ({ what: `GET ${target}`, answer: await request(target) }), 60, [
      '/sitemap/%FF%FE%%%E0%A4%A',
      '/journal/detail/cite?id=1&format=__proto__',
    ]);
  });

  it('the login popup and page take any mode, redirect and origin without a 5xx or a script link', async () => {
    const templates = [
      '/login?login={}&redirect={}&from={}&gch={}',
      '/?login={}',
      '/journal?login=userLogin&redirect={}',
      '/login?login=userLogin&redirect={}',
      '/login?login=losePWD&from={}',
      '/news?login={}&gch={}',
    ];
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
    return fc.array(fc.option(hostile, { nil: undefined, freq: 4 }), { minLength: fields.length, maxLength: fields.length }).map((values) => {
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
      [
        '/login?login=userRegister',
        ['mobileNo', 'verificationCode', 'mailbox', 'userName', 'password', 'confirmPassword', 'agreement', 'captcha', 'uuid', 'intent'],
      ],
      ['/login?login=losePWD', ['mobileNo', 'verificationCode', 'userName', 'password', 'confirmPassword', 'captcha', 'uuid', 'intent']],
      ['/login?login=wxLogin', ['agreement', 'intent']],
      ['/login?login=bindMobile', ['mobileNo', 'code', 'userName', 'captcha', 'uuid', 'intent']],
      ['/findAccount', ['mobileNo', 'verificationCode', 'captcha', 'uuid', 'intent']],
      ['/?login=userLogin', ['username', 'password', 'agreement']],
      ['/notice/dismiss', ['x']],
      ['/logout', ['x']],
    ];
    const arbitrary = fc
      .constantFrom(...forms)
      .chain(([action, fields]) =>
        fc
          .tuple(fc.constant(action), formOf(fields), fc.option(queryValue, { nil: undefined }))
          .map(([a, body, extra]) => ({ action: extra === undefined ? a : `${a}${a.includes('?') ? '&' : '?'}redirect=${extra}`, body })),
      );
    await property(
      arbitrary,
      async ({ action, body }) => ({ what: `POST ${action} ${body.slice(0, 200)}`, answer: await request(action, { method: 'POST', form: body }) }),
      80,
    );
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
        const form = new URLSearchParams({
          intent: v.intent,
          mobileNo: v.mobile,
          username: v.userName,
          userName: v.userName,
          password: v.password,
          confirmPassword: v.password,
          captcha: v.captcha,
          uuid: v.uuid,
          verificationCode: '123456',
          code: '123456',
          agreement: 'on',
        });
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
      [
        `/upload/info?paperId=${draftId}`,
        infoFields,
        fc.constantFrom('save', 'next', 'addAuthor', 'removeAuthor:0', 'authorUp:1', 'authorDown:0', 'removeAuthor:-5', 'authorUp:NaN'),
      ],
      [`/upload/info?paperId=${draftId}`, infoFields, hostile],
      [`/upload/confirm?paperId=${draftId}`, ['idempotencyKey', 'agreement', 'uuid', 'captcha'], fc.constant('submit')],
      ['/upload?redirectGch=SJFX', ['file', 'agreement'], fc.constant('upload')],
      ['/personal/account', ['nickname', 'realName', 'mailbox', 'mobileNo', 'institution', 'title', 'address'], fc.constantFrom('save', 'avatar', 'x')],
      [
        '/personal/account/security',
        ['password', 'newPassword', 'confirmPassword', 'mobileNo', 'code', 'captcha', 'uuid'],
        fc.constantFrom('password', 'mobile', 'sendSms', 'x'),
      ],
      ['/personal/account/verification', ['realName', 'idCard', 'cardNo', 'institution'], fc.constantFrom('identity', 'scholar', 'face', 'x')],
      ['/personal/account/invoice', ['title', 'taxNo', 'address', 'phone', 'bank', 'account', 'email', 'id'], fc.constantFrom('save', 'delete', 'x')],
      ['/personal/account/feedback', ['type', 'content', 'contact'], fc.constantFrom('submit', 'x')],
    ];
    const arbitrary = fc.constantFrom(...forms.map((_, i) => i)).chain((i) => {
      const [action, fields, intent] = forms[i]!;
      return fc
        .tuple(fc.constant(action), formOf(fields), intent)
        .map(([a, body, int]) => ({ action: a, body: `${body}${body ? '&' : ''}intent=${encodeURIComponent(int)}` }));
    });
    await property(
      arbitrary,
      async ({ action, body }) => ({
        what: `POST ${action} ${body.slice(0, 200)}`,
        answer: await request(action, { method: 'POST', form: body, signedIn: true }),
      }),
      80,
    );
  });

  // -- second paths to the same door (the third outside probe) ---------------------------

  it('no form sends an SMS code without its proof of a person, whatever intent, image code or password it is given', async () => {
    let mobileCounter = 0;
    const proofs = fc.record({
      form: fc.constantFrom('/login?login=userRegister', '/login?login=losePWD', '/login?login=bindMobile', '/findAccount', '/personal/account/security'),
      intent: fc.constantFrom('sendSms', 'sendSms', 'SENDSMS', 'sendsms', 'sendSms ', 'send_sms', 'submit'),
      // A real image code's key with a wrong text, none, or hostile ones.
      captcha: fc.oneof(
        fc.constant('wrong'),
        fc.constant(''),
        hostile.map((text) => text.slice(0, 10)),
      ),
      realUuid: fc.boolean(),
      password: fc.oneof(fc.constantFrom('', 'demo@2026', 'Demo@2026 ', 'Demo%402026'), hostile),
      doubled: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(proofs, async (v) => {
        mobileCounter += 1;
        const mobile = `1597${String(mobileCounter).padStart(7, '0')}`;
        const uuid = v.realUuid ? (await sandbox.captcha()).uuid : 'not-a-key';
        const form = new URLSearchParams({ intent: v.intent, mobileNo: mobile, captcha: v.captcha, uuid, form: 'mobile', password: v.password });
        // A second intent after the first: whichever a parser keeps, the gate is the same.
        if (v.doubled) form.append('intent', 'sendSms');
        const answer = await request(v.form, { method: 'POST', form: form.toString(), signedIn: v.form.startsWith('/personal') });
        assertSafe(answer, `POST ${v.form} ${form}`);
        const log = await sandbox.get<{ code?: string } | null>(`/__sandbox/sms?mobile=${mobile}`);
        expect(log.body.entity?.code, `POST ${v.form} ${form} sent a code`).toBeUndefined();
      }),
      { numRuns: 15, seed: SEED, endOnFailure: true },
    );
  });

  it('a file is named and typed by its record, whatever name, extension or preview the link asks for', async () => {
    const names = fc.tuple(
      fc.oneof(
        fc.constantFrom('论文模板', 'report', '', '..\\..\\autoexec', 'a"; filename=x.html', '论文模板.pdf\r\nX-Evil: 1'),
        hostile.map((text) => text.slice(0, 30)),
      ),
      fc.constantFrom('.bat', '.html', '.htm', '.svg', '.exe', '.pdf.bat', '.svg%00.pdf', ';.html', '.cmd', ''),
    );
    const links = fc.record({ name: names, endpoint: fc.constantFrom('download', 'fileBrowsing'), inline: fc.boolean(), signedIn: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(links, async ({ name: [stem, extension], endpoint, inline, signedIn }) => {
        const target = `/api/attachmentApi/${endpoint}?hash=${polyglotHash}&fileName=${encodeURIComponent(stem)}${extension}${inline ? '&inline=1' : ''}`;
        const answer = await request(target, { signedIn });
        const what = `GET ${target}${signedIn ? ' (owner)' : ''}`;
        assertSafe(answer, what);
        // A query with control characters is refused by the proxy before anything is fetched.
        if (answer.status === 400) return;
        if (!signedIn) return void expect(answer.status, what).toBe(404);
        expect(answer.status, what).toBe(200);
        expect(answer.type, what).toMatch(/^application\/pdf/);
        expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
        expect(String(answer.headers['content-security-policy']), what).toContain('sandbox');
        const disposition = decodeURIComponent(String(answer.headers['content-disposition']));
        expect(disposition, what).toMatch(/^(attachment|inline);/);
        expect(disposition, what).toContain('论文模板.pdf');
        expect(disposition, what).not.toMatch(/\.(bat|html?|svg|exe|cmd)\b|X-Evil|autoexec/i);
        expect(answer.headers['x-evil'], what).toBeUndefined();
      }),
      { numRuns: 30, seed: SEED, endOnFailure: true },
    );
  });

  it('no forwarding header a client sends names a host in a page, moves a redirect or lets a foreign origin post', async () => {
    let n = 0;
    const headerSets = fc.record({
      page: fc.constantFrom(
        '/',
        '/journal/detail?id=1',
        '/aboutUs',
        '/sitemap.xml',
        '/robots.txt',
        '/rss/news.xml',
        '/login?login=userLogin&redirect=%2Fpersonal',
      ),
      names: fc.subarray(
        [
          'X-Forwarded-Host',
          'Forwarded',
          'X-Forwarded-Proto',
          'X-Forwarded-Port',
          'X-Forwarded-Prefix',
          'X-Original-URL',
          'X-Rewrite-URL',
          'X-Real-IP',
          'X-Host',
        ],
        { minLength: 1 },
      ),
      proto: fc.constantFrom('https', 'http', 'https, http', 'HTTPS', 'javascript', 'ftp', ''),
    });
    await fc.assert(
      fc.asyncProperty(headerSets, async ({ page, names, proto }) => {
        n += 1;
        const evil = `evil-${n}.example`;
        const values: Record<string, string> = {
          'X-Forwarded-Host': evil,
          Forwarded: `for=1.2.3.4;host=${evil};proto=https`,
          'X-Forwarded-Proto': proto,
          'X-Forwarded-Port': '8443',
          'X-Forwarded-Prefix': `/${evil}`,
          'X-Original-URL': '/personal',
          'X-Rewrite-URL': '/personal',
          'X-Real-IP': '1.2.3.4',
          'X-Host': evil,
        };
        const headers = Object.fromEntries(names.map((name) => [name, values[name]!]));
        const answer = await request(page, { headers });
        const what = `GET ${page} with ${JSON.stringify(headers)}`;
        assertSafe(answer, what);
        expect(answer.body.includes(evil), `${what} names ${evil}`).toBe(false);
        expect(String(answer.location ?? '').includes(evil), what).toBe(false);
        // The foreign origin a forged host would make "same-origin" still cannot sign anyone out.
        const logout = await request('/logout', { method: 'POST', form: '', signedIn: true, headers: { ...headers, Origin: `http://${evil}` } });
        // (400 when the forwarded scheme is neither http nor https: refused before anything reads it.)
        expect([400, 403], `POST /logout from http://${evil} with ${JSON.stringify(headers)} answered ${logout.status}`).toContain(logout.status);
      }),
      { numRuns: 12, seed: SEED, endOnFailure: true },
    );
  });

  it('query parameters a route does not read make no page-cache entry, however they are spelled', async () => {
    const store = new MemoryPageStore(1000, 64 * 1024 * 1024);
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    const cachedUrl = await startPortal(sandbox.url, build, { pageStore: store });
    // Each page with spellings of its own parameters that change nothing it shows.
    const pages: [string, string[]][] = [
      ['/news?type=2', ['%74ype=2', 'type=2&type=9', 'TYPE=2&type=2', 'q=', 'page=']],
      ['/journal/detail?id=1', ['%69d=1', 'id=1&id=2', 'ID=7&id=1', 'notesPage=', 'Id=3&id=1']],
      ['/aboutUs', ['login=', 'FROM=x', 'redirect=']],
      ['/rss/news.xml', ['type=2', 'login=userLogin', 'page=3']],
    ];
    const readByAny = new Set(['login', 'redirect', 'gch', 'from', 'temporaryToken', 'temporaryUserId', 'type', 'q', 'page', 'id', 'notesPage', '_routes']);
    for (const [page] of pages) expect((await request(page, { base: cachedUrl })).status, page).toBe(200);
    const entries = store.size.entries;
    // Junk names: anything that does not decode to a parameter some route reads.
    const junkName = fc
      .oneof(
        hostile.map(encodeURIComponent),
        percentGarbage,
        fc.constantFrom('utm_source', 'utm_medium', 'fbclid', 'gclid', 'spm', '__proto__', 'constructor', '_', ''),
      )
      .filter((name) => !readByAny.has([...new URLSearchParams(`${name}=x`).keys()][0] ?? ''));
    const junk = fc.record({
      page: fc.constantFrom(...pages.map((_, i) => i)),
      extras: fc.array(fc.tuple(junkName, queryValue), { maxLength: 6 }),
      spelling: fc.option(fc.nat(), { nil: undefined }),
      first: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(junk, async ({ page, extras, spelling, first }) => {
        const [target, spellings] = pages[page]!;
        const [pathname, own] = target.split('?');
        const parts = extras.map(([name, value]) => `${name}=${value}`);
        if (spelling !== undefined) parts.push(spellings[spelling % spellings.length]!);
        if (own && first) parts.unshift(own);
        else if (own) parts.push(own);
        const url = parts.length > 0 ? `${pathname}?${parts.join('&')}` : pathname!;
        const answer = await request(url, { base: cachedUrl });
        assertSafe(answer, `GET ${url}`);
        // A query too long for the parser is refused before the page cache (414/431).
        if (answer.status !== 200) expect([414, 431], `${url} answered ${answer.status}`).toContain(answer.status);
        else expect(['HIT', 'STALE'], `${url} was rendered again`).toContain(answer.headers['x-cache']);
        expect(store.size.entries, `${url} made an entry`).toBe(entries);
      }),
      { numRuns: 60, seed: SEED, endOnFailure: true },
    );
  });

  /** Sends `raw` bytes on a connection of its own; the status of the answer, 0 when the connection closed without one. */
  function rawStatus(raw: string): Promise<number> {
    const target = new URL(portalUrl);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(target.port), target.hostname, () => socket.end(raw));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)));
      socket.on('error', reject);
    });
  }

  it('a request with two Host headers is refused, however they are spelled', async () => {
    const spelling = fc.constantFrom('Host', 'host', 'HOST', 'hOsT');
    const value = fc.constantFrom('portal.test', 'evil.example', 'portal.test:80', '127.0.0.1', '', 'portal.test.');
    const requests = fc.record({
      first: fc.tuple(spelling, value),
      second: fc.tuple(spelling, value),
      space: fc.constantFrom(' ', '', '  ', '\t'),
      method: fc.constantFrom('GET', 'POST', 'HEAD'),
      target: fc.constantFrom('/', '/aboutUs', '/login?login=userLogin', '/api/homeApi/getBottomBar', '/healthz'),
      between: fc.constantFrom('', 'Accept: text/html\r\n', 'X-Forwarded-Host: evil.example\r\n'),
    });
    await fc.assert(
      fc.asyncProperty(requests, async ({ first, second, space, method, target, between }) => {
        const head = `${method} ${target} HTTP/1.1\r\n${first[0]}:${space}${first[1]}\r\n${between}${second[0]}:${space}${second[1]}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
        expect(await rawStatus(head), JSON.stringify(head)).toBe(400);
      }),
      { numRuns: 25, seed: SEED, endOnFailure: true },
    );
  });

  it('a trickled body or header holds a connection no longer than the deadlines, and others are still served', async () => {
    // The production server's deadlines, shortened for the test (server/http-server.ts).
    const timeouts = { headersMs: 600, idleMs: 500, requestMs: 1200, keepAliveMs: 1000 };
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, SECURE_COOKIES: 'false', PAGE_CACHE: 'false' });
    const portal = createPortalApp({ config, logger: pino({ level: 'silent' }), journalApiUrl: sandbox.url, build });
    const server = createHttpServer(portal.app, timeouts);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(
      () => new Promise<void>((resolve) => server.close(() => resolve())),
      () => portal.close(),
    );
    const port = (server.address() as net.AddressInfo).port;

    /** Milliseconds until the portal ends a connection that sends `head`, then one byte every `everyMs`. */
    function heldFor(head: string, everyMs: number): Promise<number> {
      const started = Date.now();
      return new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
        const trickle = setInterval(() => socket.writable && socket.write('a'), everyMs);
        const done = () => {
          clearInterval(trickle);
          resolve(Date.now() - started);
        };
        socket.on('close', done);
        socket.on('error', () => undefined);
        socket.resume();
      });
    }
    const slow = fc.record({
      target: fc.constantFrom('/login?login=userLogin', '/upload?redirectGch=SJFX', '/api/attachmentApi/upload', '/oai'),
      declared: fc.constantFrom(100, 100_000, 50 * 1024 * 1024),
      everyMs: fc.constantFrom(50, 200, 800),
      headersDone: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(slow, { minLength: 6, maxLength: 6 }), async (clients) => {
        const held = await Promise.all(
          clients.map(({ target, declared, everyMs, headersDone }) => {
            const head = `POST ${target} HTTP/1.1\r\nHost: portal.test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n${headersDone ? '\r\n' : 'X-Slow: '}`;
            return heldFor(head, everyMs);
          }),
        );
        // The longest deadline and a check interval of slack: never the ten minutes the probe saw.
        for (const [i, ms] of held.entries()) expect(ms, JSON.stringify(clients[i])).toBeLessThan(timeouts.requestMs + 1500);
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(200);
      }),
      { numRuns: 1, seed: SEED, endOnFailure: true },
    );
  });

  describe('a backend whose every text carries an XSS payload', () => {
    const PAYLOAD =
      '<img src=x onerror=alert(1)><script>alert(2)</script>"><svg onload=alert(3)><a href="javascript:alert(4)">链接</a><iframe src="javascript:alert(5)"></iframe>';
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
