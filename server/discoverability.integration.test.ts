import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import type { ServerBuild } from 'react-router';
import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../sandbox/testing';
import { BUILD_DIR as buildDir, requireBuiltFile } from '../tests/support/requirements';
import { TEST_SECRET, listen, memoryLogger } from '../tests/support/servers';
import { createPortalApp } from './app';
import { loadConfig } from './config';

/**
 * The portal as search engines and harvesters meet it: the production build in front of
 * the seeded sandbox, read by their own parsers. Runs after `npm run build`.
 */
const buildFile = requireBuiltFile('server/index.js');

let sandbox: TestSandbox;
let portal: { url: string; close: () => Promise<void> };
/** The origin the portal writes into its pages and robots.txt (PUBLIC_URL); requests go to `portal.url`. */
let origin: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: TEST_SECRET, PAGE_CACHE: 'false' });
  origin = config.publicOrigin;
  const app = createPortalApp({ config, logger: memoryLogger().logger, journalApiUrl: sandbox.url, build, clientDir: path.resolve(buildDir, 'client') });
  portal = await listen(app.app);
});
afterAll(async () => {
  await portal?.close();
  await sandbox?.close();
});

/** A page of the portal as a DOM, fetched anonymously. */
async function page(pathAndQuery: string): Promise<Document> {
  const response = await fetch(`${portal.url}${pathAndQuery}`);
  expect(response.status, pathAndQuery).toBe(200);
  return new JSDOM(await response.text()).window.document;
}

const meta = (document: Document, name: string) => [...document.querySelectorAll(`meta[name="${name}"]`)].map((tag) => tag.getAttribute('content') ?? '');

/** Runs `work` over `items`, a few at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

describe('robots.txt, read by a robots.txt parser', () => {
  it('lets Googlebot fetch every article PDF, which answers application/pdf to an anonymous reader', async () => {
    const robots = robotsParser(`${origin}/robots.txt`, await (await fetch(`${portal.url}/robots.txt`)).text());
    const sitemap = new JSDOM(await (await fetch(`${portal.url}/sitemap.xml`)).text(), { contentType: 'text/xml' }).window.document;
    const articles = [...sitemap.querySelectorAll('loc')].map((loc) => loc.textContent ?? '').filter((loc) => loc.includes('/journal/detail?id='));
    expect(articles).toHaveLength(300);
    // Every 30th article page: rendering all 300 would cost a minute.
    const pdfs: string[] = [];
    await eachLimited(articles.filter((_, i) => i % 30 === 0), 4, async (article) => {
      const url = new URL(article);
      const [pdf] = meta(await page(url.pathname + url.search), 'citation_pdf_url');
      expect(pdf, article).toBeTruthy();
      pdfs.push(pdf!);
    });
    expect(pdfs).toHaveLength(10);
    for (const pdf of pdfs) expect(robots.isAllowed(pdf, 'Googlebot'), pdf).toBe(true);
    await eachLimited(pdfs, 6, async (pdf) => {
      const response = await fetch(pdf.replace(origin, portal.url), { method: 'HEAD' });
      expect(response.status, pdf).toBe(200);
      expect(response.headers.get('content-type'), pdf).toMatch(/^application\/pdf/);
    });
  });

  it('keeps sign-in, the personal centre, submission, export downloads, previews and the rest of the proxy out', async () => {
    const robots = robotsParser(`${origin}/robots.txt`, await (await fetch(`${portal.url}/robots.txt`)).text());
    const at = (p: string) => `${origin}${p}`;
    const pdf = meta(await page('/journal/detail?id=1'), 'citation_pdf_url')[0]!;
    const out = [
      '/login',
      '/login/confirm',
      '/findAccount',
      '/personal',
      '/personal/manuscripts/3',
      '/personal/account/security',
      '/upload',
      '/upload/info',
      '/updatePaperInfo?id=1',
      '/journal/detail/cite?id=1&format=ris',
      '/journal/detail/cite?id=1&format=bibtex',
      '/search?q=%E6%95%B0%E6%8D%AE',
      '/api/file/file/download',
      '/api/file/file/downloadOther?hash=x',
      `${new URL(pdf).pathname}${new URL(pdf).search}&inline=1`,
      '/api/attachmentApi/download?id=1',
      '/api/literature/list',
      '/manage/author/paper/list',
    ];
    for (const p of out) expect(robots.isAllowed(at(p), 'Googlebot'), p).toBe(false);
    const pages = ['/', '/journal', '/journal/1', '/journal/detail?id=1', '/news/1', '/expertAuthor/1', '/editorialBoard/1', '/aboutUs', '/search'];
    for (const p of pages) expect(robots.isAllowed(at(p), 'Googlebot'), p).toBe(true);
  });

  it('marks an export download noindex too', async () => {
    const response = await fetch(`${portal.url}/journal/detail/cite?id=1&format=ris`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
  });
});
