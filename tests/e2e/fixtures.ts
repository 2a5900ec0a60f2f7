import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page, type Response } from '@playwright/test';
import { SESSION_COOKIE, sealSession, type SessionData } from '../../app/session/cookie.server';
import { E2E } from './env';

// Playwright's worker keeps 200 frames of every stack and maps each through the source
// maps: it takes a stack for every API call and every step, which was a sixth of the
// worker's CPU. The test's own frame is among the first few; 30 keep it with room to spare.
Error.stackTraceLimit = 30;

/** Logs in against the sandbox directly and returns the real backend login answer. */
export async function sandboxLogin(username = 'demo_author', password = 'Demo@2026') {
  const response = await fetch(`${E2E.sandboxUrl}/api/loginApi/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as {
    success: boolean;
    entity: {
      token: string;
      employee: { id: string | number; username: string; headImgUrl: string | null; type: number | null };
      employeeRole: { id: string | number; type: number }[];
      employeeType: number | null;
    };
  };
  if (!body.success) throw new Error(`sandbox login failed: ${JSON.stringify(body)}`);
  return body.entity;
}

/** Signs a browser context in the way the portal does: a sealed session cookie. */
export async function signIn(context: BrowserContext, session?: Partial<SessionData>) {
  const login = await sandboxLogin();
  const authorRole = login.employeeRole.find((role) => role.type === 4) ?? null;
  const data: SessionData = {
    token: login.token,
    user: { id: String(login.employee.id), username: login.employee.username, headImgUrl: login.employee.headImgUrl, type: login.employee.type },
    role: authorRole ? { id: String(authorRole.id), type: authorRole.type } : null,
    employeeType: login.employeeType,
    ...session,
  };
  await context.addCookies([{ name: SESSION_COOKIE, value: sealSession(data, [E2E.sessionSecret]), url: E2E.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return data;
}

type Goto = Page['goto'];
type Reload = Page['reload'];

/** Waits until React has hydrated an HTML page the browser just loaded (see useHydratedMarker in app/root.tsx). */
async function untilHydrated(page: Page, response: Response | null) {
  if (!response || !(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Every test fails on a console error, a React hydration warning or a CSP violation.
 * With JavaScript, `page.goto` and `page.reload` return once the page is hydrated (unless
 * asked to return earlier), so a test never types into inputs React is still taking over.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  // This worker's own portal (tests/e2e/env.ts), for page.goto and request alike.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(E2E.baseUrl);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto: Goto = page.goto.bind(page);
      const reload: Reload = page.reload.bind(page);
      const waits = (options?: { waitUntil?: string }) => !options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (waits(options)) await untilHydrated(page, response);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (waits(options)) await untilHydrated(page, response);
        return response;
      };
    }
    await use(page);
  },
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const record = (message: ConsoleMessage) => {
        const text = message.text();
        if (message.type() === 'error' || /hydrat|did not match|Content Security Policy/i.test(text)) problems.push(`${message.type()}: ${text}`);
      };
      page.on('console', record);
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      // Pages a test opens on purpose with an error status (400, 403, 404) log a resource error in Chromium: not a problem.
      const real = problems.filter((p) => !/Failed to load resource: the server responded with a status of (400|403|404)/.test(p));
      expect(real, 'console errors, hydration warnings or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Checks each of a run of pages (or modes) as a step of the running test, in the test's one
 * tab; the time limit grows with the run (one axe run took up to 8 s on a busy CI machine).
 * tests/support/public-pages.ts says why a run of pages shares a test.
 */
export async function stepThrough<T extends string>(items: readonly T[], check: (item: T, index: number) => Promise<void>) {
  test.setTimeout(15_000 * items.length);
  for (const [index, item] of items.entries()) await test.step(item, () => check(item, index));
}

export { expect };
