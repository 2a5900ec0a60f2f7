import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * Rollup warnings that say nothing about our code: a resource route (a loader only) has
 * an empty browser chunk, and zod's sources carry `#__PURE__` annotations in places
 * Rollup ignores. Every other warning is printed.
 */
const EXPECTED_WARNINGS = new Set(['EMPTY_BUNDLE', 'INVALID_ANNOTATION']);

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // One style sheet for the whole site (26 KB gzip): on a phone's connection eight or nine
    // small sheets per page cost more in round trips than the bytes saved, and the one
    // sheet is cached from the first page on (decision 0025).
    cssCodeSplit: false,
    rollupOptions: {
      onwarn(warning, warn) {
        if (warning.code && EXPECTED_WARNINGS.has(warning.code)) return;
        warn(warning);
      },
    },
  },
});
