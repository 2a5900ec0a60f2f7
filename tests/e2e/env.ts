/**
 * Where the e2e portal and its sandbox listen, and the secret its cookies are sealed with.
 * Each Playwright worker has a portal and a sandbox of its own (playwright.config.ts starts
 * one pair per worker), so workers never see each other's sign-ins, uploads or counters:
 * worker slot N uses the ports E2E_PORT + 10·N and E2E_SANDBOX_PORT + 10·N.
 */
const basePort = Number(process.env.E2E_PORT ?? 3210);
const baseSandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? basePort + 1);
/** Playwright's stable slot of this worker (0 … workers − 1); 0 outside a worker. */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const E2E = {
  /** How many workers, each with its own portal and sandbox: three on a 2-core machine, since a test waits for its page as often as it computes (decision 0033). */
  workers: Number(process.env.E2E_WORKERS ?? 3),
  port: basePort + 10 * slot,
  sandboxPort: baseSandboxPort + 10 * slot,
  sessionSecret: 'e2e-session-secret-for-tests-only-0123456789',
  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  },
  get sandboxUrl() {
    return `http://127.0.0.1:${this.sandboxPort}`;
  },
  /** The portal and sandbox ports of worker slot `n`. */
  portsOf(n: number) {
    return { port: basePort + 10 * n, sandboxPort: baseSandboxPort + 10 * n };
  },
};
