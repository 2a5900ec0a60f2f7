import { shell as copy } from '~/copy/shell';
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
  /** The share card's picture: a web address or a path on this site (pictureUrl), else the site's logo. */
  image?: string | null;
  /** What that picture shows, for readers who cannot see it (when it is not the logo). */
  imageAlt?: string;
  /** An article's Open Graph facts: when it was published, who wrote it, its column and keywords. */
  article?: { publishedTime?: string | null; authors: string[]; section?: string | null; tags?: string[] };
  noindex?: boolean;
}

/** The square logo a shared link shows (WeChat and Open Graph readers need a raster image). */
export const SHARE_LOGO_PATH = '/share-logo.png';
/** The logo's size in pixels (public/share-logo.png): readers lay the card out before fetching it. */
const SHARE_LOGO_SIZE = 600;

/**
 * The absolute address of a picture the backend names: a web address as it is, or a path on
 * this site (the backend's image host, which the portal proxies) resolved against `origin`.
 * Anything else (another scheme, a path that resolves off the site) is no picture: null.
 */
export function pictureUrl(image: string | null | undefined, origin: string): string | null {
  if (!image) return null;
  let url: URL;
  try {
    url = new URL(image, `${origin}/`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const absolute = /^https?:\/\//i.test(image.trim());
  return absolute || url.origin === origin ? url.href : null;
}

/**
 * Every page: a specific <title>, a description and a canonical URL, and the Open Graph
 * card a link pasted into WeChat or elsewhere shows (docs/product.md#phones): title,
 * description cut by the share rule, absolute URL and picture.
 */
export function pageMeta({ title, description, origin, path, type = 'website', image, imageAlt, article, noindex }: PageMetaInput) {
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
    const picture = pictureUrl(image, origin);
    if (picture) {
      // A picture from the backend: its size is not known here, so only what it shows.
      tags.push({ property: 'og:image', content: picture }, { property: 'og:image:alt', content: imageAlt ?? title });
    } else {
      tags.push(
        { property: 'og:image', content: `${origin}${SHARE_LOGO_PATH}` },
        { property: 'og:image:type', content: 'image/png' },
        { property: 'og:image:width', content: String(SHARE_LOGO_SIZE) },
        { property: 'og:image:height', content: String(SHARE_LOGO_SIZE) },
        { property: 'og:image:alt', content: `${copy.site.name}标志` },
      );
    }
    tags.push({ name: 'twitter:card', content: 'summary' });
  }
  if (article?.publishedTime) tags.push({ property: 'article:published_time', content: article.publishedTime });
  for (const author of article?.authors ?? []) tags.push({ property: 'article:author', content: author });
  if (article?.section) tags.push({ property: 'article:section', content: article.section });
  for (const tag of article?.tags ?? []) tags.push({ property: 'article:tag', content: tag });
  if (origin && path) tags.push({ tagName: 'link', rel: 'canonical', href: `${origin}${path}` }, { property: 'og:url', content: `${origin}${path}` });
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/**
 * A page's address with only the query parameters that make it a different page, in a fixed
 * order: campaign and share-tracking parameters never reach the canonical URL.
 */
export function canonicalPath(path: string, params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
