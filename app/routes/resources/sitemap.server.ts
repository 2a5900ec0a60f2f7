import type { AppLoadContext } from 'react-router';
import type { BackendClient } from '~/backend/client.server';
import type { Page } from '../../../contract/envelope';
import { journalDetails, journalList } from '~/backend/endpoints/journals.server';
import { literatureBase } from '~/backend/endpoints/papers.server';
import { boardList } from '~/backend/endpoints/board.server';
import { expertList } from '~/backend/endpoints/experts.server';
import { newsList } from '~/backend/endpoints/news.server';
import type { SitemapEntry } from '~/lib/sitemap';
import { pages } from '~/copy/pages';
import { backendFor } from '~/session/session.server';

/** The backend's largest page. */
const PAGE_SIZE = 100;
/** Pages fetched at the same time when a list spans many pages. */
const CONCURRENCY = 6;
/** The collected URL list is reused this long (the index and its parts come from one collection). */
const CACHE_MS = 10 * 60 * 1000;

/** Public pages without an id, in the order of the site's menus. */
export const STATIC_PATHS = [
  '/',
  '/journal',
  '/expertAuthor',
  '/editorialBoard',
  '/news',
  '/news?type=2',
  '/aboutUs',
  '/openAccess',
  '/frequentlyAskedQuestion',
  '/userGuide',
  '/userAgreement',
  '/privacyAgreement',
  '/accessibility',
  '/distinguish',
  '/health',
  '/system',
];

/** Every record of a paged list: the first page tells the total, the rest are fetched a few at a time. */
async function allRecords<T>(fetchPage: (current: number) => Promise<Page<T>>): Promise<T[]> {
  const first = await fetchPage(1);
  const pageCount = Math.ceil(first.total / Math.max(first.size, 1));
  const rest: T[][] = [];
  for (let start = 2; start <= pageCount; start += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, pageCount - start + 1) }, (_, i) => fetchPage(start + i));
    for (const page of await Promise.all(batch)) rest.push(page.records);
  }
  return [...first.records, ...rest.flat()];
}

async function collect(backend: BackendClient): Promise<SitemapEntry[]> {
  const journalsPromise = backend
    .call(journalList)
    .then((journals) => Promise.all(journals.map((journal) => backend.call(journalDetails, { id: journal.id }))));
  const [journals, articles, news1, news2, experts, board] = await Promise.all([
    journalsPromise,
    allRecords((current) => backend.call(literatureBase, { current, size: PAGE_SIZE })),
    allRecords((current) => backend.call(newsList, { type: 1, current, size: PAGE_SIZE })),
    allRecords((current) => backend.call(newsList, { type: 2, current, size: PAGE_SIZE })),
    allRecords((current) => backend.call(expertList, { current, size: PAGE_SIZE })),
    allRecords((current) => backend.call(boardList, { current, size: PAGE_SIZE })),
  ]);

  const newestArticle = newest(articles.map((a) => a.publishDate));
  // What each page without an id shows, and so when it last changed where that is known: the
  // newest article or news item it lists, or the date a legal document states. The other help
  // pages and the expert and board lists carry no date of their own: they get none.
  const knownDates: Record<string, string | null> = {
    '/': newestArticle,
    '/journal': newestArticle,
    '/news': newest(news1.map((n) => n.publishDate)),
    '/news?type=2': newest(news2.map((n) => n.publishDate)),
    '/userAgreement': pages.userAgreement.dates?.updated ?? null,
    '/privacyAgreement': pages.privacyPolicy.dates?.updated ?? null,
  };
  const entries: SitemapEntry[] = STATIC_PATHS.map((path) => ({ path, lastmod: knownDates[path] ?? null }));
  for (const journal of journals) {
    const issues = journal.issuesByYear.flatMap((group) => group.issues);
    entries.push({ path: `/journal/${journal.id}`, lastmod: journal.latestIssue?.publishDate ?? issues[0]?.publishDate });
    // The latest issue is the journal's own page (its one canonical URL); older issues have theirs.
    for (const issue of issues.slice(1)) entries.push({ path: `/journal/${journal.id}?issueId=${issue.id}`, lastmod: issue.publishDate });
  }
  for (const article of articles) entries.push({ path: `/journal/detail?id=${article.id}`, lastmod: article.publishDate });
  for (const item of [...news1, ...news2]) entries.push({ path: `/news/${item.id}`, lastmod: item.publishDate });
  // An expert's or board member's page changes when it gains a paper: the newest one it lists
  // (an expert's by their id on the byline, a member's by their name, as the pages find them).
  // The profile itself has no date in the backend's record.
  const newestByExpert = new Map<number, string>();
  const newestByName = new Map<string, string>();
  for (const article of articles) {
    if (!article.publishDate) continue;
    for (const author of article.authors) {
      if (author.expertId) newestByExpert.set(author.expertId, newer(newestByExpert.get(author.expertId), article.publishDate));
      newestByName.set(author.name, newer(newestByName.get(author.name), article.publishDate));
    }
  }
  for (const expert of experts) entries.push({ path: `/expertAuthor/${expert.id}`, lastmod: newestByExpert.get(expert.id) });
  for (const member of board) entries.push({ path: `/editorialBoard/${member.id}`, lastmod: newestByName.get(member.name) });
  return entries;
}

/** The later of two backend dates (they compare as strings). */
const newer = (a: string | undefined, b: string) => (a && a > b ? a : b);

function newest(dates: (string | null | undefined)[]): string | null {
  return dates.reduce<string | null>((max, date) => (date && (!max || date > max) ? date : max), null);
}

let cache: { until: number; entries: Promise<SitemapEntry[]> } | null = null;

/**
 * Every public URL of the site (paths, so the same list serves any origin). One
 * collection at a time; a failure is not kept, so the next request tries again.
 */
export function sitemapEntries(request: Request, context: AppLoadContext): Promise<SitemapEntry[]> {
  const now = Date.now();
  if (cache && cache.until > now) return cache.entries;
  const entries = collect(backendFor(request, context));
  const current = { until: now + CACHE_MS, entries };
  cache = current;
  entries.catch(() => {
    if (cache === current) cache = null;
  });
  return entries;
}

export const XML_HEADERS = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Cache-Control': 'public, max-age=3600',
  'X-Content-Type-Options': 'nosniff',
};
