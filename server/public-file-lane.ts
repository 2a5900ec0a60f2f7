import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Logger } from 'pino';
import { hasPersonalCookie } from './cache-policy';
import { isPlainRead, recordLaneAnswer } from './lane-answer';
import { requestIdFor, requestPath } from './logger';
import type { PortalMetrics } from './metrics';
import type { createProxy } from './proxy';

/**
 * The public-file lane: a reader's download of a public file (a published article's PDF, a
 * template) whose record the proxy already holds is forwarded here, before Express. Such a
 * download needs no session, no lookup and no page machinery, and through Express about a
 * fifth of its CPU went to the middleware chain (docs/decisions/0047-public-files-before-express.md).
 *
 * The proxy decides, with the same checks as its handler (the normalised target, the browser's
 * endpoint list, a content hash whose record says public and is fresh); the lane adds only
 * what Express's chain would: the request id, the API security headers, the log line and the
 * metrics. Anything else — a visitor with a session or a personal cookie, a record not held,
 * a body, a request the portal would refuse — goes to Express as before.
 */

type Trust = (address: string, hop: number) => boolean;

export interface PublicFileLaneOptions {
  proxy: Pick<ReturnType<typeof createProxy>, 'heldPublicFileOf' | 'forwardHeldPublicFile'>;
  /** Headers every API answer carries (server/security.ts). */
  securityHeaders: [string, string][];
  /** Express's compiled `trust proxy` setting: the client's address and scheme are read as Express reads them. */
  trust: Trust;
  /** The metrics label of a path. */
  labelOf(path: string): string;
  /** True once the process is shutting down: answers then close their connection, which Express handles. */
  shuttingDown(): boolean;
  logger: Logger;
  metrics: PortalMetrics;
}

/** The scheme the client used: the gateway's `X-Forwarded-Proto` when the gateway is trusted (Express's `req.protocol`). */
function protocolOf(req: IncomingMessage, trust: Trust): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const forwarded = req.headers['x-forwarded-proto'];
  const header = (Array.isArray(forwarded) ? forwarded[0] : forwarded) || own;
  return header.split(',', 1)[0]!.trim();
}

/** Returns the lane: a function that answers a request and says true, or leaves it alone and says false. */
export function createPublicFileLane(options: PublicFileLaneOptions) {
  const { logger, metrics, proxy } = options;
  return function answerPublicFile(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method ?? '';
    const target = req.url ?? '';
    if (!target.startsWith('/api/') || !isPlainRead(req, options.shuttingDown()) || hasPersonalCookie(req.headers.cookie)) return false;
    const held = proxy.heldPublicFileOf(method, target);
    if (!held) return false;

    const started = performance.now();
    const requestId = requestIdFor(req);
    for (const [name, value] of options.securityHeaders) res.setHeader(name, value);
    res.setHeader('X-Request-Id', requestId);
    let requestLogger: Logger | undefined;
    const log = () => (requestLogger ??= logger.child({ reqId: requestId }));
    const caller = { requestId, clientIp: proxyaddr(req, options.trust), protocol: protocolOf(req, options.trust) };
    proxy.forwardHeldPublicFile(req, res, held, caller, log);
    recordLaneAnswer(res, { logger, metrics, requestId, method, url: target, route: options.labelOf(requestPath(req)), started });
    return true;
  };
}
