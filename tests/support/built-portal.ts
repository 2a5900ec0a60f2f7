import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../sandbox/testing';
import { requireBuiltFile } from './requirements';
import { startBuiltPortal } from './servers';

/**
 * A seeded sandbox and the production build's portal in front of it, started before the
 * suite's tests and stopped after them. Read `sandbox` and `portal` inside the tests.
 */
export function builtPortalForSuite() {
  // Without a build the suite fails as it is collected, before any test is counted.
  requireBuiltFile('server/index.js');
  const running = {} as { sandbox: TestSandbox; portal: Awaited<ReturnType<typeof startBuiltPortal>> };
  beforeAll(async () => {
    running.sandbox = await startTestSandbox();
    running.portal = await startBuiltPortal(running.sandbox.url);
  });
  afterAll(async () => {
    await running.portal?.close();
    await running.sandbox?.close();
  });
  return running;
}
