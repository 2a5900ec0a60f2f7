import { copy } from '~/copy';

interface PageMetaInput {
  title: string;
  description?: string;
  /** Origin of the request (from the loader), for the canonical URL. */
  origin?: string;
  /** Path and query of the canonical page. */
  path?: string;
  noindex?: boolean;
}

/** Every page: a specific <title>, a description and a canonical URL. */
export function pageMeta({ title, description, origin, path, noindex }: PageMetaInput) {
  const tags: Record<string, string>[] = [
    { title: `${title} - ${copy.site.name}` },
    { name: 'description', content: description ?? copy.site.description },
    { property: 'og:title', content: title },
    { property: 'og:site_name', content: copy.site.name },
  ];
  if (description) tags.push({ property: 'og:description', content: description });
  if (origin && path) tags.push({ tagName: 'link', rel: 'canonical', href: `${origin}${path}` });
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
