import express from 'express';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const secret = 'a'.repeat(40);

describe('loadConfig', () => {
  it('applies the documented defaults outside production', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.port).toBe(3000);
    expect(config.upstreamTimeoutMs).toBe(15_000);
    expect(config.journalApiUrl).toBeUndefined();
    expect(config.sandbox).toEqual({ port: 3100, dbPath: './data/sandbox.db', articles: 300 });
    expect(config.secureCookies).toBe(false);
    // The metrics are unauthenticated: loopback only unless opened.
    expect(config.metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
    // The embedded sandbox: the process makes (and keeps) a secret of its own.
    expect(config.sessionSecrets).toEqual([]);
  });

  it('starts in production without SESSION_SECRET only with the embedded sandbox', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).sessionSecrets).toEqual([]);
  });

  it('refuses to start in production with a real backend and no SESSION_SECRET, naming the variable', () => {
    const real = { NODE_ENV: 'production', JOURNAL_API_URL: 'https://journal.example.edu.cn' };
    expect(() => loadConfig(real)).toThrow(ConfigError);
    expect(() => loadConfig(real)).toThrow(/SESSION_SECRET: is required in production/);
  });

  it('names a bad PORT with its value', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: 'eighty' })).toThrow(/PORT.*eighty/s);
  });

  it('rejects a JOURNAL_API_URL that is not http(s)', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', JOURNAL_API_URL: 'ftp://x' })).toThrow(/JOURNAL_API_URL/);
  });

  it('rejects short secrets without echoing them', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'short-secret' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SESSION_SECRET/);
    expect(message).not.toContain('short-secret');
  });

  it('splits rotated secrets, newest first, and strips a trailing slash from the API URL', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: `${secret}1, ${secret}2`,
      JOURNAL_API_URL: 'https://journal.example.edu.cn/',
      PUBLIC_URL: 'https://journal.example.edu.cn',
      TRUST_PROXY: '1',
    });
    expect(config.sessionSecrets).toEqual([`${secret}1`, `${secret}2`]);
    expect(config.journalApiUrl).toBe('https://journal.example.edu.cn');
    expect(config.trustProxy).toBe(1);
    expect(config.secureCookies).toBe(true);
  });

  it('takes the public origin from PUBLIC_URL, required in production with a real backend', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4000' }).publicOrigin).toBe('http://localhost:4000');
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://Journal.Example.edu.cn/' }).publicOrigin).toBe('https://journal.example.edu.cn');
    for (const bad of ['ftp://x', 'https://x/path', 'https://x/?q=1', 'https://user@x', 'not a url']) {
      expect(() => loadConfig({ NODE_ENV: 'test', PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, JOURNAL_API_URL: 'https://api.example' })).toThrow(
      /PUBLIC_URL: is required in production/,
    );
  });

  it('reads REDIS_URL (unset by default) and refuses anything but redis(s):// without echoing it', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).redisUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://cache.internal:6379/2' }).redisUrl).toBe('redis://cache.internal:6379/2');
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'rediss://:pw@cache.internal:6380' }).redisUrl).toBe('rediss://:pw@cache.internal:6380');
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'test', REDIS_URL: 'http://user:hunter2@cache.internal' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/REDIS_URL/);
    expect(message).not.toContain('hunter2');
  });

  it('refuses, naming TRUST_PROXY, exactly the values Express would refuse at start', () => {
    const values = [
      'loopback',
      'loopback, 10.0.0.0/8',
      '10.0.0.1',
      '::1',
      'fe80::/10',
      '10.0.0.0/255.0.0.0',
      'true',
      'false',
      '2',
      '10.0.0.0/33',
      'gateway.internal',
      'loopback;10.0.0.1',
      '10.0.0.0/8/1',
      '300.1.1.1',
      'LOOPBACK',
      '',
    ];
    for (const value of values) {
      let expressAccepts = true;
      try {
        express().set('trust proxy', /^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value);
      } catch {
        expressAccepts = false;
      }
      if (expressAccepts) {
        expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }), value).not.toThrow();
      } else {
        expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }), value).toThrow(/^TRUST_PROXY: must be a hop count/);
      }
    }
  });

  it('listens for metrics on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'test', METRICS_HOST: '::' }).metricsHost).toBe('::');
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_HOST: 'http://0.0.0.0' })).toThrow(/^METRICS_HOST: /);
  });
});
