import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGES, PUBLIC_PAGES } from '../tests/support/public-pages';
import { validateJsonLd } from '../tests/support/schemaorg';
import { TEST_SECRET, listen, rawRequest } from '../tests/support/servers';
import { createPortalApp } from './app';
import { loadConfig } from './config';
import { startTestSandbox, type TestSandbox } from '../sandbox/testing';

/**
 * Every kind of public page, as the production build renders it on the server from the
 * sandbox's data, checked by the W3C Nu Html Checker (vnu.jar from the vnu-jar package, in
 * one Java run for all pages): no errors. The article page's JSON-LD is checked against
 * schema.org on the way. Needs `npm run build` (npm test builds first) and a Java runtime
 * (.ci/run installs one); without either the suite fails and says so, it does not skip.
 */
const buildDir = process.env.BUILD_DIR ?? 'build';
const buildFile = path.resolve(buildDir, 'server/index.js');
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

function runVnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    // vnu exits non-zero when it finds errors; its JSON report is on stderr either way.
    // One short run: the JVM's quick compiler alone halves its CPU (11.5 → 5.7 s here); the
    // optimising one would only pay off on a longer run.
    execFile(
      'java',
      ['-Xss8m', '-XX:TieredStopAtLevel=1', '-jar', vnuJar, '--format', 'json', '--errors-only', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        try {
          resolve((JSON.parse(stderr) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(error ?? new Error(`vnu gave no JSON report: ${stderr.slice(0, 500)}`));
        }
      },
    );
  });
}

describe('server HTML of every public page type against the Nu Html Checker', () => {
  let sandbox: TestSandbox;
  let portalUrl = '';
  const closers: (() => Promise<void> | void)[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'html-validation-'));
  const pages = new Map<string, { file: string; html: string }>();

  beforeAll(async () => {
    if (!existsSync(buildFile)) throw new Error(`No production build at ${buildFile}: run \`npm run build\` first (npm test does).`);
    if (spawnSync('java', ['-version']).status !== 0)
      throw new Error('No Java runtime on the PATH: the Nu Html Checker needs one (.ci/run installs default-jre-headless).');
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    sandbox = await startTestSandbox();
    closers.push(() => sandbox.close());
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: TEST_SECRET,
      SECURE_COOKIES: 'false',
      PAGE_CACHE: 'false',
      UPSTREAM_TIMEOUT_MS: '5000',
    });
    const portal = createPortalApp({
      config,
      logger: pino({ level: 'silent' }),
      journalApiUrl: sandbox.url,
      build,
      clientDir: path.resolve(buildDir, 'client'),
    });
    const running = await listen(portal.app);
    closers.push(running.close, () => portal.close());
    portalUrl = running.url;

    for (const [index, url] of PUBLIC_PAGES.entries()) {
      const page = await rawRequest(portalUrl, { path: url });
      expect(page.status, url).toBe(NOT_FOUND_PAGES.includes(url) ? 404 : 200);
      const file = path.join(dir, `page-${index}.html`);
      writeFileSync(file, page.body);
      pages.set(url, { file, html: page.body });
    }
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds no errors', { timeout: 180_000 }, async () => {
    const byFile = new Map([...pages].map(([url, { file }]) => [path.basename(file), url]));
    const messages = await runVnu([...pages.values()].map((p) => p.file));
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal' || m.type === 'non-document-error')
      .map((m) => `${byFile.get(path.basename(m.url ?? '')) ?? m.url} line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` — ${m.extract.trim()}` : ''}`);
    expect(errors).toEqual([]);
  });

  it('is a checker that reports a broken page', { timeout: 60_000 }, async () => {
    const broken = path.join(dir, 'broken.html');
    writeFileSync(broken, '<!DOCTYPE html><html lang="zh-CN"><head><title>x</title></head><body><p><div>块</div></p><a href="#" href="#">x</a></body></html>');
    const messages = await runVnu([broken]);
    expect(messages.filter((m) => m.type === 'error').length).toBeGreaterThan(0);
  });

  it("gives the article page JSON-LD that passes schema.org validation and Google Scholar's tags", async () => {
    const article = pages.get(PUBLIC_PAGES.find((url) => url.startsWith('/journal/detail?')) as string);
    const html = article?.html ?? '';
    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string) as object);
    expect(scripts.map((s) => (s as { '@type'?: string })['@type'])).toContain('ScholarlyArticle');
    expect(await validateJsonLd(scripts)).toEqual([]);
    for (const tag of ['citation_title', 'citation_author', 'citation_journal_title', 'citation_publication_date']) expect(html).toContain(`name="${tag}"`);
  });
});
