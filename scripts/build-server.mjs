// Bundles the Node process around the app (server/) into build/portal and build/sandbox.
// npm packages stay external; only our TypeScript is compiled.
import { build } from 'esbuild';

const out = process.env.BUILD_DIR ?? 'build';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  alias: { '~': './app' },
};

await Promise.all([
  build({ ...common, entryPoints: ['server/main.ts'], outfile: `${out}/portal/main.js` }),
  build({ ...common, entryPoints: ['server/sandbox/main.ts'], outfile: `${out}/sandbox/main.js` }),
]);
