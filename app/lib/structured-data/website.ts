import { copy } from '~/copy';
import { CONTEXT, portalOrganization } from './organization';

/** The home page: the website, its publisher and its search. */
export function websiteJsonLd(origin: string) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: copy.site.name,
    alternateName: copy.site.shortName,
    description: copy.site.description,
    url: `${origin}/`,
    inLanguage: 'zh-CN',
    publisher: portalOrganization(origin),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
