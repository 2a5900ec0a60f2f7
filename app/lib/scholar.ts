import type { CitableArticle } from './citation';

/**
 * Scholarly discoverability of an article page: Google Scholar's citation_* tags
 * (Highwire Press) and schema.org ScholarlyArticle JSON-LD.
 */

export interface ScholarlyRecord extends CitableArticle {
  publishDate: string | null | undefined;
  /** The day it was published online ahead of its issue (网络首发), when it was. */
  onlineDate?: string | null;
  pdfUrl: string | null;
  pageUrl: string;
  institutions: string[];
  /** Each author's institution, in the order of `authors` ('' when unknown). */
  authorInstitutions: string[];
  language: 'zh';
  publisher?: string | null;
}

/** The licence of the portal's articles, as its open-access policy states (CC BY-NC 4.0). */
export const ARTICLE_LICENSE_URL = 'https://creativecommons.org/licenses/by-nc/4.0/';

/** What the full text adds, when the backend has it: the references in GB/T 7714 form. */
export interface ScholarlyFullText {
  hasSections: boolean;
  references: string[];
}

/** Highwire dates are YYYY/MM/DD. */
function scholarDate(date: string | null | undefined, year: number): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return match ? `${match[1]}/${match[2]}/${match[3]}` : String(year);
}

export function scholarMetaTags(record: ScholarlyRecord, fullText?: ScholarlyFullText | null): { name: string; content: string }[] {
  const tags: { name: string; content: string }[] = [];
  const add = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && String(value) !== '') tags.push({ name, content: String(value) });
  };
  add('citation_title', record.title);
  // Highwire reads an institution as belonging to the author just before it.
  record.authors.forEach((author, i) => {
    add('citation_author', author);
    add('citation_author_institution', record.authorInstitutions[i]);
  });
  add('citation_publication_date', scholarDate(record.publishDate, record.year));
  if (record.onlineDate) add('citation_online_date', scholarDate(record.onlineDate, record.year));
  add('citation_journal_title', record.journal);
  add('citation_volume', record.volume);
  add('citation_issue', record.issue);
  add('citation_firstpage', record.firstPage);
  add('citation_lastpage', record.lastPage);
  add('citation_doi', record.doi);
  add('citation_pdf_url', record.pdfUrl);
  add('citation_issn', record.issn);
  add('citation_publisher', record.publisher);
  // The whole abstract: without it Zotero saves the page description, cut short.
  add('citation_abstract', record.abstract);
  add('citation_keywords', record.keywords?.join('; '));
  add('citation_language', record.language);
  add('citation_abstract_html_url', record.pageUrl);
  // The full text is read in the article page itself.
  if (fullText?.hasSections) add('citation_fulltext_html_url', record.pageUrl);
  for (const reference of fullText?.references ?? []) add('citation_reference', reference);
  return tags;
}

export function scholarlyJsonLd(record: ScholarlyRecord, fullText?: ScholarlyFullText | null) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ScholarlyArticle',
    headline: record.title,
    name: record.title,
    ...(record.titleEn ? { alternativeHeadline: record.titleEn } : {}),
    author: record.authors.map((name, i) => {
      const english = record.authorsEn?.[i];
      const institution = record.authorInstitutions[i];
      return {
        '@type': 'Person',
        name,
        ...(english && english !== name ? { alternateName: english } : {}),
        ...(institution ? { affiliation: { '@type': 'Organization', name: institution } } : {}),
      };
    }),
    datePublished: record.publishDate ?? String(record.year),
    // Published online ahead of its issue (网络首发): the day it was.
    ...(record.onlineDate ? { publication: { '@type': 'PublicationEvent', name: '网络首发', startDate: record.onlineDate } } : {}),
    ...(record.publisher ? { publisher: { '@type': 'Organization', name: record.publisher } } : {}),
    license: ARTICLE_LICENSE_URL,
    isAccessibleForFree: true,
    inLanguage: 'zh-CN',
    ...(record.abstract ? { abstract: record.abstract } : {}),
    ...(record.keywords?.length ? { keywords: record.keywords.join(', ') } : {}),
    ...(record.doi ? { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: record.doi }, sameAs: `https://doi.org/${record.doi}` } : {}),
    ...(record.firstPage != null ? { pageStart: String(record.firstPage) } : {}),
    ...(record.lastPage != null ? { pageEnd: String(record.lastPage) } : {}),
    url: record.pageUrl,
    ...(fullText?.references.length ? { citation: fullText.references } : {}),
    ...(record.pdfUrl ? { encoding: { '@type': 'MediaObject', encodingFormat: 'application/pdf', contentUrl: record.pdfUrl } } : {}),
    isPartOf: {
      '@type': 'PublicationIssue',
      ...(record.issue != null ? { issueNumber: String(record.issue) } : {}),
      datePublished: record.publishDate ?? String(record.year),
      isPartOf: {
        '@type': 'PublicationVolume',
        ...(record.volume != null ? { volumeNumber: String(record.volume) } : {}),
        isPartOf: {
          '@type': 'Periodical',
          name: record.journal,
          ...(record.issn ? { issn: record.issn } : {}),
          ...(record.publisher ? { publisher: { '@type': 'Organization', name: record.publisher } } : {}),
        },
      },
    },
  };
}

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : (v as { text?: unknown })?.text)).filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    : [];

/**
 * The full text as the article loader carries it, whichever of its two shapes:
 * `fullTextSections` and `references` at the top, or `reading.fullText` with `sections`
 * and `references`. Null when the loader has none, and then no tag mentions a full text.
 */
export function scholarlyFullText(loaderData: object): ScholarlyFullText | null {
  const top = loaderData as { fullTextSections?: unknown; references?: unknown; reading?: { fullText?: { sections?: unknown; references?: unknown } | null } };
  const nested = top.reading?.fullText;
  const sections = Array.isArray(top.fullTextSections) ? top.fullTextSections : Array.isArray(nested?.sections) ? nested.sections : [];
  const references = strings(top.references ?? nested?.references);
  if (sections.length === 0 && references.length === 0) return null;
  return { hasSections: sections.length > 0, references };
}
