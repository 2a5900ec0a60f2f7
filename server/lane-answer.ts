import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { logAnswered } from './logger';
import type { PortalMetrics } from './metrics';
import { shapeRefusal } from './request-shape';

/**
 * Whether a lane in front of Express (server/cache-hit-lane.ts, server/asset-lane.ts,
 * server/public-file-lane.ts) may answer a request at all: a GET or HEAD without a body (one
 * with a body is left to Express's body limits), of a shape Express would accept, while the
 * process is not shutting down (answers then close their connection, which Express handles).
 */
export function isPlainRead(req: IncomingMessage, shuttingDown: boolean): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || shuttingDown) return false;
  const length = req.headers['content-length'];
  if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) return false;
  return !shapeRefusal(req);
}

/**
 * What a lane in front of Express records for an answer once its connection is done: the
 * request's duration in the metrics and the log line Express's logger writes for the same
 * answer, with the status the answer was given.
 */
export function recordLaneAnswer(
  res: ServerResponse,
  answer: { logger: Logger; metrics: PortalMetrics; requestId: string; method: string; url: string; route: string; started: number },
) {
  res.once('close', () => {
    const responseTime = performance.now() - answer.started;
    answer.metrics.observeRequest(answer.route, answer.method, res.statusCode, responseTime / 1000);
    logAnswered(answer.logger, {
      reqId: answer.requestId,
      method: answer.method,
      url: answer.url,
      route: answer.route,
      statusCode: res.statusCode,
      responseTime: Math.round(responseTime),
      clientGone: !res.writableFinished,
      headersSent: res.headersSent,
    });
  });
}
