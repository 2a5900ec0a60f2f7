import { SHARE_LOGO_PATH } from '../meta';
import { CONTEXT, portalOrganization } from './organization';

export interface NewsFacts {
  title: string;
  summary?: string | null;
  author?: string | null;
  source?: string | null;
  publishDate?: string | null;
  typeName?: string | null;
}

/** A news item: headline, date, author and the portal as publisher. */
export function newsArticleJsonLd(news: NewsFacts, pageUrl: string, origin: string) {
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: news.title,
    url: pageUrl,
    mainEntityOfPage: pageUrl,
    ...(news.publishDate ? { datePublished: news.publishDate } : {}),
    ...(news.summary ? { description: news.summary } : {}),
    // The byline is a person's name; without one the source (a unit) wrote it.
    ...(news.author ? { author: { '@type': 'Person', name: news.author } } : news.source ? { author: { '@type': 'Organization', name: news.source } } : {}),
    ...(news.source ? { sourceOrganization: { '@type': 'Organization', name: news.source } } : {}),
    ...(news.typeName ? { articleSection: news.typeName } : {}),
    image: `${origin}${SHARE_LOGO_PATH}`,
    inLanguage: 'zh-CN',
    publisher: portalOrganization(origin),
  };
}
