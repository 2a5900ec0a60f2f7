// One autocannon run, in its own process (pinned to its own core by bench/run.mjs).
// Usage: node bench/load.mjs '<json options>' → prints the result summary as JSON.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon({ ...options, setupClient: undefined });
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p97_5: result.latency.p97_5, p99: result.latency.p99, average: result.latency.average },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
    total: result.requests.total,
  }),
);
