import { expect, signIn, test } from './fixtures';

// HTTP-level checks: once is enough (the no-JS project would repeat them verbatim);
// playwright.config.ts leaves this file out of the no-js project.

test.describe('caching of anonymous pages', () => {
  test('a visitor gets shareable pages without cookies, and the second request is a cache hit', async ({ request }) => {
    const first = await request.get('/journal?sort=views&from=cache-test');
    expect(first.status()).toBe(200);
    expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(first.headers()['set-cookie']).toBeUndefined();
    expect(first.headers()['vary'] ?? '').not.toMatch(/cookie/i);
    const second = await request.get('/journal?sort=views&from=cache-test');
    expect(second.headers()['x-cache']).toBe('HIT');
    const withoutNonces = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');
    expect(withoutNonces(await second.text())).toBe(withoutNonces(await first.text()));
  });

  test('a cached page carries the nonce of its own response, matching its CSP header', async ({ request }) => {
    // A URL no other test visits, so the second request finds a fresh entry.
    await request.get('/journal/1?from=cache-test');
    const response = await request.get('/journal/1?from=cache-test');
    expect(response.headers()['x-cache']).toBe('HIT');
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'])![1];
    const html = await response.text();
    const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
    expect([...nonces]).toEqual([nonce]);
  });

  test('error pages are never cached or shared', async ({ request }) => {
    const missing = await request.get('/journal/detail?id=987654');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['cache-control']).toBe('no-store');
    expect((await request.get('/journal/detail?id=987654')).headers()['x-cache']).toBe('MISS');
  });

  test('pages for a signed-in author and personal pages are private', async ({ page, context }) => {
    await signIn(context);
    const response = await page.goto('/journal');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(response?.headers()['x-cache']).toBeUndefined();
  });

  test('sign-in and personal URLs are private even for a visitor', async ({ request }) => {
    for (const path of ['/personal', '/upload', '/login']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
    }
  });
});
