// Standalone entry: `npm run sandbox` (bundled to build/sandbox/main.js).
import pino from 'pino';
import { startSandbox } from './index.js';

const logger = pino({ name: 'sandbox', base: { service: 'journal-sandbox' } });

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

async function main() {
  const sandbox = await startSandbox({
    port: intEnv('SANDBOX_PORT', 3100),
    host: process.env.SANDBOX_HOST || '127.0.0.1',
    dbPath: process.env.SANDBOX_DB || './data/sandbox.db',
    articles: intEnv('SANDBOX_ARTICLES', 300),
    logger,
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'sandbox stopping');
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'sandbox close failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  logger.error({ err }, 'sandbox failed to start');
  process.exit(1);
});
