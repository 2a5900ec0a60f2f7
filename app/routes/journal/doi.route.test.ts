import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../../sandbox/testing';
import { routeContext } from '../../../tests/support/route-context';
import { doiFromPath, loader } from './doi';

type LoaderArgs = Parameters<typeof loader>[0];

/** `/doi/…` with a real Request against the sandbox: a redirect to the article, or a 404. */
describe('/doi/*', () => {
  let sandbox: TestSandbox;
  let article: { id: number; doi: string };
  beforeAll(async () => {
    sandbox = await startTestSandbox(20);
    const response = await sandbox.fetch('/api/paperSearchApi/literatureBaseDetails', { method: 'POST', body: { id: 5 } });
    article = ((await response.json()) as { entity: { id: number; doi: string } }).entity;
  });
  afterAll(async () => sandbox.close());

  const resolve = async (path: string) => {
    try {
      return (await loader({
        request: new Request(`http://portal.test${path}`),
        context: routeContext(sandbox.url),
        params: {},
      } as unknown as LoaderArgs)) as Response;
    } catch (thrown) {
      return thrown as { init: { status: number } };
    }
  };

  it('redirects a DOI, slashes and all, to its article', async () => {
    expect(article.doi).toMatch(/^10\.\d+\/.+\..+/);
    for (const spelling of [article.doi, article.doi.toUpperCase(), encodeURIComponent(article.doi)]) {
      const answer = (await resolve(`/doi/${spelling}`)) as Response;
      expect(answer.status, spelling).toBe(302);
      expect(answer.headers.get('Location')).toBe(`/journal/detail?id=${article.id}`);
    }
  });

  it('answers 404 for an unknown DOI and for what is not a DOI, without asking the backend about the latter', async () => {
    for (const path of [
      '/doi/10.99999/no.such.article',
      '/doi/11.1234/abc',
      '/doi/10.1234',
      '/doi/10.1234/%E0%A4%A',
      '/doi/',
      `/doi/10.1234/${'x'.repeat(400)}`,
    ]) {
      expect((await resolve(path)) as { init: { status: number } }, path).toMatchObject({ init: { status: 404 } });
    }
    expect(doiFromPath('/doi/10.1234/a%20b')).toBeNull();
    expect(doiFromPath('/doi/10.1234/abc.2024.01.003')).toBe('10.1234/abc.2024.01.003');
  });
});
