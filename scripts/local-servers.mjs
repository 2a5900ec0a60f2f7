// What every script and test that starts local servers needs: free loopback ports, and a
// wait until a started process answers. One copy, used by the load run, the bench, the byte
// budgets, the image check and the integration tests.
import net from 'node:net';

/** `count` distinct loopback ports that were free a moment ago (held open together, then released for the caller). */
export async function freePorts(count) {
  const probes = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const probe = net.createServer();
          probe.once('error', reject);
          probe.listen(0, '127.0.0.1', () => resolve(probe));
        }),
    ),
  );
  const ports = probes.map((probe) => probe.address().port);
  await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

/**
 * Resolves once `url` answers 200. Asks every `intervalMs`; rejects when `child` (the process
 * that should answer) exits first, or after `timeoutMs`, with the end of its output when
 * `output` gives it: a failed start says why instead of timing out later.
 */
export async function waitUntilUp(url, { child, output = () => '', timeoutMs = 60_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  const why = () => {
    const text = output();
    return text ? `:\n${text.slice(-8000)}` : '';
  };
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the process for ${url} exited (${child.exitCode ?? child.signalCode})${why()}`);
    const status = await fetch(url).then(
      (response) => (response.body?.cancel(), response.status),
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s${why()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The Node options the portal runs with in production: the Dockerfile's CMD and `npm start` /
 * `npm run serve` give the same, so that the load run and the bench measure what ships.
 * A heap limit: without one, V8 sizes the heap from the machine's memory (about 4 GB here)
 * and lets the old space grow by up to four times between collections, so a busy portal sat
 * at 290 MB resident while holding 60 MB of live objects; with 384 MB it stays near 170 MB
 * at the same throughput, and it fits the 512 MiB the README asks for (decision 0039).
 */
export const PORTAL_NODE_OPTIONS = ['--max-old-space-size=384'];
