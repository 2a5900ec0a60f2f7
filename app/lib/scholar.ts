import type { CitableArticle } from './citation';

/**
 * Scholarly discoverability of an article page: Google Scholar's citation_* tags
 * (Highwire Press) and schema.org ScholarlyArticle JSON-LD.
 */

export interface ScholarlyRecord extends CitableArticle {
  publishDate: string | null | undefined;
  pdfUrl: string | null;
  pageUrl: string;
  institutions: string[];
  language: 'zh';
  publisher?: string | null;
}

/** Highwire dates are YYYY/MM/DD. */
function scholarDate(date: string | null | undefined, year: number): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return match ? `${match[1]}/${match[2]}/${match[3]}` : String(year);
}

export function scholarMetaTags(record: ScholarlyRecord): { name: string; content: string }[] {
  const tags: { name: string; content: string }[] = [];
  const add = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && String(value) !== '') tags.push({ name, content: String(value) });
  };
  add('citation_title', record.title);
  for (const author of record.authors) add('citation_author', author);
  add('citation_publication_date', scholarDate(record.publishDate, record.year));
  add('citation_journal_title', record.journal);
  add('citation_volume', record.volume);
  add('citation_issue', record.issue);
  add('citation_firstpage', record.firstPage);
  add('citation_lastpage', record.lastPage);
  add('citation_doi', record.doi);
  add('citation_pdf_url', record.pdfUrl);
  add('citation_issn', record.issn);
  add('citation_keywords', record.keywords?.join('; '));
  add('citation_language', record.language);
  add('citation_abstract_html_url', record.pageUrl);
  return tags;
}

export function scholarlyJsonLd(record: ScholarlyRecord) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: record.title,
    name: record.title,
    ...(record.titleEn ? { alternativeHeadline: record.titleEn } : {}),
    author: record.authors.map((name) => ({ '@type': 'Person', name })),
    datePublished: record.publishDate ?? String(record.year),
    inLanguage: 'zh-CN',
    ...(record.abstract ? { abstract: record.abstract } : {}),
    ...(record.keywords?.length ? { keywords: record.keywords.join(', ') } : {}),
    ...(record.doi ? { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: record.doi }, sameAs: `https://doi.org/${record.doi}` } : {}),
    ...(record.firstPage != null ? { pageStart: String(record.firstPage) } : {}),
    ...(record.lastPage != null ? { pageEnd: String(record.lastPage) } : {}),
    url: record.pageUrl,
    ...(record.pdfUrl ? { encoding: { '@type': 'MediaObject', encodingFormat: 'application/pdf', contentUrl: record.pdfUrl } } : {}),
    isPartOf: {
      '@type': 'PublicationIssue',
      ...(record.issue != null ? { issueNumber: String(record.issue) } : {}),
      datePublished: record.publishDate ?? String(record.year),
      isPartOf: {
        '@type': 'PublicationVolume',
        ...(record.volume != null ? { volumeNumber: String(record.volume) } : {}),
        isPartOf: { '@type': 'Periodical', name: record.journal, ...(record.issn ? { issn: record.issn } : {}), ...(record.publisher ? { publisher: { '@type': 'Organization', name: record.publisher } } : {}) },
      },
    },
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
