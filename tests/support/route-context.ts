import type { AppLoadContext } from 'react-router';
import pino from 'pino';
import { createMemoryRateLimiter } from '../../app/lib/rate-limit.server';
import { SESSION_COOKIE, sealSession } from '../../app/session/cookie.server';
import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../sandbox/testing';
import { TEST_SECRET } from './servers';

/**
 * What the Node shell hands a loader or an action (server/app.ts), for calling a route's
 * loader or action directly in a test with a real Request and a real backend.
 */
export function routeContext(journalApiUrl: string): AppLoadContext {
  return {
    cspNonce: 'test-nonce',
    requestId: 'route-test',
    clientIp: '127.0.0.1',
    clientNetwork: '127.0.0.1',
    logger: pino({ level: 'silent' }),
    runtime: {
      journalApiUrl,
      upstreamTimeoutMs: 5000,
      sessionSecrets: [TEST_SECRET],
      secureCookies: false,
      isProduction: false,
      publicOrigin: 'http://portal.test',
      robots: () => ({ allow: [], disallow: [] }),
      rateLimiter: createMemoryRateLimiter(),
    },
  };
}

/** The session cookie of a signed-in author whose backend token is `token`. */
export function authorCookie(token: string, username = 'demo_author'): string {
  const sealed = sealSession({ token, user: { id: '1', username, headImgUrl: null, type: 1 }, role: { id: '14', type: 4 }, employeeType: 1 }, [TEST_SECRET]);
  return `${SESSION_COOKIE}=${sealed}`;
}

/** A form POST to `url` as the browser sends it (same origin). */
export function formPost(url: string, fields: Record<string, string>, cookie: string): Request {
  return new Request(url, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(url).origin },
    body: new URLSearchParams(fields).toString(),
  });
}

/**
 * A sandbox with a few articles and demo_author signed in, for a suite of route tests:
 * started before the suite's tests and closed after them. Read `sandbox` and `cookie` in
 * the tests (they are set once the suite has started).
 */
export function signedInSandbox(articles = 5): { sandbox: TestSandbox; cookie: string } {
  const state = { sandbox: undefined as unknown as TestSandbox, cookie: '' };
  beforeAll(async () => {
    state.sandbox = await startTestSandbox(articles);
    state.cookie = authorCookie(await state.sandbox.login());
  });
  afterAll(async () => state.sandbox.close());
  return state;
}
