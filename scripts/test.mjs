// `npm test`: every check, in order, then one line `N passed, N failed` summed over all
// runners (CI reads it). Type and lint errors count as failures of one check each.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const results = [];
/** End-to-end tests that failed once and passed on their retry: listed, to be fixed. */
const flaky = [];

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
let passed = 0;
let failed = 0;

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

function check(name, command, args) {
  const ok = run(name, command, args);
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

if (check('typegen', 'npx', ['react-router', 'typegen'])) check('tsc', 'npx', ['tsc', '--noEmit']);
check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
const built = check('build', 'npm', ['run', 'build', '--silent']);
if (built) check('byte budgets', 'node', ['scripts/budgets.mjs']);

// Unit and integration tests (vitest), counted from its JSON report.
rmSync('test-results/vitest.json', { force: true });
run('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A test file that fails to load has no failed tests of its own: count it once.
  if (report.numFailedTests === 0) failed += report.numFailedTestSuites;
} else {
  failed += 1;
}

// End-to-end tests (Playwright) against the production build.
if (built) {
  rmSync('test-results/e2e-results.json', { force: true });
  run('e2e', 'npx', ['playwright', 'test']);
  if (existsSync('test-results/e2e-results.json')) {
    const report = JSON.parse(readFileSync('test-results/e2e-results.json', 'utf8'));
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    if (report.errors?.length) failed += report.errors.length;
    flaky.push(...flakyTitles(report.suites ?? []));
  } else {
    failed += 1;
  }
} else {
  failed += 1;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
for (const title of flaky) console.log(`FLAKY (passed on retry) ${title}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
