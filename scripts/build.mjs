// `npm run build`: the React Router app (Vite), compressed copies of its client assets, then
// the Node process around it, then a stamp of the sources it was built from, so `npm start`
// can tell a current build from a stale one. `--quiet` prints warnings and errors only (what `npm start` shows a newcomer).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressAssets } from './precompress-assets.mjs';
import { writeSourceStamp } from './source-stamp.mjs';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

export async function buildAll({ quiet = false } = {}) {
  if (!run('npx', ['react-router', 'build', ...(quiet ? ['--logLevel', 'warn'] : [])])) return false;
  await precompressAssets(path.join(process.env.BUILD_DIR ?? 'build', 'client', 'assets'));
  if (!run(process.execPath, ['scripts/build-server.mjs'])) return false;
  writeSourceStamp();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit((await buildAll({ quiet: process.argv.includes('--quiet') })) ? 0 : 1);
}
