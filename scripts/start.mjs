// `npm start`: builds only when the build is missing or older than the sources, reads
// `.env` when there is one (variables already set win), then runs the portal in this
// process (it handles Ctrl+C and SIGTERM itself).
import { buildAll } from './build.mjs';
import { buildIsCurrent } from './source-stamp.mjs';
import { sqliteDriverAdvice, sqliteDriverProblem } from './sqlite-driver.mjs';

try {
  process.loadEnvFile('.env');
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}

// Without JOURNAL_API_URL the embedded sandbox is started: say now, not after the build,
// when its SQLite driver cannot work here.
const driverProblem = process.env.JOURNAL_API_URL ? undefined : sqliteDriverProblem();
if (driverProblem) {
  process.stderr.write(`JOURNAL_API_URL: not set, so the embedded sandbox would start, but it cannot. ${sqliteDriverAdvice(driverProblem)}\n`);
  process.exit(1);
}

if (buildIsCurrent()) {
  process.stderr.write('The build is current: starting it (npm run build rebuilds).\n');
} else {
  process.stderr.write('Building the portal (about half a minute; the next start skips this while the sources are unchanged)...\n');
  if (!(await buildAll({ quiet: true }))) process.exit(1);
}
await import(new URL(`../${process.env.BUILD_DIR ?? 'build'}/portal/main.js`, import.meta.url).href);
