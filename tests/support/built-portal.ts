import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../sandbox/testing';
import { startBuiltPortal } from './servers';

/**
 * A seeded sandbox and the production build's portal in front of it, started before the
 * suite's tests and stopped after them. Read `sandbox` and `portal` inside the tests.
 */
export function builtPortalForSuite() {
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
