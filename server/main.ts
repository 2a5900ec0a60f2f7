import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import { createPortalApp } from './app';
import { ConfigError, loadConfig, type PortalConfig } from './config';
import { createLogger } from './logger';
import { createMetrics, startMetricsServer, type PortalMetrics } from './metrics';
import { MemoryPageStore } from './page-cache';
import { connectRedis } from './redis';
import { RedisPageStore } from './redis-page-store';
import { createRedisRateLimiter } from './redis-rate-limit';
import { createMemoryRateLimiter } from '../app/lib/rate-limit.server';
import { startSandbox } from './sandbox/index';

/**
 * The portal process: validates configuration, starts the embedded sandbox backend when
 * no JOURNAL_API_URL is given, serves the app, and shuts down gracefully on SIGTERM.
 */

const SHUTDOWN_DEADLINE_MS = 10_000;
/** How long start-up waits for Redis before serving from the process alone (it keeps reconnecting). */
const REDIS_STARTUP_WAIT_MS = 3000;

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
  const buildUrl = new URL('../server/index.js', import.meta.url);
  const build = (await import(buildUrl.href)) as ServerBuild;
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
  const config = readConfig();
  const logger = createLogger(config.logLevel);

  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  if (!config.journalApiUrl) {
    sandbox = await startSandbox({
      port: config.sandbox.port,
      dbPath: config.sandbox.dbPath,
      articles: config.sandbox.articles,
      logger: logger.child({ component: 'sandbox' }),
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
    redisState: shared?.redis.state,
  });
  // Metrics on their own port: the gateway exposes only the public one.
  const metricsServer = config.metricsPort > 0 ? startMetricsServer(metrics, config.metricsPort, config.host) : undefined;
  metricsServer?.on('error', (error) => logger.error({ err: error, port: config.metricsPort }, 'metrics endpoint could not start'));

  const server: Server = portal.app.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info({ port, backend: journalApiUrl, env: config.env }, `portal listening on http://localhost:${port}`);
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    portal.beginShutdown();
    const deadline = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time: closing connections');
      server.closeAllConnections();
    }, SHUTDOWN_DEADLINE_MS - 1000);
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
  process.stderr.write(`portal failed to start: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
