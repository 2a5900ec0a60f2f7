// Renders pages of the production build twice, in a plain Node process (the ESM React
// Router the portal runs, not the test runner's copy): with the portal's entry (settled,
// one synchronous pass) and with its streaming renderer, React Router's own way.
// Usage: node tests/support/render-both-ways.mjs <build dir> <journal API url> <path>...
// Prints one JSON line: [{ path, status, streamedStatus, identical, identicalButVolatile, bytes }]
// (volatile: numbers and UUIDs, which change with each render of a page that counts its
// views or shows a new captcha, and the serialised loader data, whose de-duplication of
// equal values shifts when a count changes; it is compared exactly on the other pages).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { createRequestHandler } from 'react-router';

const [buildDir, journalApiUrl, ...paths] = process.argv.slice(2);
const build = await import(pathToFileURL(path.resolve(buildDir, 'server/index.js')).href);
const settled = createRequestHandler(build, 'production');
const streamed = createRequestHandler({ ...build, entry: { module: { ...build.entry.module, default: build.entry.module.streamDocument } } }, 'production');

const runtime = {
  journalApiUrl,
  upstreamTimeoutMs: 5000,
  sessionSecrets: ['render-both-ways-secret-0123456789abcdefghij'],
  secureCookies: false,
  isProduction: true,
  rateLimiter: { hit: async () => ({ allowed: true }) },
  backendMetrics: { call() {}, failure() {} },
};
const context = () => ({
  cspNonce: 'fixed-nonce',
  requestId: 'render-both-ways',
  clientIp: '',
  logger: pino({ level: 'silent' }),
  runtime,
  wholeDocument: true,
});

const results = [];
for (const pagePath of paths) {
  const a = await settled(new Request(`http://portal.test${pagePath}`), context());
  const b = await streamed(new Request(`http://portal.test${pagePath}`), context());
  const [bodyA, bodyB] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
  const withoutVolatile = (body) =>
    body
      .toString()
      .replace(/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, 'uuid')
      .replace(/streamController\.enqueue\(.*?\);<\/script>/gs, 'streamController.enqueue(data);</script>')
      .replace(/\d+(?:\.\d+)?/g, '#');
  results.push({
    path: pagePath,
    status: a.status,
    streamedStatus: b.status,
    identical: bodyA.equals(bodyB),
    identicalButVolatile: withoutVolatile(bodyA) === withoutVolatile(bodyB),
    bytes: bodyA.length,
  });
}
console.log(JSON.stringify(results));
