import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import robotsParser from 'robots-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../sandbox/testing';
import { NOT_FOUND_PAGES, PUBLIC_PAGES } from '../tests/support/public-pages';
import { requireXmllint } from '../tests/support/requirements';
import { validateJsonLd } from '../tests/support/schemaorg';
import { startBuiltPortal } from '../tests/support/servers';

/**
 * The portal as search engines and harvesters meet it: the production build in front of
 * the seeded sandbox, read by their own parsers. Runs after `npm run build`.
 */
requireXmllint();

let sandbox: TestSandbox;
let portal: Awaited<ReturnType<typeof startBuiltPortal>>;
/** The origin the portal writes into its pages and robots.txt (PUBLIC_URL); requests go to `portal.url`. */
let origin: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  portal = await startBuiltPortal(sandbox.url);
  origin = portal.config.publicOrigin;
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
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe('the sitemap’s dates', () => {
  /** Every URL of the sitemap with its lastmod (null where it has none), read as XML. */
  async function lastmods(): Promise<Map<string, string | null>> {
    const sitemap = new JSDOM(await (await fetch(`${portal.url}/sitemap.xml`)).text(), { contentType: 'text/xml' }).window.document;
    return new Map(
      [...sitemap.querySelectorAll('url')].map((url) => [url.querySelector('loc')?.textContent ?? '', url.querySelector('lastmod')?.textContent ?? null]),
    );
  }
  const day = (date: string) => date.slice(0, 10);
  const latest = (dates: string[]) => dates.map(day).sort().at(-1);

  it('dates expert and board pages by the newest paper they list, legal documents by the date they state, and leaves pages without a date undated', async () => {
    const dates = await lastmods();
    const expert = (await sandbox.post('/api/authorSearchApi/authorInfo', { id: 1 })).body.entity as { papers: { publishDate: string }[] };
    expect(expert.papers.length).toBeGreaterThan(0);
    expect(dates.get(`${origin}/expertAuthor/1`)).toBe(latest(expert.papers.map((p) => p.publishDate)));
    // A board member's papers are those with their name on the byline, as their page lists them.
    const member = (await sandbox.post('/api/cooperativeProjectApi/projectSpecialistShow', { id: 1 })).body.entity as { name: string };
    const found = (await sandbox.post('/api/paperSearchApi/search', { query: member.name, field: 'author', current: 1, size: 100 })).body.entity as {
      records: { publishDate: string; authors: { name: string }[] }[];
    };
    const papers = found.records.filter((paper) => paper.authors.some((author) => author.name === member.name));
    expect(dates.get(`${origin}/editorialBoard/1`)).toBe(papers.length ? latest(papers.map((p) => p.publishDate)) : null);
    expect(dates.get(`${origin}/userAgreement`)).toBe('2026-01-01');
    expect(dates.get(`${origin}/privacyAgreement`)).toBe('2026-01-01');
    for (const undated of ['/frequentlyAskedQuestion', '/userGuide', '/expertAuthor', '/editorialBoard'])
      expect(dates.get(`${origin}${undated}`), undated).toBeNull();
    // Every expert and board page has a date when its person has papers on the platform.
    const people = [...dates].filter(([loc]) => /\/(expertAuthor|editorialBoard)\/\d+$/.test(loc));
    expect(people.filter(([, lastmod]) => lastmod).length).toBeGreaterThan(people.length / 2);
  });
});

describe('robots.txt, read by a robots.txt parser', () => {
  it('lets Googlebot fetch every article PDF, which answers application/pdf to an anonymous reader', async () => {
    const robots = robotsParser(`${origin}/robots.txt`, await (await fetch(`${portal.url}/robots.txt`)).text());
    const sitemap = new JSDOM(await (await fetch(`${portal.url}/sitemap.xml`)).text(), { contentType: 'text/xml' }).window.document;
    const articles = [...sitemap.querySelectorAll('loc')].map((loc) => loc.textContent ?? '').filter((loc) => loc.includes('/journal/detail?id='));
    expect(articles).toHaveLength(300);
    // Every 30th article page: rendering all 300 would cost a minute.
    const pdfs: string[] = [];
    await eachLimited(
      articles.filter((_, i) => i % 30 === 0),
      4,
      async (article) => {
        const url = new URL(article);
        const [pdf] = meta(await page(url.pathname + url.search), 'citation_pdf_url');
        expect(pdf, article).toBeTruthy();
        pdfs.push(pdf!);
      },
    );
    expect(pdfs).toHaveLength(10);
    for (const pdf of pdfs) expect(robots.isAllowed(pdf, 'Googlebot'), pdf).toBe(true);
    await eachLimited(pdfs, 6, async (pdf) => {
      const response = await fetch(pdf.replace(origin, portal.url), { method: 'HEAD' });
      expect(response.status, pdf).toBe(200);
      expect(response.headers.get('content-type'), pdf).toMatch(/^application\/pdf/);
    });
    // Ten article pages rendered: a few seconds on a quiet machine, over 30 s on a saturated one.
  }, 90_000);

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

describe('what Zotero reads (docs/zotero-check.md)', () => {
  it('an article carries its whole abstract, each author with their institution, and the online-first day', async () => {
    const { body } = await sandbox.post('/api/paperSearchApi/literatureBaseDetails', { id: 7 });
    const article = body.entity as { abstract: string; onlineFirst: boolean; onlineFirstDate: string; authors: { name: string; institution: string }[] };
    expect(article.onlineFirst).toBe(true);
    const document = await page('/journal/detail?id=7');
    // Zotero's Embedded Metadata translator takes citation_abstract; without it, the cut page description.
    expect(meta(document, 'citation_abstract')).toEqual([article.abstract]);
    expect(meta(document, 'description')[0]!.length).toBeLessThan(article.abstract.length);
    const people = [...document.querySelectorAll('meta[name="citation_author"], meta[name="citation_author_institution"]')].map((tag) =>
      tag.getAttribute('content'),
    );
    expect(people).toEqual(article.authors.flatMap((author) => [author.name, author.institution]));
    expect(meta(document, 'citation_online_date')).toEqual([article.onlineFirstDate.slice(0, 10).replace(/-/g, '/')]);
  });

  /** The articles a page lists, and the COinS context objects it carries, parsed as OpenURL KEV. */
  async function listed(pathAndQuery: string, entrySelector: string) {
    const document = await page(pathAndQuery);
    const links = [...document.querySelectorAll(`${entrySelector} a[href^="/journal/detail?id="]:not([href*="#"])`)].map((a) => ({
      title: a.textContent ?? '',
      href: a.getAttribute('href')!,
    }));
    const coins = [...document.querySelectorAll('span.Z3988[title]')].map((span) => new URLSearchParams(span.getAttribute('title')!));
    return { links, coins };
  }

  it.each([
    ['an issue’s contents', '/journal/1', 'li'],
    ['the online-first list', '/journal/1?list=online-first', 'li'],
    ['a search result', `/search?q=${encodeURIComponent('数据出境')}`, 'article'],
    ['the literature list', '/journal', 'article'],
  ])('%s gives every entry its own COinS, so Zotero offers them to pick from', async (_what, pathAndQuery, entry) => {
    const { links, coins } = await listed(pathAndQuery, entry);
    expect(links.length).toBeGreaterThan(1);
    expect(coins.map((co) => co.get('rft.atitle'))).toEqual(links.map((link) => link.title));
    for (const [i, co] of coins.entries()) {
      expect(co.get('ctx_ver')).toBe('Z39.88-2004');
      expect(co.get('rft_val_fmt')).toBe('info:ofi/fmt:kev:mtx:journal');
      expect(co.getAll('rft.au').length, links[i]!.title).toBeGreaterThan(0);
      expect(co.getAll('rft_id')).toContain(`${origin}${links[i]!.href}`);
      expect(co.get('rft.jtitle')).toBeTruthy();
      expect(co.get('rft.date')).toMatch(/^\d{4}/);
    }
  });
});

const OAI_SCHEMAS = path.resolve('tests/fixtures/oai');

/** xmllint's verdict on an answer against the OAI-PMH and oai_dc schemas (no network: the catalog maps their imports). */
function schemaErrors(xml: string): string {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', path.join(OAI_SCHEMAS, 'answers.xsd'), '-'], {
    input: xml,
    encoding: 'utf8',
    env: { ...process.env, XML_CATALOG_FILES: path.join(OAI_SCHEMAS, 'catalog.xml') },
  });
  return run.status === 0 ? '' : run.stderr;
}

const OAI_NS = 'http://www.openarchives.org/OAI/2.0/';
const DC_NS = 'http://purl.org/dc/elements/1.1/';

/** An OAI-PMH answer, checked against the schema, as an XML document. */
async function oai(query: string, init?: RequestInit): Promise<Document> {
  const response = await fetch(`${portal.url}/oai?${init ? '' : query}`, init);
  expect(response.status, query).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
  const xml = await response.text();
  expect(schemaErrors(xml), query).toBe('');
  return new JSDOM(xml, { contentType: 'text/xml' }).window.document;
}

const all = (document: Document | Element, name: string, ns = OAI_NS) => [...document.getElementsByTagNameNS(ns, name)];
const text = (document: Document | Element, name: string, ns = OAI_NS) => all(document, name, ns)[0]?.textContent ?? null;

/** Every record of a list, following its resumption tokens. */
async function harvest(verb: 'ListRecords' | 'ListIdentifiers', args: string) {
  const records: Element[] = [];
  let query = `verb=${verb}&${args}`;
  let answers = 0;
  for (;;) {
    const document = await oai(query);
    answers++;
    records.push(...all(document, verb === 'ListRecords' ? 'record' : 'header').filter((e) => e.parentElement?.localName === verb));
    const token = text(document, 'resumptionToken');
    if (!token) return { records, answers };
    query = `verb=${verb}&resumptionToken=${encodeURIComponent(token)}`;
  }
}

describe('OAI-PMH 2.0 at /oai, validated against the protocol’s schema', () => {
  it('identifies the repository, its one metadata format and a set per journal', async () => {
    const identify = await oai('verb=Identify');
    expect(text(identify, 'baseURL')).toBe(`${origin}/oai`);
    expect(text(identify, 'protocolVersion')).toBe('2.0');
    expect(text(identify, 'earliestDatestamp')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const formats = await oai('verb=ListMetadataFormats');
    expect(all(formats, 'metadataPrefix').map((e) => e.textContent)).toEqual(['oai_dc']);
    const sets = await oai('verb=ListSets');
    expect(all(sets, 'setName').map((e) => e.textContent)).toEqual(['数据法学', '数字法治评论', '网络信息法学研究']);
  });

  it('hands out all 300 records in oai_dc through resumption tokens, each once, each PDF crawlable', async () => {
    const { records, answers } = await harvest('ListRecords', 'metadataPrefix=oai_dc');
    expect(answers).toBe(3);
    const ids = records.map((r) => text(r, 'identifier'));
    expect(new Set(ids).size).toBe(300);
    const robots = robotsParser(`${origin}/robots.txt`, await (await fetch(`${portal.url}/robots.txt`)).text());
    for (const record of records) {
      expect(text(record, 'title', DC_NS)).toBeTruthy();
      expect(all(record, 'creator', DC_NS).length).toBeGreaterThan(0);
      const identifiers = all(record, 'identifier', DC_NS).map((e) => e.textContent ?? '');
      const pdf = identifiers.find((i) => i.includes('/api/file/file/download?'));
      expect(pdf, text(record, 'identifier') ?? '').toBeDefined();
      // Every article PDF may be fetched by Google Scholar (robots.txt's Allow line).
      expect(robots.isAllowed(pdf!, 'Googlebot'), pdf).toBe(true);
    }
    // A set: one journal's records, the same ones the full harvest gave for it.
    const set = await harvest('ListIdentifiers', 'metadataPrefix=oai_dc&set=journal:2');
    const inSet = records.filter((r) => all(r, 'setSpec').some((s) => s.textContent === 'journal:2')).map((r) => text(r, 'identifier'));
    expect(set.records.map((h) => text(h, 'identifier')).sort()).toEqual(inSet.sort());
  });

  it('gives one record by its identifier, by GET and by POST, and selects by date', async () => {
    const first = all(await oai('verb=ListIdentifiers&metadataPrefix=oai_dc'), 'header')[0]!;
    const identifier = text(first, 'identifier')!;
    const datestamp = text(first, 'datestamp')!;
    const record = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier)}`);
    expect(text(record, 'identifier')).toBe(identifier);
    const posted = await oai('', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier)}`,
    });
    expect(text(posted, 'title', DC_NS)).toBe(text(record, 'title', DC_NS));
    const day = await harvest('ListIdentifiers', `metadataPrefix=oai_dc&from=${datestamp}&until=${datestamp}`);
    expect(day.records.length).toBeGreaterThan(0);
    expect(day.records.every((h) => text(h, 'datestamp') === datestamp)).toBe(true);
  });

  it.each([
    ['verb=Nonsense', 'badVerb'],
    ['', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2024-13', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01&until=2024-01-01', 'badArgument'],
    ['verb=Identify&extra=1', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere:article/1', 'idDoesNotExist'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=ARTICLE_999999', 'idDoesNotExist'],
    ['verb=ListRecords&resumptionToken=not-a-token', 'badResumptionToken'],
    ['verb=ListRecords&resumptionToken=x&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=journal:999', 'noRecordsMatch'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2099-01-01', 'noRecordsMatch'],
  ])('answers %s with the error %s', async (query, code) => {
    const host = new URL(origin).host;
    const document = await oai(query.replace('ARTICLE_', `oai:${host}:article/`));
    expect(all(document, 'error').map((e) => e.getAttribute('code'))).toEqual([code]);
  });
});

describe('one address per page, and what a shared article shows', () => {
  it('gives the latest issue the journal’s own canonical URL, older issues theirs, and ignores stray queries', async () => {
    const canonical = (document: Document) => document.querySelector('link[rel="canonical"]')?.getAttribute('href');
    const journal = await page('/journal/1');
    expect(canonical(journal)).toBe(`${origin}/journal/1`);
    const issueLinks = [...journal.querySelectorAll('a[href^="/journal/1?issueId="]')].map((a) => a.getAttribute('href')!);
    expect(issueLinks.length).toBeGreaterThan(1);
    const latest = await page(`${issueLinks[0]}&utm_source=x`);
    const older = issueLinks.find((href) => canonical(latest) !== `${origin}${href}` && href !== issueLinks[0])!;
    expect(canonical(latest)).toBe(`${origin}/journal/1`);
    expect(canonical(await page(older))).toBe(`${origin}${older}`);
  });

  it('tells Open Graph readers when an article was published and who wrote it', async () => {
    const { body } = await sandbox.post('/api/paperSearchApi/literatureBaseDetails', { id: 7 });
    const article = body.entity as { onlineFirstDate: string; authors: { name: string }[] };
    const document = await page('/journal/detail?id=7');
    const property = (name: string) => [...document.querySelectorAll(`meta[property="${name}"]`)].map((tag) => tag.getAttribute('content'));
    expect(property('og:type')).toEqual(['article']);
    expect(property('article:published_time')).toEqual([article.onlineFirstDate]);
    expect(property('article:author')).toEqual(article.authors.map((a) => a.name));
  });

  it('shares an article with its journal’s cover, a picture anyone can fetch, said what it shows', async () => {
    const document = await page('/journal/detail?id=7');
    const property = (name: string) => [...document.querySelectorAll(`meta[property="${name}"]`)].map((tag) => tag.getAttribute('content') ?? '');
    const [picture] = property('og:image');
    expect(picture).toMatch(new RegExp(`^${origin}/api/attachmentApi/fileBrowsing\\?hash=[0-9a-f]{64}$`));
    const journal = meta(document, 'citation_journal_title')[0];
    expect(property('og:image:alt')).toEqual([`《${journal}》封面`]);
    // The same picture as the journal's own share card; another journal has another.
    const journalPage = await page('/journal/1');
    expect(journalPage.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(picture);
    expect((await page('/journal/2')).querySelector('meta[property="og:image"]')?.getAttribute('content')).not.toBe(picture);
    // Share-card readers that honour robots.txt (Twitterbot, for one) may fetch it.
    const robots = robotsParser(`${origin}/robots.txt`, await (await fetch(`${portal.url}/robots.txt`)).text());
    for (const agent of ['Twitterbot', 'facebookexternalhit', 'Googlebot']) expect(robots.isAllowed(picture!, agent), agent).toBe(true);
    const response = await fetch(picture!.replace(origin, portal.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
  });
});

describe('every public page: one canonical URL and the structured data that fits it', () => {
  /** What share links and campaigns append: never part of a page's address. */
  const JUNK = 'utm_source=wechat&utm_medium=share&from=timeline&isappinstalled=0&spm=a.b';
  /** The query parameters that make a different page. */
  const MEANINGFUL = new Set(['id', 'issueId', 'list', 'page', 'type', 'journalId', 'year', 'columnId', 'sort']);
  /** The schema.org types a page's own content calls for (breadcrumbs aside). */
  const TYPES: Record<string, string[]> = {
    '/': ['WebSite'],
    '/journal/1': ['Periodical', 'PublicationIssue'],
    '/journal/1?list=online-first': ['Periodical'],
    '/journal/detail?id=1': ['ScholarlyArticle'],
    '/journal/detail?id=7': ['ScholarlyArticle'],
    '/expertAuthor/1': ['Person'],
    '/editorialBoard/1': ['Person'],
    '/news/1': ['NewsArticle'],
  };
  const pages = PUBLIC_PAGES.filter((url) => !NOT_FOUND_PAGES.includes(url));
  const rendered = new Map<string, Document>();
  beforeAll(async () => {
    await eachLimited(pages, 4, async (url) => {
      rendered.set(url, await page(`${url}${url.includes('?') ? '&' : '?'}${JUNK}`));
    });
  });

  it('gives each page exactly one absolute canonical URL, on its own path, without the junk it was asked with', () => {
    for (const url of pages) {
      const links = [...rendered.get(url)!.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href') ?? '');
      expect(links, url).toHaveLength(1);
      const canonical = new URL(links[0]!);
      expect(canonical.origin, url).toBe(origin);
      expect(canonical.pathname, url).toBe(new URL(url, origin).pathname);
      expect(
        [...canonical.searchParams.keys()].filter((key) => !MEANINGFUL.has(key)),
        url,
      ).toEqual([]);
    }
  });

  it('gives each page JSON-LD of its types, a BreadcrumbList matching the breadcrumbs it shows, all valid under schema.org', async () => {
    const all: object[] = [];
    for (const url of pages) {
      const document = rendered.get(url)!;
      const docs = [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? '') as { '@type': string; itemListElement?: { name: string; item?: string }[] },
      );
      all.push(...docs);
      // Every crumb that links to a page, and the current page last.
      const shown = [...document.querySelectorAll('nav[aria-label="当前位置"] li')];
      const crumbs = shown.filter((li, i) => li.querySelector('a') || i === shown.length - 1).map((li) => li.textContent?.trim());
      const list = docs.find((doc) => doc['@type'] === 'BreadcrumbList');
      expect(list?.itemListElement?.map((item) => item.name) ?? [], url).toEqual(crumbs);
      for (const item of list?.itemListElement ?? []) if (item.item) expect(item.item.startsWith(`${origin}/`), url).toBe(true);
      expect(
        docs.map((doc) => doc['@type']).filter((type) => type !== 'BreadcrumbList'),
        url,
      ).toEqual(TYPES[url] ?? []);
    }
    expect(all.length).toBeGreaterThan(pages.length);
    expect(await validateJsonLd(all)).toEqual([]);
  });
});
