import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * What an integration suite needs from the machine. A suite that lacks it fails at once
 * with a message saying what to do: it never skips, so a green run always means the
 * suite ran.
 */

/** The production build the integration suites run (`BUILD_DIR` picks another folder). */
export const BUILD_DIR = process.env.BUILD_DIR ?? 'build';

/** Absolute path of a file of the production build; throws when the build is missing. */
export function requireBuiltFile(relative: string): string {
  const file = path.resolve(BUILD_DIR, relative);
  if (!existsSync(file)) {
    throw new Error(`This suite runs the production build, and ${file} is missing: run \`npm run build\` first (\`npm test\` does).`);
  }
  return file;
}

/** Throws unless `redis-server` can be started (`bash .ci/run` installs it). */
export function requireRedisServer(): void {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('This suite starts a real redis-server, which is not installed: `apt-get install redis-server` (`bash .ci/run` does).');
  }
}

/** Throws unless `xmllint` (Debian's libxml2-utils) can be run (`bash .ci/run` installs it). */
export function requireXmllint(): void {
  if (spawnSync('xmllint', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('This suite validates XML with xmllint, which is not installed: `apt-get install libxml2-utils` (`bash .ci/run` does).');
  }
}
