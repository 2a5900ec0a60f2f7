import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Portal configuration, read once from the environment at start-up.
 * A bad or missing value stops the process with a message naming the variable.
 */

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production';

const boolish = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(1).max(65535);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    JOURNAL_API_URL: z
      .url({ protocol: /^https?$/, message: '必须是 http(s) 地址 (must be an http(s) URL)' })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
    SESSION_SECRET: z.string().optional(),
    WECHAT_AUTHORIZE_ORIGIN: z
      .url({ protocol: /^https?$/, message: '必须是 http(s) 地址 (must be an http(s) URL)' })
      .transform((u) => new URL(u).origin)
      .optional(),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .refine((value) => untrustableEntry(value) === undefined, {
        message: 'must be a hop count, true or false, or comma-separated addresses, subnets (10.0.0.0/8) and the names loopback, linklocal, uniquelocal',
      }),
    SANDBOX_PORT: port.default(3100),
    SANDBOX_DB: z.string().min(1).default('./data/sandbox.db'),
    SANDBOX_ARTICLES: z.coerce.number().int().min(1).max(1_000_000).default(300),
    SECURE_COOKIES: boolish.optional(),
    PAGE_CACHE: boolish.default(true),
    PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
    CACHE_S_MAXAGE: z.coerce.number().int().min(0).max(86_400).default(60),
    CACHE_STALE_WHILE_REVALIDATE: z.coerce.number().int().min(0).max(86_400).default(300),
    MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(50),
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    METRICS_HOST: z
      .string()
      .default('127.0.0.1')
      .refine((value) => isIP(value) !== 0 || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(value), {
        message: 'must be an address to listen on, like 127.0.0.1 or 0.0.0.0',
      }),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: '必须是 http(s) 地址 (must be an http(s) URL)' })
      .refine(
        (u) => {
          const url = URL.parse(u);
          return !url || (url.pathname === '/' && !url.search && !url.hash && !url.username);
        },
        { message: 'must be an origin only, like https://journal.example.edu.cn' },
      )
      .transform((u) => new URL(u).origin)
      .optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, message: '必须是 redis:// 或 rediss:// 地址 (must be a redis:// or rediss:// URL)' }).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.JOURNAL_API_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required in production (the origin readers use, like https://journal.example.edu.cn)',
      });
    }
    // With the embedded sandbox a missing secret is generated and kept (server/session-secret.ts).
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET && env.JOURNAL_API_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (comma-separated secrets, newest first)',
      });
    }
    for (const secret of splitSecrets(env.SESSION_SECRET)) {
      if (secret.length < 32) {
        ctx.addIssue({
          code: 'custom',
          path: ['SESSION_SECRET'],
          message: 'each secret must be at least 32 characters',
        });
        break;
      }
    }
  });

function splitSecrets(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The first entry of a `TRUST_PROXY` list Express would refuse (at start, with a bare TypeError). */
function untrustableEntry(value: string): string | undefined {
  if (value === 'true' || value === 'false' || /^\d+$/.test(value)) return undefined;
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (TRUST_PROXY_NAMES.has(entry)) continue;
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return entry;
    if (prefix === undefined) continue;
    const bits = family === 4 ? 32 : 128;
    const prefixOk = /^\d{1,3}$/.test(prefix) ? Number(prefix) <= bits : family === 4 && isIP(prefix) === 4;
    if (!prefixOk) return entry;
  }
  return undefined;
}

/** `TRUST_PROXY` as Express understands it: a hop count, true/false, or a list of subnets. */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export interface PortalConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Base URL of the journal backend; undefined means "start the embedded sandbox". */
  journalApiUrl: string | undefined;
  /** Newest first. Empty: none was given for the embedded sandbox, and server/main.ts makes one. */
  sessionSecrets: string[];
  /** Origin of WeChat's consent page (a sign-in form redirects there); default: the backend's. */
  wechatAuthorizeOrigin: string | undefined;
  upstreamTimeoutMs: number;
  logLevel: string;
  trustProxy: boolean | number | string;
  secureCookies: boolean;
  sandbox: { port: number; dbPath: string; articles: number };
  pageCache: { enabled: boolean; maxEntries: number; maxBytes: number };
  /** Shared-cache lifetimes of anonymous public pages, in seconds. */
  cacheHeaders: { sMaxAge: number; staleWhileRevalidate: number };
  maxUploadBytes: number;
  /** Port of the Prometheus metrics endpoint; 0 turns it off. */
  metricsPort: number;
  /** Address the metrics endpoint listens on (default loopback: never the public address by accident). */
  metricsHost: string;
  /** The public origin every absolute URL is built from (PUBLIC_URL; without it, http://localhost:<PORT>). */
  publicOrigin: string;
  /** Redis shared by all portal processes (page cache, rate limits); undefined: each process keeps its own. */
  redisUrl: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): PortalConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = source[name];
      // Secrets (and a Redis URL, which may carry a password) are never echoed.
      const shown = name === 'SESSION_SECRET' || name === 'REDIS_URL' || value === undefined ? '' : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}; see .env.example`;
    });
    // One line per variable to fix, nothing else: what a person reads when the process stops.
    throw new ConfigError(lines.join('\n'));
  }
  const env = parsed.data;
  const secrets = splitSecrets(env.SESSION_SECRET);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    journalApiUrl: env.JOURNAL_API_URL,
    sessionSecrets: secrets.length > 0 ? secrets : env.JOURNAL_API_URL ? [DEV_SESSION_SECRET] : [],
    wechatAuthorizeOrigin: env.WECHAT_AUTHORIZE_ORIGIN,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secureCookies: env.SECURE_COOKIES ?? env.NODE_ENV === 'production',
    sandbox: { port: env.SANDBOX_PORT, dbPath: env.SANDBOX_DB, articles: env.SANDBOX_ARTICLES },
    pageCache: { enabled: env.PAGE_CACHE, maxEntries: env.PAGE_CACHE_MAX_ENTRIES, maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024 },
    cacheHeaders: { sMaxAge: env.CACHE_S_MAXAGE, staleWhileRevalidate: env.CACHE_STALE_WHILE_REVALIDATE },
    maxUploadBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    redisUrl: env.REDIS_URL,
    publicOrigin: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  };
}
