import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../sandbox/testing';
import { formPost, routeContext } from '../../../tests/support/route-context';
import { rateLimitAddress } from '~/lib/client-address';
import { action } from './login';

/**
 * The sign-in limits, with the real sandbox behind the action: an account's count holds
 * under concurrent attempts, and an IPv6 network counts as one client.
 */
const PAGE = 'http://portal.test/login?login=userLogin';
type ActionArgs = Parameters<typeof action>[0];
type Answer = { init: { status: number } | null } | Response;

describe('sign-in limits', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox(5);
  });
  afterAll(async () => sandbox.close());

  const status = async (context: ReturnType<typeof routeContext>, username: string, password: string) => {
    const answer = (await action({
      request: formPost(PAGE, { username, password, agreement: 'on' }, ''),
      context,
      params: {},
    } as unknown as ActionArgs)) as Answer;
    return answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
  };

  it('lets 50 concurrent wrong passwords for one account reach the backend at most 10 times', async () => {
    const shared = routeContext(sandbox.url);
    // Each attempt from an address of its own: only the account's count can stop them.
    const attempts = Array.from({ length: 50 }, (_, i) => status({ ...shared, clientNetwork: `198.51.100.${i + 1}` }, 'demo_reader', `Wrong#${i}x`));
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(10);
    // Still refused with the right password: the count is spent.
    expect(await status({ ...shared, clientNetwork: '198.51.100.200' }, 'demo_reader', 'Demo@2026')).toBe(429);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const shared = routeContext(sandbox.url);
    const from = (ip: string) => ({ ...shared, clientIp: ip, clientNetwork: rateLimitAddress(ip) });
    const statuses: number[] = [];
    // Ten attempts, each from another address of the same /64 and for another account.
    for (let i = 0; i < 11; i++) statuses.push(await status(from(`2001:db8:77:1::${(i + 1).toString(16)}`), `nobody_${i}`, 'Wrong#2026'));
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another /64 is another client.
    expect(await status(from('2001:db8:77:2::1'), 'nobody_x', 'Wrong#2026')).toBe(400);
  });

  it('counts one account once, whether addressed by its username or its mobile', async () => {
    const shared = routeContext(sandbox.url);
    const from = (i: number) => ({ ...shared, clientNetwork: `203.0.113.${i}` });
    // Ten wrong passwords by username spend the account's count.
    for (let i = 0; i < 10; i++) expect(await status(from(i), 'demo_author', `Wrong#${i}x`)).not.toBe(429);
    expect(await status(from(20), 'demo_author', 'Wrong#x')).toBe(429);
    // The mobile of the same account: one more try at most (the backend then says whose it is), then refused.
    const byMobile = [];
    for (let i = 0; i < 5; i++) byMobile.push(await status(from(30 + i), '13800000001', `Wrong#m${i}`));
    expect(byMobile.filter((s) => s !== 429).length).toBeLessThanOrEqual(1);
    expect(await status(from(40), '13800000001', 'Demo@2026')).toBe(429);
  });
});
