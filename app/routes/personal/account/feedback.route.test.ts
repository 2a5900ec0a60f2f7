import { describe, expect, it } from 'vitest';
import { formPost, routeContext, signedInSandbox } from '../../../../tests/support/route-context';
import { action, loader } from './feedback';

/**
 * The 意见反馈 form's server logic, called directly: a real Request, the real sandbox,
 * no browser. What the page shows for each answer is the e2e tests' business.
 */
const URL_OF_PAGE = 'http://portal.test/personal/account/feedback';

type ActionArgs = Parameters<typeof action>[0];
type LoaderArgs = Parameters<typeof loader>[0];

describe('/personal/account/feedback', () => {
  const suite = signedInSandbox();

  const call = (fields: Record<string, string>) =>
    action({ request: formPost(URL_OF_PAGE, fields, suite.cookie), context: routeContext(suite.sandbox.url), params: {} } as unknown as ActionArgs);

  it('offers the feedback types of the backend', async () => {
    const data = await loader({
      request: new Request(URL_OF_PAGE, { headers: { Cookie: suite.cookie } }),
      context: routeContext(suite.sandbox.url),
      params: {},
    } as unknown as LoaderArgs);
    expect(data.types.length).toBeGreaterThan(1);
  });

  it('answers 400 with the message at its field and the values typed when the text is too short', async () => {
    const answer = (await call({ type: '其他', content: '短', contact: 'me@example.com' })) as unknown as {
      init: { status: number };
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error.content?.[0]).toMatch(/5/);
    expect(answer.data.result.initialValue).toMatchObject({ content: '短', contact: 'me@example.com' });
  });

  it('sends a valid feedback to the backend and redirects with a thank-you toast', async () => {
    const answer = (await call({ type: '其他', content: '希望增加按栏目订阅的功能。', contact: '' })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/personal/account/feedback');
    expect(answer.headers.get('Set-Cookie')).toBeTruthy();
  });

  it('sends a visitor without a session to the login popup', async () => {
    const request = new Request(URL_OF_PAGE, {
      method: 'POST',
      headers: { Origin: 'http://portal.test', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'content=x',
    });
    await expect(action({ request, context: routeContext(suite.sandbox.url), params: {} } as unknown as ActionArgs)).rejects.toMatchObject({ status: 302 });
  });
});
