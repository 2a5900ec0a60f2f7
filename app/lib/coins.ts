import type { ArticleCard } from '~/backend/endpoints/papers.server';

/**
 * COinS (ContextObjects in Spans, OpenURL 1.0 KEV): one empty `<span class="Z3988">` per
 * article of a list, whose title describes the article. Zotero and other reference managers
 * read them to offer every article of an issue's contents, a search result or the literature
 * list to pick from, instead of saving the page as one web page.
 */
/** The fields a COinS span describes: a full card or a listed article both have them. */
type Described = Pick<ArticleCard, 'id' | 'title' | 'journalName' | 'publishDate' | 'year' | 'volume' | 'issueNo' | 'firstPage' | 'lastPage' | 'doi'> & {
  authors: { name: string }[];
};

export function coinsContextObject(article: Described, origin: string, issn?: string | null): string {
  const pairs: [string, string | number | null | undefined][] = [
    ['ctx_ver', 'Z39.88-2004'],
    ['rft_val_fmt', 'info:ofi/fmt:kev:mtx:journal'],
    ['rft.genre', 'article'],
    ['rft.atitle', article.title],
    ['rft.jtitle', article.journalName],
    ...article.authors.map((author): [string, string] => ['rft.au', author.name]),
    ['rft.date', article.publishDate?.slice(0, 10) ?? article.year],
    ['rft.volume', article.volume],
    ['rft.issue', article.issueNo],
    ['rft.spage', article.firstPage],
    ['rft.epage', article.lastPage],
    ['rft.issn', issn],
    ['rft.language', 'zh'],
    ['rft_id', article.doi ? `info:doi/${article.doi}` : null],
    ['rft_id', `${origin}/journal/detail?id=${article.id}`],
  ];
  return pairs
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
}
