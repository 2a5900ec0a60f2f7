import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts: the React Router plugin must not run under vitest.
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    environment: 'node',
    setupFiles: ['tests/unit/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time: the integration files wait on servers and timers as much as they compute.
    maxWorkers: 2,
    // Memory tests collect garbage before sampling RSS, so they measure what is held, not GC lag.
    execArgv: ['--expose-gc'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'sandbox/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
          // These files share one process: none keeps state outside what it creates, and
          // importing the app once instead of once per file is three quarters of their time.
          isolate: false,
        },
      },
      {
        extends: true,
        // Each file starts servers and measures processes (memory, loaded modules): a process of its own.
        test: { name: 'integration', include: ['server/**/*.test.ts', 'bench/**/*.test.ts'] },
      },
    ],
  },
});
