import type { Logger } from 'pino';
import type { RateLimiter } from './lib/rate-limit.server';

/**
 * What the Express shell hands every loader and action (see server/app.ts).
 * Only server code reads it; nothing here is sent to the browser.
 */
export interface PortalLoadContext {
  /** Per-request CSP nonce for inline and module scripts. */
  cspNonce: string;
  /** Request id, also sent as X-Request-Id and shown on error pages. */
  requestId: string;
  /** The client's address as seen through the trusted proxies. */
  clientIp: string;
  /** The address rate limits count the client under: itself, or its /64 for IPv6 (app/lib/client-address.ts). */
  clientNetwork: string;
  logger: Logger;
  /**
   * Render the whole document into one buffer instead of streaming it: set for anonymous
   * public pages, which the shell stores and shares whole anyway.
   */
  wholeDocument?: boolean;
  runtime: {
    journalApiUrl: string;
    upstreamTimeoutMs: number;
    sessionSecrets: string[];
    secureCookies: boolean;
    isProduction: boolean;
    /** The portal's public origin (PUBLIC_URL): every absolute URL it writes starts with it, never with the request's Host. */
    publicOrigin: string;
    /** robots.txt's `Allow:` and `Disallow:` values: from the routes' policies, the proxied prefixes and the article PDFs. */
    robots(): { allow: string[]; disallow: string[] };
    /** Rate limits of the sign-in forms: in process, or shared through Redis (`REDIS_URL`). */
    rateLimiter: RateLimiter;
    /** Backend-call metrics (Prometheus), when the shell collects them. */
    backendMetrics?: {
      call(endpoint: string, seconds: number, outcome: 'ok' | 'refused' | 'failed'): void;
      failure(endpoint: string, kind: string): void;
    };
  };
}

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends PortalLoadContext {}
}
