import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * A real, throw-away `redis-server` for tests: no persistence, loopback only, on the first
 * free port of the caller's list (each engineer and suite has its own ports). `.ci/run`
 * installs redis-server when a machine lacks it; without it the suites fail and say so
 * (tests/support/requirements.ts).
 */

export interface TestRedisServer {
  url: string;
  port: number;
  /** Freezes the server (SIGSTOP): connections stay open, commands time out, as with a hung Redis. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Child processes a test started (redis-server, portals), killed when the test process
 * ends without its afterAll (a crash, Ctrl-C, vitest stopping the worker), so none is
 * left holding a port.
 */
const running = new Set<ChildProcess>();
function killAll() {
  for (const child of running) child.kill('SIGKILL');
}
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    killAll();
    // The handler replaced the default: end the way the signal meant.
    process.kill(process.pid, signal);
  });
}

/** Kills `child` with the test process if the test does not stop it first. */
export function stopWithTestProcess(child: ChildProcess) {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

function launch(port: number): Promise<ChildProcess | undefined> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'notice'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stopWithTestProcess(child);
  return new Promise((resolve) => {
    let output = '';
    const timer = setTimeout(() => done(false), 10_000);
    function done(ready: boolean) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      // Keep draining its output so a full pipe never blocks it.
      child.stdout?.resume();
      child.stderr?.resume();
      if (!ready) child.kill('SIGKILL');
      resolve(ready ? child : undefined);
    }
    function onData(chunk: Buffer) {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) done(true);
    }
    child.stdout?.on('data', onData);
    child.once('exit', () => done(false));
  });
}

export async function startRedisServer(ports: number[]): Promise<TestRedisServer> {
  for (const port of ports) {
    if (!(await portIsFree(port))) continue;
    const child = await launch(port);
    if (!child) continue;
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      freeze: () => child.kill('SIGSTOP'),
      thaw: () => child.kill('SIGCONT'),
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGCONT');
          child.kill('SIGKILL');
        }),
    };
  }
  throw new Error(`no free port for redis-server among ${ports.join(', ')}`);
}
