// Bundles the Node process around the app (server/) into build/portal and build/sandbox.
// The portal imports the embedded sandbox only when it starts it, so the sandbox (and
// SQLite) is a chunk of its own that a portal with a real backend never loads.
//
// For production the app's server build (Vite's output in build/server) is bundled in too,
// with every package both use: one copy of React Router, React and zod, read from a few
// files at start instead of some five hundred modules (decision 0040). `--dev` (for
// `npm run dev` and `npm run sandbox`) leaves the app to Vite: the packages the app imports
// stay external there, so the process and Vite's modules share one React Router.
// Always external: the native SQLite driver, Vite, and ioredis, which is loaded only with
// REDIS_URL and reads files beside its own (`__dirname`, which bundled ESM lacks).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const out = process.env.BUILD_DIR ?? 'build';
const dev = process.argv.includes('--dev');
// Chunk names carry content hashes: last build's chunks would stay beside this one's.
for (const dir of ['portal', 'sandbox', 'node-chunks']) rmSync(`${out}/${dir}`, { recursive: true, force: true });

/** `#app-server-build` (server/main.ts) is the app's production server build. */
const appServerBuild = {
  name: 'app-server-build',
  setup(bundler) {
    bundler.onResolve({ filter: /^#app-server-build$/ }, () =>
      dev ? { path: '#app-server-build', external: true } : { path: path.resolve(out, 'server/index.js') },
    );
  },
};

const alwaysExternal = ['better-sqlite3', 'vite', 'ioredis'];
const sharedWithTheApp = ['react', 'react-dom', 'react-router', '@react-router/*', 'zod', 'htmlparser2', 'pinyin-pro'];

await build({
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  external: dev ? [...alwaysExternal, ...sharedWithTheApp] : alwaysExternal,
  // React's production build, as Vite gives the browser (a bundled package's own check
  // would otherwise keep its development build beside it).
  define: dev ? {} : { 'process.env.NODE_ENV': '"production"' },
  plugins: [appServerBuild],
  // Bundled CommonJS packages require Node's built-in modules: ESM output has no `require` of its own.
  banner: {
    js: "import { createRequire as createRequireForBundledPackages } from 'node:module'; const require = createRequireForBundledPackages(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
  // Vite's output keeps a bare `import "pkg"` of every package it leaves external; bundled,
  // those of packages marked free of side effects are rightly dropped.
  logOverride: { 'ignored-bare-import': 'silent' },
  alias: { '~': './app' },
  entryPoints: { 'portal/main': 'server/main.ts', 'sandbox/main': 'sandbox/main.ts' },
  outdir: out,
  chunkNames: 'node-chunks/[name]-[hash]',
});
