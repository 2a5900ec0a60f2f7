import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import Validator from '@adobe/structured-data-validator';

/**
 * schema.org structured-data validation that works offline: Adobe's validator (schema.org
 * vocabulary plus Google's rich-result rules) over the schema.org 30.0 vocabulary kept in
 * tests/fixtures/schemaorg (CC BY-SA 3.0, unchanged, gzipped).
 */
const vocabulary = JSON.parse(gunzipSync(readFileSync(new URL('../fixtures/schemaorg/schemaorg-current-https.jsonld.gz', import.meta.url))).toString('utf8'));

export interface StructuredDataIssue {
  issueMessage: string;
  severity: 'ERROR' | 'WARNING';
  rootType?: string;
}

/** The issues the validator finds in JSON-LD documents (as parsed from their script elements). */
export async function validateJsonLd(documents: object[]): Promise<StructuredDataIssue[]> {
  const byType: Record<string, object[]> = {};
  for (const doc of documents) {
    const type = String((doc as { '@type'?: unknown })['@type']);
    (byType[type] ??= []).push(structuredClone(doc));
  }
  return new Validator(vocabulary).validate({ jsonld: byType, microdata: {}, rdfa: {}, errors: [] });
}
