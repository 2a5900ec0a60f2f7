import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Rollup warnings that say nothing about our code: a resource route (a loader only) has
 * an empty browser chunk, and zod's sources carry `#__PURE__` annotations in places
 * Rollup ignores. Every other warning is printed.
 */
const EXPECTED_WARNINGS = new Set(['EMPTY_BUNDLE', 'INVALID_ANNOTATION']);

const ROOT_ROUTE = new URL('./app/root.tsx', import.meta.url).pathname;
const LAYOUT_ROUTES = new URL('./app/routes/layouts/', import.meta.url).pathname;
const APP = new URL('./app/', import.meta.url).pathname;

/**
 * Whether every page loads a module: application code that the root route or a layout route
 * (the header, the footer, the floating panel) imports, directly or through other such
 * modules. Route modules keep their own chunks.
 */
function loadedOnEveryPage(id: string, importersOf: (id: string) => readonly string[] | undefined): boolean {
  if (!id.startsWith(APP) || id === ROOT_ROUTE || id.includes('/routes/')) return false;
  const seen = new Set<string>();
  const reachesFrame = (module: string): boolean => {
    if (module === ROOT_ROUTE || module.startsWith(LAYOUT_ROUTES)) return true;
    if (seen.has(module)) return false;
    seen.add(module);
    return (importersOf(module) ?? []).some(reachesFrame);
  };
  return reachesFrame(id);
}

/**
 * What the browser's production build uses for React and React DOM: Preact's compatibility
 * layer, with `hydrateRoot` for a whole document from app/lib/preact-dom-client.ts
 * (decision 0045). The server renders with React; development keeps React for Fast Refresh.
 */
const PREACT_IN_THE_BROWSER: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': new URL('./app/lib/preact-dom-client.ts', import.meta.url).pathname,
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

function preactInTheBrowser(): Plugin {
  return {
    name: 'preact-in-the-browser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (this.environment.name !== 'client') return null;
      const target = PREACT_IN_THE_BROWSER[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/** The shared chunks of the client build (`manualChunks` below): what every page loads, and what the reading pages share. */
const EVERY_PAGE_CHUNK = 'every-page';
const READING_CHUNK = 'reading';

/** The chunks that hint to Chromium to compile all their functions while they download. */
const COMPILED_ON_LOAD = new Set([EVERY_PAGE_CHUNK, READING_CHUNK]);
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Chromium's explicit compile hint on the scripts a page runs as it starts (decision 0048):
 * the frame's and the reading pages' shared chunks, the entry and the route modules. V8 then
 * compiles their functions on the thread that streams the download, instead of one by one on
 * the main thread the first time each runs, while the page is hydrating. Chunks that a
 * component loads later (the sign-in panel, the upload form) are left to compile lazily.
 * Added after minification, which drops comments; the chunk's hash includes it.
 */
function compileHints(): Plugin {
  const hinted = (chunk: { isEntry: boolean; name: string }) => chunk.isEntry || COMPILED_ON_LOAD.has(chunk.name);
  return {
    name: 'compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    augmentChunkHash(chunk) {
      return hinted(chunk) ? COMPILE_HINT : undefined;
    },
    // After Vite's own rewriting of the chunks (the list of a dynamic import's dependencies is
    // put before a chunk's code), so the hint stays the first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && hinted(output)) output.code = COMPILE_HINT + output.code;
        }
      },
    },
  };
}

/** The routes of the pages a reader browses: the home page, the literature, news, people and help. */
const READING_ROUTES = ['home.tsx', 'search.tsx', 'journal/', 'news/', 'expert/', 'board/', 'theme/', 'pages/'].map(
  (route) => new URL(`./app/routes/${route}`, import.meta.url).pathname,
);

/**
 * Whether a module belongs in the `reading` chunk: application code that two or more of the
 * reading pages import, directly or through other modules. Rollup would otherwise split it
 * into a file per combination of importers (an article loaded 17 scripts, most under 1 KB,
 * six at a time on a phone's HTTP/1.1 connections, 150 ms apart).
 */
function sharedByReadingPages(id: string, importersOf: (id: string) => readonly string[] | undefined): boolean {
  if (!id.startsWith(APP) || id.includes('/routes/')) return false;
  const seen = new Set<string>();
  const readingRoutes = new Set<string>();
  const collect = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    if (READING_ROUTES.some((route) => module.startsWith(route))) readingRoutes.add(module);
    else for (const importer of importersOf(module) ?? []) collect(importer);
  };
  collect(id);
  return readingRoutes.size >= 2;
}

export default defineConfig({
  plugins: [preactInTheBrowser(), reactRouter(), compileHints()],
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
          // What every page loads is one chunk, with Preact and React Router, and what the
          // reading pages share is another, instead of a dozen files of a few hundred bytes
          // each that a phone fetches six at a time, 150 ms apart (decisions 0026 and 0045).
          output: {
            manualChunks(id, { getModuleInfo }) {
              const importers = (module: string) => getModuleInfo(module)?.importers;
              if (loadedOnEveryPage(id, importers)) return EVERY_PAGE_CHUNK;
              if (sharedByReadingPages(id, importers)) return READING_CHUNK;
              return undefined;
            },
          },
        },
      },
    },
  },
});
