import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from './http-server';

/**
 * Slow clients cannot hold the portal's connections: the same server the portal runs,
 * with its deadlines shortened so the test takes seconds (the real ones are in
 * SERVER_TIMEOUTS). Each case opens a raw socket and waits, bounded, for the server to
 * close it.
 */
const timeouts = { headersMs: 400, idleMs: 600, requestMs: 1500, keepAliveMs: 300 };

describe('slow connections', () => {
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  }, timeouts);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Opens a socket, runs `drive` on it, and resolves with the ms until the server closed it (or null after `boundMs`). */
  function closedAfter(drive: (socket: net.Socket) => void, boundMs = 5000): Promise<{ ms: number | null; received: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      const bound = setTimeout(() => {
        socket.destroy();
        resolve({ ms: null, received });
      }, boundMs);
      socket.on('close', () => {
        clearTimeout(bound);
        resolve({ ms: Date.now() - started, received });
      });
      socket.on('error', () => undefined);
      drive(socket);
    });
  }

  it('closes a connection that sends nothing', async () => {
    const { ms } = await closedAfter(() => undefined);
    expect(ms).not.toBeNull();
  });

  it('closes a connection whose headers never end (slowloris), though it keeps sending', async () => {
    const { ms, received } = await closedAfter((socket) => {
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
      const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
      socket.on('close', () => clearInterval(drip));
    });
    expect(ms).not.toBeNull();
    expect(received).not.toContain('200 OK');
  });

  it('closes a connection whose body stops arriving', async () => {
    const { ms, received } = await closedAfter((socket) => socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nhalf'));
    expect(ms).not.toBeNull();
    expect(received).not.toContain('ok');
  });

  it('closes a connection whose body trickles in forever', async () => {
    const { ms } = await closedAfter((socket) => {
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n');
      const drip = setInterval(() => socket.writable && socket.write('a'), 100);
      socket.on('close', () => clearInterval(drip));
    });
    expect(ms).not.toBeNull();
  });

  it('closes an idle kept-alive connection after its answer', async () => {
    const { ms, received } = await closedAfter((socket) => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(received).toContain('200 OK');
    expect(received).toMatch(/Keep-Alive: timeout=0/i);
    expect(ms).not.toBeNull();
  });

  it.each(['TRACK / HTTP/1.1', 'BREW / HTTP/1.1', 'GET / HTTP/9.9', 'GET /\u0001 HTTP/1.1'])(
    'answers what the parser refuses (%j) with a 400 page',
    async (line) => {
      const { received } = await closedAfter((socket) => socket.write(`${line}\r\nHost: x\r\n\r\n`));
      expect(received).toMatch(/^HTTP\/1\.1 400 /);
      expect(received).toContain('请求无效');
    },
  );

  it('serves a client that takes its time within the deadlines', async () => {
    const { received } = await closedAfter((socket) => {
      socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nConnection: close\r\n\r\nab');
      setTimeout(() => socket.write('cd'), 200);
    });
    expect(received).toContain('200 OK');
  });
});
