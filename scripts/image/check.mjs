// `node scripts/image/check.mjs`: the container that ships, built and run as an operator
// would. Builds the real Dockerfile with podman (both images), then starts each with
// `buildah run` (podman run cannot start containers on machines that refuse setrlimit) and
// checks it from outside as a client would. Prints one line per check, the image size, and
// last `image checks: N passed, N failed`; exits 1 on any failure.
//
// Containers run with chroot isolation and share this machine's network, so every port is a
// free loopback port chosen here; inside a container network the defaults apply.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePorts, waitUntilUp } from '../local-servers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
process.chdir(root);
const PRODUCTION = 'localhost/journal-portal:check';
const DEMO = 'localhost/journal-portal-demo:check';
const START_TIMEOUT_MS = 60_000;

let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
  return ok;
}

/** podman and buildah with this project's image store (scripts/image/storage.sh). */
const storageConf = spawnSync('bash', ['-c', '. scripts/image/storage.sh && echo "$CONTAINERS_STORAGE_CONF"'], { encoding: 'utf8' }).stdout.trim();
const env = { ...process.env, CONTAINERS_STORAGE_CONF: storageConf };

function sh(command, args, { quiet = false } = {}) {
  const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'] });
  return { ok: result.status === 0, out: (result.stdout ?? '').trim(), err: (result.stderr ?? '').trim() };
}

function timed(name, fn) {
  const started = Date.now();
  const ok = fn();
  return check(name, ok, `${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** One loopback port that was free a moment ago. */
async function freePort() {
  const [port] = await freePorts(1);
  return port;
}

/** A started process with its output kept, and its exit awaited. */
function start(command, args, extraEnv = {}) {
  const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output };
}

/** True once the URL answers 200; false when the process exits first or time runs out. */
const whenUp = (url, process_) =>
  waitUntilUp(url, { child: process_.child, timeoutMs: START_TIMEOUT_MS, intervalMs: 250 }).then(
    () => true,
    () => false,
  );

async function get(url, headers = {}) {
  try {
    const response = await fetch(url, { headers, redirect: 'manual' });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (error) {
    return { status: 0, headers: undefined, body: String(error.cause ?? error) };
  }
}

/** What a reader sees: the article page shows the title the backend holds. */
async function checkArticle(base, backend, label) {
  const article = await fetch(`${backend}/api/paperSearchApi/literatureBaseDetails`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 7 }),
  }).then(
    (r) => r.json(),
    () => undefined,
  );
  const title = article?.entity?.title;
  const page = await get(`${base}/journal/detail?id=7`);
  check(`${label}: the article page shows the article`, page.status === 200 && !!title && page.body.includes(title), `HTTP ${page.status}`);
}

/** The sign-in form as a browser posts it, then the personal page with the cookie it set. */
async function checkSignIn(base, label) {
  const login = await fetch(`${base}/login?login=userLogin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ username: 'demo_author', password: 'Demo@2026', agreement: 'on' }),
  }).catch(() => undefined);
  const cookie = login?.headers
    .getSetCookie()
    .find((c) => c.startsWith('journalData-token='))
    ?.split(';')[0];
  const personal = cookie ? await get(`${base}/personal/index`, { Cookie: cookie }) : { status: 0, body: '' };
  check(
    `${label}: demo_author signs in and sees the personal page`,
    login?.status === 302 && personal.status === 200 && personal.body.includes('demo_author'),
    `sign-in HTTP ${login?.status ?? 'none'}, personal page HTTP ${personal.status}`,
  );
}

/** A working container of the image, configured with the given variables. */
function container(image, variables) {
  const made = sh('buildah', ['from', '--pull-never', image], { quiet: true });
  if (!made.ok) throw new Error(`buildah from ${image}: ${made.err}`);
  const name = made.out.split('\n').pop();
  const envArgs = Object.entries(variables).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  sh('buildah', ['config', ...envArgs, name], { quiet: true });
  return name;
}

function inspect(image, format) {
  return sh('podman', ['image', 'inspect', '--format', format, image], { quiet: true }).out;
}

/** Runs the image's own command in the container, as the image's own user. */
function runImage(name, image) {
  const cmd = JSON.parse(inspect(image, '{{json .Config.Cmd}}'));
  const user = inspect(image, '{{.Config.User}}');
  return start('buildah', ['run', '--isolation', 'chroot', '--user', user, name, '--', ...cmd]);
}

/** SIGTERM to the app's process: buildah run hands on its exit code. */
async function stopWithSigterm(run, label) {
  // The node process the container runs: a descendant of `buildah run`.
  const descendants = (pid) => {
    const children = sh('pgrep', ['-P', String(pid)], { quiet: true })
      .out.split('\n')
      .filter(Boolean)
      .map(Number);
    return children.flatMap((child) => [child, ...descendants(child)]);
  };
  const node = descendants(run.child.pid).find((pid) => sh('ps', ['-o', 'comm=', '-p', String(pid)], { quiet: true }).out === 'node');
  if (!node) return check(`${label}: SIGTERM stops it with exit 0`, false, 'no node process found');
  process.kill(node, 'SIGTERM');
  const code = await Promise.race([run.exited, new Promise((resolve) => setTimeout(() => resolve('still running after 15 s'), 15_000).unref())]);
  return check(`${label}: SIGTERM stops it with exit 0`, code === 0, `exit ${code}`);
}

async function main() {
  const started = Date.now();
  for (const tool of ['podman', 'buildah', 'debootstrap']) {
    if (sh('sh', ['-c', `command -v ${tool}`], { quiet: true }).ok === false) {
      check(`${tool} is installed`, false);
    }
  }
  if (failed) return;

  if (!timed('base image', () => sh('bash', ['scripts/image/stand-in-base.sh']).ok)) return;
  // The host's npm cache lends the build its packages (this machine's npm ci filled it), and
  // a CA this machine trusts (a proxy re-signing TLS) is trusted by the build too; neither
  // ends up in the image.
  const mounts = [];
  const npmCache = sh('npm', ['config', 'get', 'cache'], { quiet: true }).out;
  if (npmCache && existsSync(npmCache)) mounts.push('--volume', `${npmCache}:/root/.npm`);
  if (process.env.NODE_EXTRA_CA_CERTS && existsSync(process.env.NODE_EXTRA_CA_CERTS)) {
    mounts.push('--volume', `${process.env.NODE_EXTRA_CA_CERTS}:/run/build-ca.crt:ro`, '--build-arg', 'NODE_EXTRA_CA_CERTS=/run/build-ca.crt');
  }
  // `--jobs 2`: the runtime stage's first steps build beside the app's.
  const build = (tag, args) =>
    sh('podman', ['build', '--isolation', 'chroot', '--format', 'docker', '--jobs', '2', '--force-rm', '--layers', ...mounts, ...args, '-t', tag, '.'], {
      quiet: true,
    });
  let built;
  if (!timed('podman build (production image)', () => (built = build(PRODUCTION, [])).ok)) return console.log(built.err.split('\n').slice(-15).join('\n'));
  // The demo image takes the build stage from the layer cache.
  const demoBuilt = timed('podman build --build-arg WITH_SANDBOX=1 (demo image)', () => (built = build(DEMO, ['--build-arg', 'WITH_SANDBOX=1'])).ok);
  if (!demoBuilt) console.log(built.err.split('\n').slice(-15).join('\n'));

  const sizeMb = Number(inspect(PRODUCTION, '{{.Size}}')) / 1e6;
  console.log(`image size: production ${sizeMb.toFixed(0)} MB${demoBuilt ? `, demo ${(Number(inspect(DEMO, '{{.Size}}')) / 1e6).toFixed(0)} MB` : ''}`);
  check('the image keeps its HEALTHCHECK', inspect(PRODUCTION, '{{json .HealthCheck}}').includes('/healthz'));

  // A separately started sandbox backend, as a real backend would be.
  if (!existsSync('build/sandbox/main.js')) sh('npm', ['run', 'build', '--silent']);
  const sandboxPort = await freePort();
  const backend = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = start(process.execPath, ['build/sandbox/main.js'], { SANDBOX_PORT: String(sandboxPort), SANDBOX_DB: ':memory:', SANDBOX_ARTICLES: '40' });
  const containers = [];
  try {
    if (!check('sandbox backend started', await whenUp(`${backend}/api/homeApi/getBottomBar`, sandbox))) return;

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const name = container(PRODUCTION, {
      PORT: port,
      HOST: '127.0.0.1',
      JOURNAL_API_URL: backend,
      PUBLIC_URL: base,
      SESSION_SECRET: 'image-check-session-secret-of-at-least-32-characters',
      SECURE_COOKIES: 'false',
      METRICS_PORT: 0,
    });
    containers.push(name);
    const portal = runImage(name, PRODUCTION);
    if (check('production image: /healthz answers', await whenUp(`${base}/healthz`, portal))) {
      check('production image: /readyz says ready', (await get(`${base}/readyz`)).status === 200);
      await checkArticle(base, backend, 'production image');
      await checkSignIn(base, 'production image');
      const inside = (script) =>
        sh('buildah', ['run', '--isolation', 'chroot', '--user', inspect(PRODUCTION, '{{.Config.User}}'), name, '--', 'sh', '-c', script], { quiet: true });
      const tools = inside('for t in gcc g++ cc make python3 npm node-gyp; do command -v $t; done; true').out;
      check('production image: no compiler, build tool or package manager', tools === '', tools.replace(/\n/g, ' '));
      const uid = inside('id -u').out;
      check('production image: runs as a non-root user', uid !== '' && uid !== '0', `uid ${uid}`);
      const writes = inside(
        'touch /app/build/portal/main.js 2>/dev/null && echo main.js; touch /app/node_modules/x 2>/dev/null && echo node_modules; touch /app/package.json 2>/dev/null && echo package.json; true',
      ).out;
      check("production image: that user cannot write the app's files", writes === '', writes.replace(/\n/g, ' '));
      await stopWithSigterm(portal, 'production image');
    } else {
      console.log(portal.output().split('\n').slice(-15).join('\n'));
      portal.child.kill();
    }

    if (demoBuilt) {
      // The demo with no configuration but the two ports this shared machine needs.
      const demoPort = await freePort();
      const demoBase = `http://127.0.0.1:${demoPort}`;
      const demoSandboxPort = await freePort();
      const demoName = container(DEMO, { PORT: demoPort, SANDBOX_PORT: demoSandboxPort, METRICS_PORT: 0 });
      containers.push(demoName);
      const demo = runImage(demoName, DEMO);
      if (check('demo image: starts with its embedded sandbox and no configuration', await whenUp(`${demoBase}/healthz`, demo))) {
        await checkArticle(demoBase, `http://127.0.0.1:${demoSandboxPort}`, 'demo image');
        await checkSignIn(demoBase, 'demo image');
        await stopWithSigterm(demo, 'demo image');
      } else {
        console.log(demo.output().split('\n').slice(-15).join('\n'));
        demo.child.kill();
      }
    }
  } finally {
    sandbox.child.kill('SIGTERM');
    for (const name of containers) sh('buildah', ['rm', name], { quiet: true });
    // Cached layers older than two days go: the store stays bounded, the next run stays warm.
    sh('podman', ['image', 'prune', '--force', '--filter', 'until=48h'], { quiet: true });
    console.log(`image checks took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

await main().catch((error) => check('image check ran', false, error.message));
console.log(`image checks: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
