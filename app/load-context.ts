import type { Logger } from 'pino';

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
  logger: Logger;
  runtime: {
    journalApiUrl: string;
    upstreamTimeoutMs: number;
    sessionSecrets: string[];
    secureCookies: boolean;
    isProduction: boolean;
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
