import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import { createPortalApp } from './app';
import { ConfigError, loadConfig, type PortalConfig } from './config';
import { createLogger } from './logger';
import { createHttpServer } from './http-server';
import { createMetrics, createMetricsServer, type PortalMetrics } from './metrics';
import { MemoryPageStore } from './page-cache';
import { sandboxSessionSecret } from './session-secret';
import { createMemoryRateLimiter } from '../app/lib/rate-limit.server';

/**
 * The portal process: validates configuration, starts the embedded sandbox backend when
 * no JOURNAL_API_URL is given, serves the app, and shuts down gracefully on SIGTERM.
 */

/**
 * On SIGTERM, in-flight requests get as long as a backend call may take (UPSTREAM_TIMEOUT_MS)
 * and this much more to answer; then their connections are closed. The container's stop
 * timeout must be longer (README, "Container").
 */
const SHUTDOWN_GRACE_MS = 2000;
/** How long start-up waits for Redis before serving from the process alone (it keeps reconnecting). */
const REDIS_STARTUP_WAIT_MS = 3000;

/** Stops the process with one line naming what to change: no stack trace for a person to read. */
function stopWith(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** A port someone else holds, named by the variable that chooses it. */
function portTaken(error: unknown, variable: string, port: number): never | void {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') stopWith(`${variable}: port ${port} is already in use; set ${variable} to a free port (see .env.example).`);
  if (code === 'EACCES') stopWith(`${variable}: port ${port} cannot be opened by this user; set ${variable} to a port above 1024.`);
}

/** Listens, or stops the process with a line naming the variable when the port is taken or the address is not this machine's. */
function listenOn(server: Server, port: number, host: string, variable: string, hostVariable = 'HOST'): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      portTaken(error, variable, port);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
        stopWith(`${hostVariable}: ${host} is not an address of this machine; set ${hostVariable} to one (0.0.0.0: every address).`);
      reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}

/** What a person sees once the portal is up: where it is and how to use the demo. */
function banner(lines: [string, string][]): string {
  const width = Math.max(...lines.map(([label]) => label.length));
  return ['', '  数据法学期刊平台 · journal portal', ...lines.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`), ''].join('\n') + '\n';
}

function readConfig(): PortalConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function loadBuild(config: PortalConfig) {
  if (config.env === 'development') {
    const vite = await import('vite');
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    return {
      build: () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      devMiddleware: devServer.middlewares as unknown as RequestHandler,
      clientDir: undefined,
      closeDev: () => devServer.close(),
    };
  }
  // The app's server build: bundled into this process by scripts/build-server.mjs.
  const build = (await import('#app-server-build')) as unknown as ServerBuild;
  return {
    build,
    devMiddleware: undefined,
    clientDir: fileURLToPath(new URL('../client', import.meta.url)),
    closeDev: async () => {},
  };
}

/**
 * With REDIS_URL: the page cache and the rate limits shared by every portal process, each
 * falling back to its in-process twin while Redis is unusable.
 */
async function sharedStores(config: PortalConfig, logger: Logger, metrics: PortalMetrics, buildId: string) {
  if (!config.redisUrl) return undefined;
  // Loaded only when Redis is configured: its client is a tenth of a second of every start.
  const [{ connectRedis }, { RedisPageStore }, { createRedisRateLimiter }] = await Promise.all([
    import('./redis'),
    import('./redis-page-store'),
    import('./redis-rate-limit'),
  ]);
  const redis = connectRedis(config.redisUrl, { logger: logger.child({ component: 'redis' }), onFallback: (use) => metrics.countRedisFallback(use) });
  metrics.observeRedis(() => redis.state() === 'up');
  await redis.whenReady(REDIS_STARTUP_WAIT_MS);
  const pageStore = new RedisPageStore(redis, {
    // Per build: a deploy never serves pages naming the previous build's assets.
    prefix: `journal-portal:${buildId}:`,
    maxPageBytes: config.pageCache.maxBytes,
    fallback: new MemoryPageStore(config.pageCache.maxEntries, config.pageCache.maxBytes),
  });
  const rateLimiter = createRedisRateLimiter(redis, { prefix: 'journal-portal:rate:', fallback: createMemoryRateLimiter() });
  return { redis, pageStore, rateLimiter };
}

async function main() {
  let config = readConfig();
  const logger = createLogger(config.logLevel);

  // The embedded sandbox without SESSION_SECRET: a secret made for this machine (decision 0020).
  let secretFile: string | null | undefined;
  if (config.sessionSecrets.length === 0) {
    const made = sandboxSessionSecret(config.sandbox.dbPath);
    secretFile = made.file;
    config = { ...config, sessionSecrets: [made.secret] };
    logger.warn(
      { file: made.file ?? '(memory)', created: made.created },
      'SESSION_SECRET is not set: sessions are sealed with a secret generated for this machine (set SESSION_SECRET in production)',
    );
  }

  let sandbox: { url: string; close(): Promise<void> } | undefined;
  if (!config.journalApiUrl) {
    // Loaded only here: a portal with a real backend never loads the sandbox or SQLite.
    const { startSandbox } = await import('../sandbox/index').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes('better-sqlite3')) {
        stopWith(
          'JOURNAL_API_URL: not set, and this installation has no embedded sandbox: its SQLite driver better-sqlite3 is not installed. Set JOURNAL_API_URL to a journal backend, or install a C++ compiler (python3, make, g++) and run npm ci again (a container: build it with --build-arg WITH_SANDBOX=1).',
        );
      }
      throw error;
    });
    sandbox = await startSandbox({
      port: config.sandbox.port,
      dbPath: config.sandbox.dbPath,
      articles: config.sandbox.articles,
      logger: logger.child({ component: 'sandbox' }),
    }).catch((error: unknown) => {
      portTaken(error, 'SANDBOX_PORT', config.sandbox.port);
      throw error;
    });
    logger.info({ url: sandbox.url, db: config.sandbox.dbPath }, 'sandbox journal backend started');
  }

  const journalApiUrl = config.journalApiUrl ?? sandbox!.url;
  const { build, devMiddleware, clientDir, closeDev } = await loadBuild(config);
  const metrics = createMetrics();
  const shared = await sharedStores(config, logger, metrics, typeof build === 'function' ? 'dev' : build.assets.version);
  const portal = createPortalApp({
    config,
    logger,
    journalApiUrl,
    build,
    clientDir,
    devMiddleware,
    metrics,
    pageStore: shared?.pageStore,
    rateLimiter: shared?.rateLimiter,
  });
  // Metrics on their own port: the gateway exposes only the public one.
  const metricsServer = config.metricsPort > 0 ? createMetricsServer(metrics) : undefined;
  if (metricsServer) await listenOn(metricsServer, config.metricsPort, config.metricsHost, 'METRICS_PORT', 'METRICS_HOST');

  const server: Server = createHttpServer(portal.listener);
  await listenOn(server, config.port, config.host, 'PORT');
  const { port } = server.address() as AddressInfo;
  logger.info({ port, backend: journalApiUrl, env: config.env }, `portal listening on http://localhost:${port}`);
  const lines: [string, string][] = [['Open', `http://localhost:${port}`]];
  if (sandbox) {
    lines.push(
      [
        'Backend',
        `the embedded sandbox, data in ${config.sandbox.dbPath === ':memory:' ? 'memory (gone when the portal stops)' : `${config.sandbox.dbPath} (delete it to start afresh)`}`,
      ],
      ['Sign in', 'demo_author / Demo@2026 (an author); demo_reader / Demo@2026 has no author role and is refused'],
      ['SMS codes', 'the sandbox sends no text messages: each code is logged below as "sandbox SMS to 138****0000: code 123456"'],
    );
  } else {
    lines.push(['Backend', journalApiUrl]);
  }
  if (secretFile !== undefined)
    lines.push(['Sessions', `sealed with a secret generated for this machine${secretFile ? ` (${secretFile})` : ''}; set SESSION_SECRET in production`]);
  if (metricsServer)
    lines.push([
      'Metrics',
      `http://${config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost}:${config.metricsPort}/metrics (METRICS_HOST, METRICS_PORT; METRICS_PORT=0 turns them off)`,
    ]);
  lines.push(['Stop', 'Ctrl+C']);
  process.stderr.write(banner(lines));

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    portal.beginShutdown();
    const deadline = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time: closing connections');
      server.closeAllConnections();
    }, config.upstreamTimeoutMs + SHUTDOWN_GRACE_MS);
    deadline.unref();
    // Idle keep-alive sockets are closed now; busy ones after their response.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    portal.close();
    metricsServer?.close();
    await closeDev();
    await sandbox?.close();
    await shared?.redis.close();
    logger.info('stopped');
    logger.flush?.();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  // Unexpected: the one place a stack trace is worth printing.
  process.stderr.write(`portal failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
