import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { AppLoadContext, ServerBuild } from 'react-router';
import type { PortalLoadContext } from '../app/load-context';
import type { PortalConfig } from './config';
import { createHttpLogger } from './logger';
import { createProxy } from './proxy';
import { checkReadiness } from './readiness';
import { cspNonce, securityHeaders } from './security';

export interface PortalAppOptions {
  config: PortalConfig;
  logger: Logger;
  /** Base URL of the journal backend in use (the configured one or the sandbox). */
  journalApiUrl: string;
  /** The React Router server build, or a function that loads it per request (dev). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (`build/client`); absent in dev, where Vite serves assets. */
  clientDir?: string;
  /** Dev only: Vite's connect middleware. */
  devMiddleware?: express.RequestHandler;
  maxUploadBytes?: number;
}

export function createPortalApp(options: PortalAppOptions) {
  const { config, logger, journalApiUrl } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(createHttpLogger(logger));

  // Ops endpoints answer before anything else touches the request.
  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const result = await checkReadiness(journalApiUrl);
    res.set('Cache-Control', 'no-store').status(result.ready ? 200 : 503).json(result);
  });

  app.use(cspNonce);
  app.use(securityHeaders({ isProduction: config.isProduction, imageHosts: [], formTargets: [] }));

  const proxy = createProxy({
    target: journalApiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    sessionSecrets: config.sessionSecrets,
    secureCookies: config.secureCookies,
    maxBodyBytes: options.maxUploadBytes ?? 50 * 1024 * 1024,
    logger,
  });
  // Before compression and any body parser: proxied bodies stream untouched.
  app.use(['/api', '/manage'], proxy.handler);

  app.use(compression());

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDir) {
    // Fingerprinted assets never change: cache them for a year.
    app.use('/assets', express.static(path.join(options.clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(options.clientDir, { maxAge: '1h', index: false }));
  }

  const runtime: PortalLoadContext['runtime'] = {
    journalApiUrl,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    sessionSecrets: config.sessionSecrets,
    secureCookies: config.secureCookies,
    isProduction: config.isProduction,
  };

  app.all(
    '/{*splat}',
    createRequestHandler({
      build: options.build,
      mode: config.isProduction ? 'production' : 'development',
      getLoadContext(req, res): AppLoadContext {
        return {
          cspNonce: res.locals.cspNonce as string,
          requestId: String(res.getHeader('X-Request-Id') ?? ''),
          clientIp: req.ip ?? '',
          logger: (req as unknown as { log: Logger }).log,
          runtime,
        };
      },
    }),
  );

  // Last resort: something outside React Router failed. Never a stack trace.
  app.use((error: Error, req: Request, res: Response, _next: NextFunction) => {
    const requestId = String(res.getHeader('X-Request-Id') ?? '');
    logger.error({ err: error, requestId, url: req.path }, 'unhandled error');
    if (res.headersSent) return res.destroy();
    res.status(500).type('text/plain; charset=utf-8').send(`哎呀，出问题，请稍后再试（请求编号 ${requestId}）`);
  });

  return { app, close: () => proxy.close() };
}
