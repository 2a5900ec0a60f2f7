import { copy } from '~/copy';
import { shareDescription } from '~/lib/share';

interface PageMetaInput {
  title: string;
  description?: string;
  /** The portal's public origin (from the loader), for the canonical URL and the share card. */
  origin?: string;
  /** Path and query of the canonical page. */
  path?: string;
  /** An article is shared as one; everything else as a website. */
  type?: 'website' | 'article';
  /** The share card's picture: an absolute http(s) URL, else the journal's logo. */
  image?: string | null;
  /** An article's Open Graph facts: when it was published and who wrote it. */
  article?: { publishedTime?: string | null; authors: string[] };
  noindex?: boolean;
}

/** The square logo a shared link shows (WeChat and Open Graph readers need a raster image). */
export const SHARE_LOGO_PATH = '/share-logo.png';

/**
 * Every page: a specific <title>, a description and a canonical URL, and the Open Graph
 * card a link pasted into WeChat or elsewhere shows (docs/product.md#phones): title,
 * description cut by the share rule, absolute URL and picture.
 */
export function pageMeta({ title, description, origin, path, type = 'website', image, article, noindex }: PageMetaInput) {
  const summary = shareDescription(description ?? copy.site.description);
  const tags: Record<string, string>[] = [
    { title: `${title} - ${copy.site.name}` },
    { name: 'description', content: summary },
    { property: 'og:title', content: title },
    { property: 'og:site_name', content: copy.site.name },
    { property: 'og:description', content: summary },
    { property: 'og:type', content: type },
    { property: 'og:locale', content: 'zh_CN' },
  ];
  if (origin) {
    const picture = image && /^https?:\/\//i.test(image) ? image : `${origin}${SHARE_LOGO_PATH}`;
    tags.push({ property: 'og:image', content: picture }, { name: 'twitter:card', content: 'summary' });
  }
  if (article?.publishedTime) tags.push({ property: 'article:published_time', content: article.publishedTime });
  for (const author of article?.authors ?? []) tags.push({ property: 'article:author', content: author });
  if (origin && path) tags.push({ tagName: 'link', rel: 'canonical', href: `${origin}${path}` }, { property: 'og:url', content: `${origin}${path}` });
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
