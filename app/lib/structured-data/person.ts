import { pictureUrl } from '../meta';
import { CONTEXT } from './organization';

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
