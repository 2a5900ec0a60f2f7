// Bundles the Node process around the app (server/) into build/portal and build/sandbox.
// The portal imports the embedded sandbox only when it starts it, so the sandbox (and
// SQLite) is a chunk of its own that a portal with a real backend never loads.
//
// The npm packages only this process uses (express, compression, pino, prom-client,
// helmet...) are bundled in: Node then resolves and reads a few files at start instead of
// some four hundred, 110 ms less CPU before the portal is ready (850 → 740 ms, median of ten
// starts on one core). Packages the app's server build imports too stay external, so each
// has one copy in memory (React Router's request handler and the routes must share theirs),
// as do the native SQLite driver, Vite (development only) and ioredis, which is loaded only
// with REDIS_URL and reads files beside its own (`__dirname`, which bundled ESM lacks).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = process.env.BUILD_DIR ?? 'build';
// Chunk names carry content hashes: last build's chunks would stay beside this one's.
for (const dir of ['portal', 'sandbox', 'node-chunks']) rmSync(`${out}/${dir}`, { recursive: true, force: true });

await build({
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  external: ['react', 'react-dom', 'react-router', '@react-router/*', 'zod', 'htmlparser2', 'pinyin-pro', 'better-sqlite3', 'vite', 'ioredis'],
  // Bundled CommonJS packages require Node's built-in modules: ESM output has no `require` of its own.
  banner: {
    js: "import { createRequire as createRequireForBundledPackages } from 'node:module'; const require = createRequireForBundledPackages(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
  alias: { '~': './app' },
  entryPoints: { 'portal/main': 'server/main.ts', 'sandbox/main': 'sandbox/main.ts' },
  outdir: out,
  chunkNames: 'node-chunks/[name]-[hash]',
});
