// Bundles the Node process around the app (server/) into build/portal and build/sandbox.
// npm packages stay external; only our TypeScript is compiled. The portal imports the
// embedded sandbox only when it starts it, so the sandbox (and SQLite) is a chunk of its
// own that a portal with a real backend never loads.
import { build } from 'esbuild';

const out = process.env.BUILD_DIR ?? 'build';

await build({
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  splitting: true,
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  alias: { '~': './app' },
  entryPoints: { 'portal/main': 'server/main.ts', 'sandbox/main': 'sandbox/main.ts' },
  outdir: out,
  chunkNames: 'node-chunks/[name]-[hash]',
});
