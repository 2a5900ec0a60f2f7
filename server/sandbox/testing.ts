// Helpers for the sandbox's own tests: a sandbox on an ephemeral port and a tiny client.
import { startSandbox } from './index.js';

export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  message: string;
  entity: T;
}

// Response bodies are loosely typed on purpose: the tests assert their shapes.
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface TestSandbox {
  url: string;
  close(): Promise<void>;
  /** POST JSON (or form when `form` is set) and parse the envelope. */
  post<T = any>(path: string, body?: Record<string, unknown>, opts?: { token?: string; form?: boolean }): Promise<{ status: number; body: Envelope<T> }>;
  get<T = any>(path: string, opts?: { token?: string }): Promise<{ status: number; body: Envelope<T> }>;
  /** Fetches a captcha for a fresh uuid and returns the uuid and its text (via the test hook). */
  captcha(): Promise<{ uuid: string; text: string }>;
  login(username?: string, password?: string): Promise<string>;
}

/* eslint-enable @typescript-eslint/no-explicit-any */

export async function startTestSandbox(articles = 300): Promise<TestSandbox> {
  const sb = await startSandbox({ port: 0, dbPath: ':memory:', articles });
  const send = async (method: string, path: string, body: Record<string, unknown> | undefined, opts: { token?: string; form?: boolean } = {}) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
    const res = await fetch(sb.url + path, { method, headers, ...(payload === undefined ? {} : { body: payload }) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as Envelope<any> };
  };
  const api: TestSandbox = {
    url: sb.url,
    close: sb.close,
    post: (path, body = {}, opts) => send('POST', path, body, opts),
    get: (path, opts) => send('GET', path, undefined, opts),
    async captcha() {
      const uuid = (await api.get<string>('/api/loginApi/getRandomUUID')).body.entity;
      const img = await fetch(`${sb.url}/api/loginApi/sendVerificationCode?uuid=${uuid}`);
      await img.arrayBuffer();
      const text = (await api.get<{ text: string }>(`/__sandbox/captcha?uuid=${uuid}`)).body.entity.text;
      return { uuid, text };
    },
    async login(username = 'demo_author', password = 'Demo@2026') {
      const res = await api.post<{ token: string }>('/api/loginApi/login', { username, password });
      if (!res.body.success) throw new Error(`login failed: ${res.body.message}`);
      return res.body.entity.token;
    },
  };
  return api;
}
