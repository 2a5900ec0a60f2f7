import { expect, signIn, test } from './fixtures';

// HTTP-level checks: once is enough (the no-JS project would repeat them verbatim);
// playwright.config.ts leaves this file out of the no-js project.

test.describe('caching of anonymous pages', () => {
  test('a visitor gets shareable pages without cookies, and the second request is a cache hit', async ({ request }) => {
    const first = await request.get('/journal?from=cache-test&sort=views');
    expect(first.status()).toBe(200);
    expect(first.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(first.headers()['set-cookie']).toBeUndefined();
    expect(first.headers()['vary'] ?? '').not.toMatch(/cookie/i);
    const second = await request.get('/journal?from=cache-test&sort=views');
    expect(second.headers()['x-cache']).toBe('HIT');
    // The same bytes for everybody: nothing in a shared page is per response.
    expect(await second.text()).toBe(await first.text());
  });

  test('a cached page carries no nonce: its CSP allows its own inline scripts by hash, and they run in Chromium', async ({ page, request }) => {
    // A URL no other test visits, so the browser's visit is a hit of the entry made here.
    await request.get('/journal/1?from=cache-test');
    const response = await page.goto('/journal/1?from=cache-test');
    expect(response?.headers()['x-cache']).toBe('HIT');
    const csp = response!.headers()['content-security-policy']!;
    expect(csp).not.toContain('nonce');
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+;/);
    expect(await response!.text()).not.toContain('nonce=');
    // Hydrated (the page's inline module script ran), and the fixture saw no CSP violation.
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
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
