import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * Rollup warnings that say nothing about our code: a resource route (a loader only) has
 * an empty browser chunk, and zod's sources carry `#__PURE__` annotations in places
 * Rollup ignores. Every other warning is printed.
 */
const EXPECTED_WARNINGS = new Set(['EMPTY_BUNDLE', 'INVALID_ANNOTATION']);

const ROOT_ROUTE = new URL('./app/root.tsx', import.meta.url).pathname;
const APP = new URL('./app/', import.meta.url).pathname;

/**
 * Whether every page loads a module: application code that the root route imports,
 * directly or through other such modules (route modules keep their own chunks).
 */
function loadedOnEveryPage(id: string, importersOf: (id: string) => readonly string[] | undefined): boolean {
  if (!id.startsWith(APP) || id === ROOT_ROUTE || id.includes('/routes/')) return false;
  const seen = new Set<string>();
  const reachesRoot = (module: string): boolean => {
    if (module === ROOT_ROUTE) return true;
    if (seen.has(module)) return false;
    seen.add(module);
    return (importersOf(module) ?? []).some(reachesRoot);
  };
  return reachesRoot(id);
}

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
  environments: {
    client: {
      build: {
        rollupOptions: {
          // What every page loads is one chunk, with React and React Router, instead of a
          // dozen files of a few hundred bytes each that a phone fetches six at a time,
          // 150 ms apart (decision 0026).
          output: {
            manualChunks(id, { getModuleInfo }) {
              return loadedOnEveryPage(id, (module) => getModuleInfo(module)?.importers) ? 'every-page' : undefined;
            },
          },
        },
      },
    },
  },
});
