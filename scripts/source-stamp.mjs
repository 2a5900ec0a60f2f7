// A hash of everything a build is made from, written into the build by scripts/build.mjs
// and compared by `npm start` (scripts/start.mjs): the same hash means the build is current.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INPUTS = [
  'app',
  'server',
  'sandbox',
  'contract',
  'public',
  'patches',
  'scripts/build.mjs',
  'scripts/build-server.mjs',
  'scripts/precompress-assets.mjs',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'postcss.config.cjs',
  'tsconfig.json',
];
const buildDir = () => process.env.BUILD_DIR ?? 'build';
const stampFile = () => path.join(buildDir(), '.source-hash');

function files(entry) {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((child) => files(path.join(entry, child.name)));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) {
    // Tests do not go into the build.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function writeSourceStamp() {
  writeFileSync(stampFile(), `${sourceHash()}\n`);
}

/** Whether the build on disk was made from the sources checked out now. */
export function buildIsCurrent() {
  if (!existsSync(path.join(buildDir(), 'portal/main.js')) || !existsSync(stampFile())) return false;
  return readFileSync(stampFile(), 'utf8').trim() === sourceHash();
}
