import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../sandbox/testing';
import { envelopeSchema } from '../../contract/envelope';
import type { Endpoint } from './client.server';

/**
 * The contract between the portal and the sandbox, checked from the portal's side: every
 * endpoint the portal declares exists in the sandbox, and every answer it gives to a
 * plausible call parses with the declared schema. Drift between the two is a failing test.
 */
const modules = import.meta.glob<Record<string, unknown>>('./endpoints/*.server.ts', { eager: true });

function isEndpoint(value: unknown): value is Endpoint<unknown, unknown> {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'entity' in value;
}

const endpoints = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isEndpoint(value))
    .map(([name, value]) => ({ name: `${file.replace('./endpoints/', '')} ${name}`, endpoint: value as Endpoint<unknown, unknown> })),
);

/** Calls whose answer is not the JSON envelope (images, files) or that change the demo account for good. */
const NOT_CALLED_HERE = new Set(['/api/loginApi/sendVerificationCode', '/manage/author/paper/authorAccountCancellation', '/api/loginApi/logout']);

describe('the backend contract', () => {
  let sandbox: TestSandbox;
  let token = '';
  beforeAll(async () => {
    sandbox = await startTestSandbox(20);
    token = await sandbox.login();
  });
  afterAll(async () => sandbox.close());

  it('declares endpoints in every group', () => {
    expect(endpoints.length).toBeGreaterThan(100);
  });

  const called = endpoints.filter((e) => !NOT_CALLED_HERE.has(e.endpoint.path));
  it.each(called.map((e) => [e.name, e.endpoint] as const))('%s exists in the sandbox and its answer fits the declared schema', async (_name, endpoint) => {
    // A plausible call: the first of everything, in the first page.
    const input = { id: 1, paperId: 1, journalId: 1, current: 1, size: 5, type: 1 };
    const query = endpoint.method === 'GET' ? `?${new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]))}` : '';
    const response = await sandbox.fetch(`${endpoint.path}${query}`, {
      token,
      method: endpoint.method,
      ...(endpoint.method === 'POST' ? { body: input } : {}),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) return void expect(response.status, endpoint.path).toBeLessThan(400);
    const envelope = envelopeSchema.parse(await response.json());
    expect(envelope.message, `${endpoint.method} ${endpoint.path} is not an endpoint of the sandbox`).not.toBe('接口不存在');
    if (envelope.success && envelope.code === 200) {
      const parsed = endpoint.entity.safeParse(envelope.entity);
      expect(parsed.success ? [] : parsed.error.issues.slice(0, 3), `${endpoint.path} answered off its schema`).toEqual([]);
    }
  });
});
