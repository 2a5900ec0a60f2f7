// The embedded sandbox journal backend: a real HTTP server over SQLite that speaks the
// journal backend contract (docs/backend-contract.md).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express, { type Express } from 'express';
import { isSeeded, openDb, type DB } from './db.js';
import { MSG, authMiddleware, errorHandler, fail, requireAuthMiddleware, silentLogger, type Logger } from './http.js';
import { DEFAULT_UPLOAD_LIMIT, type SandboxEnv } from './env.js';
import { FileStore } from './files.js';
import { attachmentRoutes } from './routes/attachments.js';
import { authorSearchRoutes } from './routes/authorSearch.js';
import { organizationRoutes } from './routes/organization.js';
import { cooperativeProjectRoutes } from './routes/cooperativeProject.js';
import { fileRoutes } from './routes/file.js';
import { homeRoutes } from './routes/home.js';
import { journalSearchRoutes } from './routes/journalSearch.js';
import { loginRoutes } from './routes/login.js';
import { manageRoutes } from './routes/manage.js';
import { paperSearchRoutes } from './routes/paperSearch.js';
import { sandboxHookRoutes } from './routes/sandboxHooks.js';
import { weixinRoutes } from './routes/weixin.js';
import { seedDatabase } from './seed/generate.js';

export type { Logger } from './http.js';
export { openDb } from './db.js';
export { seedDatabase } from './seed/generate.js';

export interface SandboxOptions {
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** File path or ':memory:'. */
  dbPath: string;
  /** Articles to seed into an empty database. Default 300. */
  articles?: number;
  logger?: Logger;
  /**
   * Folder of uploaded and generated files (content-addressed). Default: env SANDBOX_FILES,
   * else `sandbox-files` next to the database file, else (':memory:') a temp folder removed on close.
   */
  filesDir?: string;
  /**
   * How long an idle keep-alive connection stays open. Default 5 s (Node's). Tests that call
   * the sandbox with fetch from a busy process keep them open: fetch may reuse a connection
   * just as the server closes it and read ECONNRESET.
   */
  keepAliveMs?: number;
  /** Largest upload in bytes. Default: env SANDBOX_UPLOAD_LIMIT_MB, else 50 MB. */
  uploadLimitBytes?: number;
}

export interface SandboxAppOptions {
  logger?: Logger;
  /** Absolute base URL of the sandbox, used in URLs it hands out (WeChat consent page). */
  publicUrl?: string;
  /** Folder of the file store; a fresh temp folder (created on first write) when omitted. */
  filesDir?: string;
  uploadLimitBytes?: number;
}

const BODY_LIMIT = '1mb';

export function createSandboxApp(db: DB, opts: SandboxAppOptions = {}): Express {
  const log = opts.logger ?? silentLogger;
  const app = express();
  app.disable('x-powered-by');
  if (opts.publicUrl) app.locals.publicUrl = opts.publicUrl;
  const env: SandboxEnv = {
    db,
    log,
    files: new FileStore(db, opts.filesDir),
    uploadLimitBytes: opts.uploadLimitBytes ?? DEFAULT_UPLOAD_LIMIT,
  };

  app.use((req, res, next) => {
    const started = performance.now();
    // Path only: query strings may carry captcha uuids or openids. Read now: routers rewrite req.path.
    const path = req.path;
    res.on('finish', () => log.info({ method: req.method, path, status: res.statusCode, ms: Math.round(performance.now() - started) }, 'sandbox request'));
    next();
  });
  app.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  app.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));

  app.use('/__sandbox', sandboxHookRoutes(env));

  app.use(authMiddleware(db));
  app.use('/api/homeApi', homeRoutes(db, log));
  app.use('/api/paperSearchApi', paperSearchRoutes(db, log));
  app.use('/api/journalSearchApi', journalSearchRoutes(db, log));
  app.use('/api/cooperativeProjectApi', cooperativeProjectRoutes(db, log));
  app.use('/api/authorSearchApi', authorSearchRoutes(db, log));
  app.use('/api/organizationApi', organizationRoutes(db, log));
  app.use('/api/file', fileRoutes(db, log));
  app.use('/api/attachmentApi', attachmentRoutes(env));
  app.use('/api/loginApi', loginRoutes(db, log));
  app.use('/api/weiXinApi', weixinRoutes(db, log));
  app.post('/logout', (_req, res) => {
    const auth = res.locals.auth as { tokenHash: string } | undefined;
    if (auth) db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(auth.tokenHash);
    res.json({ code: 200, success: true, message: '退出成功', entity: null });
  });
  app.use('/manage', requireAuthMiddleware, manageRoutes(env));

  app.use((_req, res) => {
    res.status(404).json(fail(404, MSG.noSuchEndpoint));
  });
  app.use(errorHandler(log));
  return app;
}

export async function startSandbox(opts: SandboxOptions): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const log = opts.logger ?? silentLogger;
  const host = opts.host ?? '127.0.0.1';
  const db = openDb(opts.dbPath);
  const memory = opts.dbPath === ':memory:' || opts.dbPath === '';
  const filesDir =
    opts.filesDir ??
    (process.env.SANDBOX_FILES || undefined) ??
    (memory ? fs.mkdtempSync(path.join(os.tmpdir(), 'journal-sandbox-files-')) : path.join(path.dirname(path.resolve(opts.dbPath)), 'sandbox-files'));
  const removeFiles = memory && opts.filesDir === undefined && !process.env.SANDBOX_FILES;
  const limitMb = Number(process.env.SANDBOX_UPLOAD_LIMIT_MB);
  const uploadLimitBytes = opts.uploadLimitBytes ?? (limitMb > 0 ? Math.round(limitMb * 1024 * 1024) : DEFAULT_UPLOAD_LIMIT);
  try {
    if (!isSeeded(db)) {
      const result = seedDatabase(db, { articles: opts.articles ?? 300 });
      // The seed is one big transaction: fold it into the database file and shrink the WAL.
      if (!memory) db.pragma('wal_checkpoint(TRUNCATE)');
      log.info({ ...result }, 'sandbox database seeded');
    }
    const app = createSandboxApp(db, { logger: log, filesDir, uploadLimitBytes });
    const server = http.createServer(app);
    server.keepAliveTimeout = opts.keepAliveMs ?? 5000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const port = (server.address() as AddressInfo).port;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    app.locals.publicUrl = url;
    log.info({ url, dbPath: opts.dbPath, filesDir }, 'sandbox listening');

    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          if (removeFiles) fs.rmSync(filesDir, { recursive: true, force: true });
          resolve();
        });
        // Idle keep-alive sockets would hold close() open; in-flight ones get a moment.
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      }));
    return { url, port, close };
  } catch (err) {
    db.close();
    if (removeFiles) fs.rmSync(filesDir, { recursive: true, force: true });
    throw err;
  }
}
