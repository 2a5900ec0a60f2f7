// The reference app's server: React Router's Express adapter, as its templates set it up.
// Usage: NODE_ENV=production node bench/reference-app/server.mjs <port> <build folder>
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import express from 'express';

const [port, buildDir] = process.argv.slice(2);
const build = await import(pathToFileURL(path.resolve(buildDir, 'server/index.js')).href);
const app = express();
app.get('/healthz', (_req, res) => res.send('ok'));
app.use(createRequestHandler({ build, mode: process.env.NODE_ENV }));
app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
