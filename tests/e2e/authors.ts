import type { BrowserContext, TestInfo } from '@playwright/test';
import { registerInSandbox, uniqueMobile, uniqueUsername } from './auth-support';
import { sandboxLogin, signIn } from './fixtures';

/** The password of every author the e2e tests register. */
export const AUTHOR_PASSWORD = 'Author@2026';

/**
 * Registers a fresh author in the sandbox and signs the browser context in as them, so
 * tests that change data leave the seeded demo_author as other tests expect it.
 * `prefix` starts the username, which tells in the sandbox which spec made the author.
 */
export async function freshAuthor(context: BrowserContext, testInfo: TestInfo, prefix = 'author') {
  const username = uniqueUsername(testInfo, prefix);
  const mobile = uniqueMobile(testInfo);
  await registerInSandbox(mobile, username, AUTHOR_PASSWORD);
  const login = await sandboxLogin(username, AUTHOR_PASSWORD);
  const role = login.employeeRole.find((r) => r.type === 4)!;
  await signIn(context, {
    token: login.token,
    user: { id: String(login.employee.id), username, headImgUrl: null, type: login.employee.type },
    role: { id: String(role.id), type: role.type },
    employeeType: login.employeeType,
  });
  return { username, mobile, token: login.token };
}
