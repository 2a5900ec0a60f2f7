import { pictureUrl } from '../meta';
import { CONTEXT } from './organization';

export interface PeriodicalFacts {
  id: number;
  name: string;
  nameEn?: string | null;
  issn?: string | null;
  publisher?: string | null;
  sponsor?: string | null;
  foundedYear?: number | null;
  cover?: string | null;
  introduction?: string | null;
}

const periodicalUrl = (origin: string, id: number) => `${origin}/journal/${id}`;

/** A journal as a periodical: its names, ISSN, publisher and sponsor. */
export function periodicalJsonLd(journal: PeriodicalFacts, origin: string) {
  return { '@context': CONTEXT, ...periodical(journal, origin) };
}

function periodical(journal: PeriodicalFacts, origin: string) {
  const image = pictureUrl(journal.cover, origin);
  return {
    '@type': 'Periodical',
    '@id': periodicalUrl(origin, journal.id),
    name: journal.name,
    ...(journal.nameEn ? { alternateName: journal.nameEn } : {}),
    url: periodicalUrl(origin, journal.id),
    ...(journal.issn ? { issn: journal.issn } : {}),
    ...(journal.publisher ? { publisher: { '@type': 'Organization', name: journal.publisher } } : {}),
    ...(journal.sponsor ? { sponsor: { '@type': 'Organization', name: journal.sponsor } } : {}),
    ...(journal.foundedYear ? { startDate: String(journal.foundedYear) } : {}),
    ...(image ? { image } : {}),
    ...(journal.introduction ? { description: journal.introduction } : {}),
    inLanguage: 'zh-CN',
  };
}

export interface IssueFacts {
  year: number;
  volume?: number | null;
  issueNo: number;
  publishDate?: string | null;
}

/**
 * One issue of a journal, part of its periodical (through its volume when the volume is
 * known), listing the articles of its contents.
 */
export function publicationIssueJsonLd(
  journal: PeriodicalFacts,
  issue: IssueFacts,
  pageUrl: string,
  articles: { id: number; title: string }[],
  origin: string,
) {
  const partOf = periodical(journal, origin);
  return {
    '@context': CONTEXT,
    '@type': 'PublicationIssue',
    issueNumber: String(issue.issueNo),
    datePublished: issue.publishDate ?? String(issue.year),
    url: pageUrl,
    isPartOf: issue.volume != null ? { '@type': 'PublicationVolume', volumeNumber: String(issue.volume), isPartOf: partOf } : partOf,
    ...(articles.length
      ? { hasPart: articles.map((article) => ({ '@type': 'ScholarlyArticle', name: article.title, url: `${origin}/journal/detail?id=${article.id}` })) }
      : {}),
  };
}
