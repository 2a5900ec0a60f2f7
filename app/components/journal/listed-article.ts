import type { ArticleCard } from '~/backend/endpoints/papers.server';
import { articlePdfHref } from '~/lib/pdf';

/**
 * What a list of articles shows of each one: its item or table-of-contents entry and its
 * COinS. Loaders pass their lists through this, because the loader data is written
 * into the page a second time for hydration: a whole backend card (funds, institutions,
 * English titles, each author's affiliation) would travel to every reader unseen.
 */
export function listedArticle(card: ArticleCard) {
  return {
    id: card.id,
    title: card.title,
    authors: card.authors.map(({ name, expertId }) => ({ name, expertId })),
    keywords: card.keywords,
    abstract: card.abstract,
    journalId: card.journalId,
    journalName: card.journalName,
    year: card.year,
    volume: card.volume,
    issueNo: card.issueNo,
    columnName: card.columnName,
    publishDate: card.publishDate,
    onlineFirst: card.onlineFirst,
    onlineFirstDate: card.onlineFirstDate,
    firstPage: card.firstPage,
    lastPage: card.lastPage,
    doi: card.doi,
    views: card.views,
    downloads: card.downloads,
  };
}

export type ListedArticle = ReturnType<typeof listedArticle>;

/** An entry of a table of contents, which also links the article's PDF. */
export function tocArticle(card: ArticleCard) {
  return { ...listedArticle(card), pdf: articlePdfHref(card.pdfFile) };
}

export type TocArticle = ReturnType<typeof tocArticle>;

/** A page of listed articles, as the backend pages them. */
export function listedPage<Page extends { records: ArticleCard[] }>(page: Page): Omit<Page, 'records'> & { records: ListedArticle[] } {
  return { ...page, records: page.records.map(listedArticle) };
}
