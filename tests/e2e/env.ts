/** Where the e2e portal and its sandbox listen, and the secret its cookies are sealed with. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3210),
  sandboxPort: Number(process.env.E2E_SANDBOX_PORT ?? 3211),
  sessionSecret: 'e2e-session-secret-for-tests-only-0123456789',
  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  },
  get sandboxUrl() {
    return `http://127.0.0.1:${this.sandboxPort}`;
  },
};
