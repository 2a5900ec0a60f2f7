// Helpers for the sandbox's own tests: a sandbox on an ephemeral port and a tiny client.
import { startSandbox } from './index.js';
import { buildZip } from './zip.js';

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
  /** multipart/form-data POST with one file and text fields. */
  upload<T = any>(
    path: string,
    file: { name: string; data: Buffer | string; type?: string } | null,
    fields?: Record<string, string | number>,
    opts?: { token?: string },
  ): Promise<{ status: number; body: Envelope<T> }>;
  /** Raw response (downloads). */
  fetch(path: string, opts?: { token?: string; method?: string; body?: Record<string, unknown> }): Promise<Response>;
}

/* eslint-enable @typescript-eslint/no-explicit-any */

export async function startTestSandbox(articles = 300, opts: { uploadLimitBytes?: number } = {}): Promise<TestSandbox> {
  const sb = await startSandbox({ port: 0, dbPath: ':memory:', articles, keepAliveMs: 60_000, ...opts });
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
    async upload(path, file, fields = {}, opts = {}) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      if (file) {
        const data = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
        form.append('file', new Blob([new Uint8Array(data)], { type: file.type ?? 'application/octet-stream' }), file.name);
      }
      const headers: Record<string, string> = {};
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await fetch(sb.url + path, { method: 'POST', headers, body: form });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: res.status, body: (await res.json()) as Envelope<any> };
    },
    fetch(path, opts = {}) {
      const headers: Record<string, string> = {};
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.body) headers['content-type'] = 'application/json';
      return fetch(sb.url + path, { method: opts.method ?? (opts.body ? 'POST' : 'GET'), headers, ...(opts.body ? { body: JSON.stringify(opts.body) } : {}) });
    },
    async login(username = 'demo_author', password = 'Demo@2026') {
      const res = await api.post<{ token: string }>('/api/loginApi/login', { username, password });
      if (!res.body.success) throw new Error(`login failed: ${res.body.message}`);
      return res.body.entity.token;
    },
  };
  return api;
}

/** A .docx the way Word writes it: runs split mid-word, rsid attributes, entities, a tab. */
export function wordLikeDocx(): Buffer {
  const p = (...runs: string[]) =>
    `<w:p w:rsidR="00A1"><w:pPr><w:jc w:val="center"/></w:pPr>${runs.map((r) => `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${r}</w:t></w:r>`).join('')}</w:p>`;
  const xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    p('数据交易场所的', '法律定位') +
    '<w:p/>' +
    p('On the Legal Status of Data Exchanges') +
    p('作者：李明（北京大学法学院）；', '赵丽（复旦大学法学院）') +
    p('【摘要】', '数据交易场所兼具市场组织者与自律管理者的双重角色&amp;地位。') +
    '<w:p><w:r><w:t>关键词：</w:t></w:r><w:r><w:t>数据交易；数据交易所</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>，自律监管</w:t></w:r></w:p>' +
    p('基金项目：国家社会科学基金项目(22BFX101)') +
    p('一、问题的提出') +
    '<w:sectPr/></w:body></w:document>';
  return buildZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'word/document.xml', data: xml },
  ]);
}
