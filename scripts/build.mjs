// `npm run build`: the React Router app (Vite), then the Node process around it, then a
// stamp of the sources it was built from, so `npm start` can tell a current build from a
// stale one. `--quiet` prints warnings and errors only (what `npm start` shows a newcomer).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { writeSourceStamp } from './source-stamp.mjs';

export function buildAll({ quiet = false } = {}) {
  const steps = [
    ['npx', ['react-router', 'build', ...(quiet ? ['--logLevel', 'warn'] : [])]],
    [process.execPath, ['scripts/build-server.mjs']],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) return false;
  }
  writeSourceStamp();
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(buildAll({ quiet: process.argv.includes('--quiet') }) ? 0 : 1);
}
