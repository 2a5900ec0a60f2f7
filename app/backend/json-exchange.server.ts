import http from 'node:http';
import https from 'node:https';

/**
 * One JSON call to the journal backend on Node's own HTTP client: the request, then the whole
 * answer as text. Loaders make several calls per page (eight for an article), and `fetch`
 * spends about twice the CPU per call on its Request, Response, Headers and web streams
 * (decision 0049). Files and uploads, which stream, keep `fetch`.
 */

/**
 * A connection left idle this long is closed rather than reused. Node's agent closes one a
 * second before the backend's announced keep-alive timeout (5 s for the sandbox), on a timer
 * of the portal's event loop; a loop held up past that second (a busy CI machine did it)
 * reused a connection the backend had just closed, and a write sent on it failed
 * (`read ECONNRESET`): writes are never sent twice. Two seconds leaves three.
 */
const IDLE_CONNECTION_MS = 2_000;

/** Kept-alive connections to the backend, one pool per protocol, shared by every request of the process. */
const poolOptions = { keepAlive: true, timeout: IDLE_CONNECTION_MS, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' } as const;
const pools = { 'http:': new http.Agent(poolOptions), 'https:': new https.Agent(poolOptions) };

/** A JSON answer of the backend is tens of KB; anything this large is not one. */
const MAX_ANSWER_CHARS = 8 * 1024 * 1024;

export interface JsonExchange {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Time allowed for the answer, its last byte included. */
  timeoutMs: number;
}

export interface JsonAnswer {
  status: number;
  text: string;
}

/**
 * Sends the request and reads the answer. Rejects with the connection's error (its `code`,
 * such as ECONNRESET, says what broke), or with a `TimeoutError` once `timeoutMs` has passed.
 */
export function exchangeJson(url: string, exchange: JsonExchange): Promise<JsonAnswer> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const headers = exchange.body === undefined ? exchange.headers : { ...exchange.headers, 'Content-Length': String(Buffer.byteLength(exchange.body)) };
  return new Promise((resolve, reject) => {
    const request = transport.request(target, { method: exchange.method, headers, agent: pools[target.protocol as keyof typeof pools] }, (answer) => {
      answer.setEncoding('utf8');
      let text = '';
      answer.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > MAX_ANSWER_CHARS) request.destroy(new Error(`answer over ${MAX_ANSWER_CHARS} characters`));
      });
      answer.on('end', () => {
        clearTimeout(timer);
        // A byte order mark is not JSON; `fetch`'s UTF-8 decoding drops it too.
        resolve({ status: answer.statusCode ?? 0, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text });
      });
      answer.on('error', failed);
    });
    const timer = setTimeout(() => request.destroy(new DOMException('backend timeout', 'TimeoutError')), exchange.timeoutMs);
    function failed(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    request.on('error', failed);
    request.end(exchange.body);
  });
}
