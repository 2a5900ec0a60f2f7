// The embedded sandbox's SQLite driver (better-sqlite3) is an optional dependency: npm drops
// it without a word when it cannot be built (no prebuilt binary and no compiler). This is
// the one place that tells whether it works and what to do when it does not. Run as npm's
// postinstall step it prints that as the install's last line.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** Why the driver cannot be used here, or undefined when it works. */
export function sqliteDriverProblem() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return undefined;
  } catch (error) {
    return error.code === 'MODULE_NOT_FOUND'
      ? 'it is not installed (npm could not build it on this machine)'
      : `it does not load (${error.message.split('\n')[0]})`;
  }
}

export function sqliteDriverAdvice(problem) {
  return `The SQLite driver better-sqlite3 of the embedded sandbox backend is unusable: ${problem}. Either install a C++ compiler (Debian: apt-get install python3 make g++) and run npm ci again, or set JOURNAL_API_URL to a journal backend.`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `npm ci --omit=optional` left it out on purpose: nothing to say.
  const omitted = (process.env.npm_config_omit ?? '').split(/[\s,]+/).includes('optional');
  const problem = omitted ? undefined : sqliteDriverProblem();
  if (problem) process.stderr.write(`\n${sqliteDriverAdvice(problem)}\n`);
}
