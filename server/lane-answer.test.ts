import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isPlainRead } from './lane-answer';

/** Only what isPlainRead reads of a request: its method, target and headers (rawHeaders for the Host count). */
function request(method: string, headers: Record<string, string> = {}, url = '/assets/entry.js'): IncomingMessage {
  return { method, url, headers, rawHeaders: Object.entries(headers).flat() } as unknown as IncomingMessage;
}

describe('which requests a lane in front of Express may answer', () => {
  it('takes a GET or HEAD without a body, an empty declared body included', () => {
    expect(isPlainRead(request('GET'), false)).toBe(true);
    expect(isPlainRead(request('HEAD'), false)).toBe(true);
    expect(isPlainRead(request('GET', { 'content-length': '0' }), false)).toBe(true);
  });

  it('leaves to Express other methods, a body, a shape Express refuses, and everything once shutting down', () => {
    for (const [what, req, shuttingDown] of [
      ['POST', request('POST'), false],
      ['OPTIONS', request('OPTIONS'), false],
      ['a declared body', request('GET', { 'content-length': '5' }), false],
      ['a chunked body', request('GET', { 'transfer-encoding': 'chunked' }), false],
      ['an absolute-form target', request('GET', {}, 'http://evil.example/assets/entry.js'), false],
      ['a forwarded scheme that is no scheme', request('GET', { 'x-forwarded-proto': 'gopher' }), false],
      ['shutting down', request('GET'), true],
    ] as const) {
      expect(isPlainRead(req, shuttingDown), what).toBe(false);
    }
  });
});
