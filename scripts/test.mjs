// `npm test`: every check, then one line `N passed, N failed` summed over all runners (CI
// reads it). Type and lint errors count as failures of one check each.
//
// On a 2-core machine most steps use one core, so independent steps run side by side:
// the type check, lint and the build first (or the build and the SQLite driver, when an
// install left the driver to compile); then the byte budgets, the unit and integration
// tests and the end-to-end tests (Playwright, one portal per worker). Each step's output
// is kept in test-results/logs/ and printed whole when the step ends, so logs do not
// interleave; the summary gives each step's time.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { sqliteDriverProblem } from './sqlite-driver.mjs';

const logDir = 'test-results/logs';
mkdirSync(logDir, { recursive: true });
const started = Date.now();
const results = [];
let passed = 0;
let failed = 0;
// Chromium reads file names through the locale: with none set, downloads and uploads with
// Chinese names fail in the browser tests.
const locale = process.env.LC_ALL || process.env.LC_CTYPE || process.env.LANG ? {} : { LANG: 'C.UTF-8' };

/** Runs one step with its output to a log file; prints the log when the step ends. */
function run(name, command, args, env = {}) {
  const log = `${logDir}/${name.replace(/\W+/g, '-')}.log`;
  const stepStarted = Date.now();
  console.log(`--- start ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...locale, FORCE_COLOR: '0', NO_COLOR: '1', ...env } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => {
      out.end(() => {
        const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
        const ok = code === 0;
        console.log(`\n=== ${name} (${ok ? 'ok' : 'FAILED'}, ${seconds}s): ${command} ${args.join(' ')}`);
        process.stdout.write(readFileSync(log, 'utf8'));
        results.push({ name, ok, seconds });
        resolve(ok);
      });
    });
  });
}

/** A step that counts as one test of its own. */
async function check(name, command, args) {
  const ok = await run(name, command, args);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

/** End-to-end tests that failed once and passed on their retry: listed, to be fixed. */
function flakyTitles(suites, path = []) {
  const titles = [];
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'flaky') titles.push(`[${test.projectName}] ${[...here, spec.title].join(' › ')}`);
    }
    titles.push(...flakyTitles(suite.suites ?? [], here));
  }
  return titles;
}

async function unitTests() {
  rmSync('test-results/vitest.json', { force: true });
  await run('unit', 'npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
  if (!existsSync('test-results/vitest.json')) return void (failed += 1);
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A test file that fails to load has no failed tests of its own: count it once.
  if (report.numFailedTests === 0) failed += report.numFailedTestSuites;
}

const flaky = [];
async function endToEndTests() {
  rmSync('test-results/e2e-results.json', { force: true });
  await run('e2e', 'npx', ['playwright', 'test']);
  if (!existsSync('test-results/e2e-results.json')) return void (failed += 1);
  const report = JSON.parse(readFileSync('test-results/e2e-results.json', 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  if (report.errors?.length) failed += report.errors.length;
  flaky.push(...flakyTitles(report.suites ?? []));
}

// TypeScript 7, the native compiler, checks the types: a third of TypeScript 5's CPU time.
// TypeScript 5 stays installed as the library ESLint's parser and React Router's type
// generation call, which TypeScript 7 no longer offers; both name their binary `tsc`, so
// this one is called by its path (decision 0042).
const TYPE_CHECKER = 'node_modules/typescript-native/bin/tsc';

// Route types first (a few seconds): the type check reads them and the build writes beside them.
const typegen = await check('typegen', 'npx', ['react-router', 'typegen']);
// The type check, then lint: ESLint's rules and Biome's check of the formatting (`npm run format` fixes the second).
const typesAndLint = () => [typegen ? check('tsc', 'node', [TYPE_CHECKER, '--noEmit']) : Promise.resolve(), check('lint', 'npm', ['run', 'lint', '--silent'])];
// The sandbox's SQLite driver: `npm ci` compiles it. An install without scripts (CI's) leaves
// it to this step, which compiles it on one core while the build takes the other; the type
// check and lint start when the build is done, so that no core waits for the one long
// compilation (decision 0033).
const compileDriver = sqliteDriverProblem() !== undefined;
const driver = compileDriver ? check('sqlite driver', 'npm', ['rebuild', 'better-sqlite3']) : Promise.resolve(true);
const build = check('build', 'npm', ['run', 'build', '--silent']);
const checks = compileDriver ? build.then(() => Promise.all(typesAndLint())) : Promise.all(typesAndLint());
const built = (await build) && (await driver);
// The integration suites and the end-to-end tests run the production build and the sandbox.
const afterBuild = built
  ? [check('byte budgets', 'node', ['scripts/budgets.mjs']), unitTests(), endToEndTests()]
  : [unitTests(), Promise.resolve(void (failed += 1))];
await Promise.all([checks, ...afterBuild]);

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
for (const title of flaky) console.log(`FLAKY (passed on retry) ${title}`);
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
