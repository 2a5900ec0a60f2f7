import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleDetailSchema } from '~/backend/endpoints/papers.server';
import { gbt7714English } from '~/lib/citation';
import { startTestSandbox, type TestSandbox } from '../../../sandbox/testing';
import { citableArticle } from './article.server';

/** The article payload's English author names, from the sandbox through the schema into the English citation. */
describe("authors' English names in the citation", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox(30);
  });
  afterAll(() => sandbox.close());

  const detail = async (id: number) => articleDetailSchema.parse((await sandbox.post('/api/paperSearchApi/literatureBaseDetails', { id })).body.entity);

  it("uses the journal's English names, surname in capitals first", async () => {
    const article = await detail(3);
    const nameEn = article.authors[0]?.nameEn ?? '';
    expect(nameEn).toMatch(/^[A-Z][a-zü]+ [A-Z]/);
    const [surname, given] = nameEn.split(' ');
    const citable = await citableArticle(article, 'https://portal.example');
    expect(citable.authorsEn?.[0]).toBe(`${surname?.toUpperCase()} ${given}`);
    expect(gbt7714English(citable)).toMatch(new RegExp(`^${surname?.toUpperCase()} ${given}[,.]`));
  });

  it('falls back to the pinyin of the Chinese name where the record has no English name', async () => {
    const article = await detail(10);
    expect(article.authors.every((a) => a.nameEn == null)).toBe(true);
    const citable = await citableArticle(article, 'https://portal.example');
    for (const name of citable.authorsEn ?? []) expect(name).toMatch(/^[A-ZÜ]+ [A-Z][a-zü']*$/);
    expect(citable.authorsEn).toHaveLength(article.authors.length);
  });
});
