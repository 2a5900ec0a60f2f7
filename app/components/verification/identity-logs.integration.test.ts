import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { startSandbox } from '../../../sandbox/index';
import { BUILD_DIR as buildDir, requireBuiltFile } from '../../../tests/support/requirements';
import { TEST_SECRET, listen, memoryLogger, rawRequest } from '../../../tests/support/servers';
import { SESSION_COOKIE, sealSession } from '~/session/cookie.server';

/**
 * A submitted resident ID number never reaches a log line: the real portal (production
 * build) in front of the real sandbox, both logging at debug level into memory, while an
 * author submits the 实名认证 form (refused, then accepted) and views the page. Runs after
 * `npm run build` (`BUILD_DIR` picks another build folder).
 */
const buildFile = requireBuiltFile('server/index.js');

describe('the ID number of the identity form in the logs', () => {
  const closers: (() => Promise<void>)[] = [];
  let portalUrl = '';
  let cookie = '';
  let lines: string[] = [];

  beforeAll(async () => {
    const memory = memoryLogger();
    lines = memory.lines;
    const sandbox = await startSandbox({ port: 0, dbPath: ':memory:', articles: 5, logger: memory.logger });
    closers.push(sandbox.close);
    const login = (await (
      await fetch(`${sandbox.url}/api/loginApi/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'demo_author', password: 'Demo@2026' }),
      })
    ).json()) as { entity: { token: string; employee: { id: number; username: string } } };
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, PAGE_CACHE: 'false', LOG_LEVEL: 'debug' });
    const portal = createPortalApp({ config, logger: memory.logger, journalApiUrl: sandbox.url, build, clientDir: path.resolve(buildDir, 'client') });
    const running = await listen(portal.app);
    closers.push(running.close);
    portalUrl = running.url;
    const sealed = sealSession(
      {
        token: login.entity.token,
        user: { id: String(login.entity.employee.id), username: 'demo_author', headImgUrl: null, type: 1 },
        role: { id: '14', type: 4 },
        employeeType: 1,
      },
      [TEST_SECRET],
    );
    cookie = `${SESSION_COOKIE}=${sealed}`;
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  function submit(body: Record<string, string>, query = '') {
    return rawRequest(portalUrl, {
      method: 'POST',
      path: `/personal/account/verification${query}`,
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: portalUrl },
      body: new URLSearchParams(body).toString(),
    });
  }

  it('is in no log line, whether refused, accepted or sent in the query', async () => {
    const valid = '440301199001011234';
    const wrong = '440301199001011235';
    const refused = await submit({ intent: 'identity', realName: '张晓明', idNumber: wrong });
    expect(refused.status).toBe(400);
    // The user gets the number back in the form (values kept), never the logs.
    expect(refused.body).toContain(wrong);
    expect(refused.body).toContain('身份证号码校验位不正确');

    const viaQuery = await submit({ intent: 'identity', realName: '张晓明', idNumber: valid }, `?idNumber=${valid}`);
    expect(viaQuery.status).toBe(302);
    const page = await rawRequest(portalUrl, { path: '/personal/account/verification', headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('440301********1234');
    expect(page.body).not.toContain(valid);

    const log = lines.join('');
    // Both the portal and the sandbox did log these requests…
    expect(log).toContain('/personal/account/verification');
    expect(log).toContain('authorIdentityAuthentication');
    // …but never the number, nor its first 17 digits.
    expect(log).not.toContain(valid.slice(0, 17));
    expect(log).not.toContain(wrong.slice(0, 17));
  });
});
