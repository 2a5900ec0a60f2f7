import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { requireBuiltFile } from '../tests/support/requirements';
import { freePorts, waitUntilUp } from '../scripts/local-servers.mjs';
import { rawRequest } from '../tests/support/servers';

/**
 * What a newcomer meets: the production build started with nothing in the environment but
 * PATH and HOME (README, "Run it"), and the refusals an operator meets, each in one line.
 * Every process records the modules it loads, so the test also sees whether SQLite was.
 */
const portalMain = requireBuiltFile('portal/main.js');

const work = mkdtempSync(path.join(os.tmpdir(), 'portal-first-run-'));
const HOOKS = path.join(work, 'module-hooks.mjs');
writeFileSync(
  HOOKS,
  [
    "import { appendFileSync } from 'node:fs';",
    'export async function resolve(specifier, context, next) {',
    '  const resolved = await next(specifier, context);',
    '  if (process.env.MODULE_LOG) appendFileSync(process.env.MODULE_LOG, `${resolved.url}\\n`);',
    '  return resolved;',
    '}',
  ].join('\n'),
);
const REGISTER = `data:text/javascript,import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(HOOKS).href)});`;

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

/** The portal as `npm run serve` starts it, in `cwd`, with exactly `env` (module loads logged to `moduleLog`). */
function startPortal(cwd: string, env: Record<string, string>, moduleLog: string, main = portalMain): Started {
  const child = spawn(process.execPath, ['--import', REGISTER, main], { cwd, env: { ...env, MODULE_LOG: moduleLog }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function stop(started: Started) {
  started.child.kill('SIGTERM');
  return started.exited;
}

/** The package folders `npm ci --omit=dev --omit=optional` installs (the Docker image's). */
function productionPackages(): Set<string> {
  const listed = execFileSync('npm', ['ls', '--omit=dev', '--omit=optional', '--all', '--parseable'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return new Set(
    listed
      .split('\n')
      .filter((line) => line.includes('node_modules'))
      .map((line) => path.resolve(line)),
  );
}

/** The package folder a loaded module belongs to (scoped packages included). */
function packageDirOf(url: string): string {
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(file);
  return match ? match[1]! : file;
}

const newcomerEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir() });
const modulesIn = (file: string) => readFileSync(file, 'utf8');

describe('the first run', () => {
  it('serves the portal with nothing set, signs demo_author in, and keeps the session across a restart', async () => {
    const cwd = mkdtempSync(path.join(work, 'clone-'));
    const base = 'http://127.0.0.1:3000';
    const first = startPortal(cwd, newcomerEnv(), path.join(cwd, 'modules-1.log'));
    await waitUntilUp(`${base}/healthz`, { child: first.child, output: first.stderr });

    const home = await rawRequest(base, { path: '/' });
    expect(home.status).toBe(200);
    expect(home.body).toContain('数据法学');

    const login = await rawRequest(base, {
      method: 'POST',
      path: '/login?login=userLogin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
      body: new URLSearchParams({ username: 'demo_author', password: 'Demo@2026', agreement: 'on' }).toString(),
    });
    expect(login.status).toBe(302);
    const cookie = [login.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('journalData-token='))
      ?.split(';')[0];
    expect(cookie).toBeDefined();
    const signedIn = await rawRequest(base, { path: '/personal/index', headers: { Cookie: cookie! } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain('demo_author');

    // A person can read what started, and is told about the generated secret once.
    expect(first.stderr()).toContain('http://localhost:3000');
    expect(first.stderr()).toContain('demo_author / Demo@2026');
    expect(first.stderr()).not.toMatch(/\n\s+at /);
    expect(
      first
        .stdout()
        .split('\n')
        .filter((line) => line.includes('SESSION_SECRET is not set')),
    ).toHaveLength(1);
    // Every stdout line is a JSON log line: the banner goes to stderr.
    for (const line of first.stdout().split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    // The embedded sandbox was loaded, SQLite with it.
    expect(modulesIn(path.join(cwd, 'modules-1.log'))).toContain('better-sqlite3');

    expect(await stop(first)).toBe(0);
    const secret = readFileSync(path.join(cwd, 'data', 'session-secret'), 'utf8');

    const second = startPortal(cwd, newcomerEnv(), path.join(cwd, 'modules-2.log'));
    await waitUntilUp(`${base}/healthz`, { child: second.child, output: second.stderr });
    const stillSignedIn = await rawRequest(base, { path: '/personal/index', headers: { Cookie: cookie! } });
    expect(stillSignedIn.status).toBe(200);
    expect(stillSignedIn.body).toContain('demo_author');
    expect(readFileSync(path.join(cwd, 'data', 'session-secret'), 'utf8')).toBe(secret);
    expect(await stop(second)).toBe(0);
  }, 120_000);

  it('refuses a production start with a real backend and no SESSION_SECRET, in one line', async () => {
    const started = startPortal(
      work,
      { ...newcomerEnv(), JOURNAL_API_URL: 'https://journal.example.edu.cn', PUBLIC_URL: 'https://journal.example.edu.cn' },
      path.join(work, 'modules-refused.log'),
    );
    expect(await started.exited).toBe(1);
    const lines = started.stderr().split('\n').filter(Boolean);
    expect(lines).toEqual(['SESSION_SECRET: is required in production (comma-separated secrets, newest first); see .env.example']);
  });

  it('never loads the sandbox or SQLite with a real backend, nor the Redis client without REDIS_URL', async () => {
    const backend = http.createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":200,"success":true,"message":"","entity":[]}'),
    );
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const port = (await freePorts(1))[0];
    const moduleLog = path.join(work, 'modules-real.log');
    const started = startPortal(
      work,
      {
        ...newcomerEnv(),
        JOURNAL_API_URL: `http://127.0.0.1:${(backend.address() as net.AddressInfo).port}`,
        SESSION_SECRET: 'a-real-deployment-secret-of-at-least-32-chars',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PORT: String(port),
        METRICS_PORT: '0',
      },
      moduleLog,
    );
    try {
      await waitUntilUp(`http://127.0.0.1:${port}/healthz`, { child: started.child, output: started.stderr });
      const modules = modulesIn(moduleLog);
      expect(modules).toContain('/portal/main.js');
      expect(modules).not.toContain('better-sqlite3');
      expect(modules).not.toMatch(/node-chunks\/sandbox-/);
      expect(modules).not.toContain('/ioredis/');
      // What the image installs (npm ci --omit=dev --omit=optional) is all the start needs.
      const production = productionPackages();
      const outside = [
        ...new Set(
          modules
            .split('\n')
            .filter((url) => url.includes('/node_modules/'))
            .map(packageDirOf),
        ),
      ].filter((dir) => !production.has(dir));
      expect(outside).toEqual([]);
    } finally {
      await stop(started);
      backend.close();
    }
  }, 60_000);

  it('serves in production from a process built for `npm run dev` (the app found through package.json)', async () => {
    // `npm run dev` rebuilds the process with --dev, leaving the app to Vite; `npm start` or
    // `npm run serve` afterwards must still serve the production build. Built inside the
    // project, as build/ is: that is where package.json's "imports" apply.
    const out = mkdtempSync(path.join(process.cwd(), 'build-dev-'));
    try {
      execFileSync(process.execPath, ['scripts/build-server.mjs', '--dev'], { env: { ...process.env, BUILD_DIR: out } });
      const [port, sandboxPort] = await freePorts(2);
      const started = startPortal(
        work,
        {
          ...newcomerEnv(),
          PORT: String(port),
          SANDBOX_PORT: String(sandboxPort),
          METRICS_PORT: '0',
          HOST: '127.0.0.1',
          SANDBOX_DB: ':memory:',
          SANDBOX_ARTICLES: '5',
        },
        path.join(work, 'modules-dev-build.log'),
        path.join(out, 'portal/main.js'),
      );
      try {
        await waitUntilUp(`http://127.0.0.1:${port}/healthz`, { child: started.child, output: started.stderr });
        const home = await rawRequest(`http://127.0.0.1:${port}`, { path: '/' });
        expect(home.status).toBe(200);
        expect(home.body).toContain('数据法学');
      } finally {
        expect(await stop(started)).toBe(0);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);

  it.each(['PORT', 'SANDBOX_PORT', 'METRICS_PORT'])(
    'stops with one line naming %s when its port is taken',
    async (variable) => {
      const holder = net.createServer();
      await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
      const taken = (holder.address() as net.AddressInfo).port;
      const [port, sandboxPort] = await freePorts(2);
      // Metrics off unless they are the subject: a port found free here can be taken by any
      // process before the portal binds it (a CI run saw METRICS_PORT taken that way).
      const ports: Record<string, string> = { PORT: String(port), SANDBOX_PORT: String(sandboxPort), METRICS_PORT: '0' };
      ports[variable] = String(taken);
      const started = startPortal(
        work,
        { ...newcomerEnv(), ...ports, HOST: '127.0.0.1', SANDBOX_DB: ':memory:', SANDBOX_ARTICLES: '5' },
        path.join(work, `modules-${variable}.log`),
      );
      try {
        expect(await started.exited).toBe(1);
        const lines = started.stderr().split('\n').filter(Boolean);
        expect(lines.at(-1)).toBe(`${variable}: port ${taken} is already in use; set ${variable} to a free port (see .env.example).`);
        expect(started.stderr()).not.toMatch(/\n\s+at /);
      } finally {
        holder.close();
      }
    },
    60_000,
  );
});
