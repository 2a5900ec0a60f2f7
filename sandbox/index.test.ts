import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxApp, openDb, seedDatabase, startSandbox } from './index.js';
import { startTestSandbox, type TestSandbox } from './testing.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox(20);
});
afterAll(() => sb.close());

describe('HTTP contract', () => {
  it('answers unknown paths with a 404 envelope', async () => {
    const res = await fetch(`${sb.url}/api/homeApi/nope`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, success: false, message: '接口不存在', entity: null });
    // POST-only endpoints do not answer GET
    expect((await fetch(`${sb.url}/api/paperSearchApi/literatureBase`)).status).toBe(404);
  });

  it('refuses bodies above 1 MB with a 413 envelope, and malformed JSON with 400', async () => {
    const big = JSON.stringify({ query: 'x'.repeat(1_100_000) });
    const res = await fetch(`${sb.url}/api/paperSearchApi/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, success: false, entity: null });
    const bad = await fetch(`${sb.url}/api/paperSearchApi/search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 400, success: false, message: '请求数据格式错误' });
  });

  it('accepts form-encoded bodies', async () => {
    const { body } = await sb.post('/api/paperSearchApi/literatureBase', { current: 2, size: 5 }, { form: true });
    expect(body.entity).toMatchObject({ current: 2, size: 5, total: 20 });
  });

  it('turns unexpected errors into a logged 500 envelope without details', async () => {
    const db = openDb(':memory:');
    seedDatabase(db, { articles: 5 });
    const errors: object[] = [];
    const app = createSandboxApp(db, { logger: { info() {}, warn() {}, error: (o) => errors.push(o) } });
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    db.exec('DROP TABLE hotspots');
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/homeApi/getTradeHotspot`, { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ code: 500, success: false, message: '服务器繁忙，请稍后再试', entity: null });
    expect(errors).toHaveLength(1);
    server.close();
    db.close();
  });
});

describe('startSandbox', () => {
  it('seeds a file database once, reuses it, and closes with keep-alive clients', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-start-'));
    const dbPath = path.join(dir, 'data', 'sandbox.db');
    const logs: string[] = [];
    const logger = { info: (_o: object, m?: string) => logs.push(m ?? ''), warn() {}, error() {} };
    const first = await startSandbox({ port: 0, dbPath, articles: 30, logger });
    expect(first.url).toBe(`http://127.0.0.1:${first.port}`);
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) => http.get(`${first.url}/__sandbox/health`, { agent }, (r) => r.resume().on('end', resolve)));
    const t = performance.now();
    await first.close();
    expect(performance.now() - t).toBeLessThan(900);
    expect(logs).toContain('sandbox database seeded');

    logs.length = 0;
    const second = await startSandbox({ port: 0, dbPath, articles: 999, logger });
    const health = (await (await fetch(`${second.url}/__sandbox/health`)).json()) as { entity: { articles: number } };
    expect(health.entity.articles).toBe(30);
    expect(logs).not.toContain('sandbox database seeded');
    await second.close();
    agent.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('file store', () => {
  it('keeps uploads and manuscripts across a restart of a file database (files next to the DB)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-files-'));
    const dbPath = path.join(dir, 'sandbox.db');
    const first = await startSandbox({ port: 0, dbPath, articles: 5 });
    const login = async (url: string) =>
      (
        (await (
          await fetch(`${url}/api/loginApi/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'demo_author', password: 'Demo@2026' }),
          })
        ).json()) as { entity: { token: string } }
      ).entity.token;
    const token = await login(first.url);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 restart test'))]), 'restart.pdf');
    const up = (await (await fetch(`${first.url}/api/attachmentApi/upload`, { method: 'POST', headers: { authorization: token }, body: form })).json()) as {
      entity: { hash: string; ossKey: string };
    };
    expect(fs.existsSync(path.join(dir, 'sandbox-files', up.entity.hash.slice(0, 2), up.entity.hash))).toBe(true);
    await first.close();

    const second = await startSandbox({ port: 0, dbPath, articles: 5 });
    const res = await fetch(`${second.url}/api/attachmentApi/download?ossKey=${encodeURIComponent(up.entity.ossKey)}`);
    expect(await res.text()).toBe('%PDF-1.4 restart test');
    const list = (await (
      await fetch(`${second.url}/manage/author/paper/list`, { method: 'POST', headers: { authorization: await login(second.url) } })
    ).json()) as { entity: { total: number } };
    expect(list.entity.total).toBe(6);
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('personal data', () => {
  it('keeps profile and invoicing changes across a restart of a file database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-personal-'));
    const dbPath = path.join(dir, 'sandbox.db');
    const call = async (url: string, route: string, token: string, body: object = {}) =>
      (await (
        await fetch(`${url}${route}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      ).json()) as {
        success: boolean;
        entity: Record<string, unknown> | null;
      };
    const login = async (url: string) =>
      (
        (await (
          await fetch(`${url}/api/loginApi/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'demo_author', password: 'Demo@2026' }),
          })
        ).json()) as { entity: { token: string } }
      ).entity.token;

    const first = await startSandbox({ port: 0, dbPath, articles: 5 });
    const token = await login(first.url);
    expect((await call(first.url, '/manage/employee/modifyProfile', token, { institution: '重启测试大学法学院', postcode: '100872' })).success).toBe(true);
    const invoice = { type: 1, title: '张晓明', email: 'invoice@example.com' };
    expect((await call(first.url, '/manage/employee/employeeInvoicingInformation/addInvoicingInformation', token, invoice)).success).toBe(true);
    await first.close();

    const second = await startSandbox({ port: 0, dbPath, articles: 5 });
    const again = await login(second.url);
    expect((await call(second.url, '/manage/employee/getProfile', again)).entity).toMatchObject({ institution: '重启测试大学法学院', postcode: '100872' });
    expect((await call(second.url, '/manage/employee/employeeInvoicingInformation/getInvoicingInformation', again)).entity).toMatchObject({
      title: '张晓明',
      email: 'invoice@example.com',
    });
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
