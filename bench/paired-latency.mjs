// The latency of two targets at one connection each, their requests taken in turn (one to A,
// one to B, ...) so that a slower moment of the machine weighs on both alike, timed to the
// microsecond (autocannon rounds each latency to the millisecond, too coarse to tell 0.6 ms
// from 1.4 ms). Run by bench/run.mjs in its own process, pinned like the load generator.
// Usage: node bench/paired-latency.mjs '<json {a, b, requests, method}>' → prints {a, b} medians in ms as JSON.
import http from 'node:http';

const { a, b, requests, method = 'GET' } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request, its whole body read; its duration in ms. */
function timed(url) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request(url, { method, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const times = { a: [], b: [] };
// A warm-up of each, uncounted: the first calls open connections and compile the paths.
for (let i = 0; i < Math.min(50, requests); i++) {
  await timed(a);
  await timed(b);
}
for (let i = 0; i < requests; i++) {
  times.a.push(await timed(a));
  times.b.push(await timed(b));
}
agent.destroy();
process.stdout.write(JSON.stringify({ a: median(times.a), b: median(times.b) }));
