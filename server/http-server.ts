import http from 'node:http';
import type { RequestListener } from 'node:http';

/**
 * The portal's HTTP server and the time it gives a client (slow-connection attacks such
 * as slowloris hold sockets open by sending slowly or nothing at all):
 * - the request line and headers must arrive within `headersMs` of the connection (or of
 *   the previous response on a kept-alive one);
 * - a connection silent for `idleMs`, in either direction, is closed, whatever it is doing;
 * - a whole request, body included, gets `requestMs` (a 50 MB upload on a slow line fits);
 * - a kept-alive connection waits `keepAliveMs` for its next request: longer than the
 *   gateway's upstream keep-alive (docs/gateway/nginx.conf, 60 s), so the portal never
 *   closes a connection nginx is about to reuse.
 */
export interface ServerTimeouts {
  headersMs: number;
  idleMs: number;
  requestMs: number;
  keepAliveMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  idleMs: 30_000,
  requestMs: 10 * 60_000,
  keepAliveMs: 65_000,
};

export function createHttpServer(listener: RequestListener, timeouts: ServerTimeouts = SERVER_TIMEOUTS): http.Server {
  const server = http.createServer(
    {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      // How often the header and request deadlines are checked (Node's default: every 30 s).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    listener,
  );
  server.setTimeout(timeouts.idleMs, (socket) => socket.destroy());
  // What Node's parser refuses (a method HTTP does not know, a malformed request line or
  // header) never reaches the app: answer it with a short page instead of a bare 400.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const body =
      '<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>请求无效</title></head><body><h1>请求无效</h1><p><a href="/">返回首页</a></p></body></html>';
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
