import { copy } from '~/copy';
import { pictureUrl, SHARE_LOGO_PATH } from './meta';

/**
 * schema.org JSON-LD for the pages that are not articles (the article's own is in scholar.ts):
 * one builder per type, each given the facts its page shows and the portal's public origin.
 * Optional facts are left out when unknown rather than written empty.
 */

const CONTEXT = 'https://schema.org';


/** The organisation that runs the portal: the publisher named on the home page. */
export function portalOrganization(origin: string) {
  return { '@type': 'Organization', name: copy.site.host, url: `${origin}/`, logo: `${origin}${SHARE_LOGO_PATH}` };
}

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
export function publicationIssueJsonLd(journal: PeriodicalFacts, issue: IssueFacts, pageUrl: string, articles: { id: number; title: string }[], origin: string) {
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

export interface PersonFacts {
  name: string;
  /** Academic title (教授, 研究员…). */
  title?: string | null;
  institution?: string | null;
  researchFields?: string[];
  biography?: string | null;
  avatar?: string | null;
}

/** An expert or an editorial board member: name, title, institution and fields. */
export function personJsonLd(person: PersonFacts, pageUrl: string) {
  const image = pictureUrl(person.avatar, new URL(pageUrl).origin);
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    name: person.name,
    url: pageUrl,
    ...(person.title ? { jobTitle: person.title } : {}),
    ...(person.institution ? { affiliation: { '@type': 'Organization', name: person.institution } } : {}),
    ...(person.researchFields?.length ? { knowsAbout: person.researchFields } : {}),
    ...(person.biography ? { description: person.biography } : {}),
    ...(image ? { image } : {}),
  };
}

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

/**
 * The breadcrumbs a page shows, as schema.org reads them: each crumb with its absolute URL.
 * A crumb in the middle without a page of its own (a section heading) is left out: search
 * engines take a trail only when every step but the last can be visited.
 */
export function breadcrumbListJsonLd(crumbs: { label: string; to?: string }[], origin: string) {
  const steps = crumbs.filter((crumb, index) => crumb.to || index === crumbs.length - 1);
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      ...(crumb.to ? { item: new URL(crumb.to, origin).href } : {}),
    })),
  };
}
