import { defineConfig } from 'vitest/config';

// Separate from vite.config.ts: the React Router plugin must not run under vitest.
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'bench/**/*.test.ts', 'sandbox/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/unit/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Memory tests collect garbage before sampling RSS, so they measure what is held, not GC lag.
    execArgv: ['--expose-gc'],
  },
});
