import { describe, expect, it } from 'vitest';
import { validateJsonLd } from '../../tests/support/schemaorg';
import { serializeJsonLd } from './json-ld';
import { scholarlyFullText, scholarMetaTags, scholarlyJsonLd, type ScholarlyRecord } from './scholar';

const record: ScholarlyRecord = {
  title: '数据跨境流动规则的体系化构建',
  titleEn: 'Systematic Construction of Rules on Cross-border Data Flows',
  authors: ['吴凯晨', '欧阳明远'],
  authorsEn: ['WU Kaichen', 'OUYANG Mingyuan'],
  journal: '数据法学',
  year: 2025,
  volume: 3,
  issue: 2,
  firstPage: 1,
  lastPage: 15,
  doi: '10.12345/sjfx.2025.02.001',
  issn: '2096-0000',
  keywords: ['数据出境', '个人信息保护'],
  abstract: '本文讨论数据出境。',
  publishDate: '2025-04-15',
  pdfUrl: 'https://portal.example/api/file/file/download?hash=a&fileName=a.pdf',
  pageUrl: 'https://portal.example/journal/detail?id=1',
  institutions: ['某大学法学院'],
  authorInstitutions: ['某大学法学院', ''],
  onlineDate: '2025-03-02',
  language: 'zh',
  publisher: '数据法学编辑部',
};
const references = ['张明. 数据权属配置的法理基础[J]. 数据法学, 2024, 2(1): 1-15.', '李华. 算法治理论[M]. 北京: 法律出版社, 2023.'];
const names = (tags: { name: string; content: string }[], name: string) => tags.filter((t) => t.name === name).map((t) => t.content);

describe('Google Scholar tags', () => {
  it('carry the whole abstract, each author followed by their institution, the online-first day and the publisher', () => {
    const tags = scholarMetaTags(record);
    expect(names(tags, 'citation_abstract')).toEqual([record.abstract]);
    const people = tags.filter((t) => t.name === 'citation_author' || t.name === 'citation_author_institution').map((t) => `${t.name}=${t.content}`);
    expect(people).toEqual(['citation_author=吴凯晨', 'citation_author_institution=某大学法学院', 'citation_author=欧阳明远']);
    expect(names(tags, 'citation_online_date')).toEqual(['2025/03/02']);
    expect(names(tags, 'citation_publication_date')).toEqual(['2025/04/15']);
    expect(names(tags, 'citation_publisher')).toEqual([record.publisher]);
    // An article not published online first has no online date.
    expect(names(scholarMetaTags({ ...record, onlineDate: null }), 'citation_online_date')).toEqual([]);
  });

  it('add the full-text page and one citation_reference per reference when there is a full text', () => {
    const tags = scholarMetaTags(record, scholarlyFullText({ reading: { fullText: { sections: [{ heading: '一、引言' }], references } } }));
    expect(names(tags, 'citation_fulltext_html_url')).toEqual([record.pageUrl]);
    expect(names(tags, 'citation_reference')).toEqual(references);
  });

  it('read the top-level loader fields too', () => {
    expect(scholarlyFullText({ fullTextSections: [{}], references })).toEqual({ hasSections: true, references });
  });

  it('say nothing of a full text the backend does not have', () => {
    const tags = scholarMetaTags(record, scholarlyFullText({ reading: { fullText: null } }));
    expect(names(tags, 'citation_fulltext_html_url')).toEqual([]);
    expect(names(tags, 'citation_reference')).toEqual([]);
    expect(names(tags, 'citation_author')).toEqual(record.authors);
  });
});

describe('schema.org ScholarlyArticle', () => {
  it('passes the structured-data validator, with and without a full text', async () => {
    for (const fullText of [null, { hasSections: true, references }]) {
      const parsed = JSON.parse(serializeJsonLd(scholarlyJsonLd(record, fullText))) as object;
      // Warnings included: a property schema.org does not define for the type is a warning.
      expect(await validateJsonLd([parsed])).toEqual([]);
    }
  });

  it('names authors in Chinese with their English names, and lists the references', () => {
    const doc = scholarlyJsonLd(record, { hasSections: true, references });
    expect(doc.author[1]).toEqual({ '@type': 'Person', name: '欧阳明远', alternateName: 'OUYANG Mingyuan' });
    expect(doc.author[0]?.affiliation).toEqual({ '@type': 'Organization', name: '某大学法学院' });
    expect(doc.citation).toEqual(references);
  });

  it('names the publisher, the licence and the online-first day', () => {
    const doc = scholarlyJsonLd(record);
    expect(doc.publisher).toEqual({ '@type': 'Organization', name: '数据法学编辑部' });
    expect(doc.license).toBe('https://creativecommons.org/licenses/by-nc/4.0/');
    expect(doc.publication).toEqual({ '@type': 'PublicationEvent', name: '网络首发', startDate: '2025-03-02' });
  });

  it('is a validator that does find mistakes', async () => {
    const wrong = { ...scholarlyJsonLd(record), pageCount: 15, author: [{ '@type': 'Person', fullName: '吴凯晨' }] };
    const issues = await validateJsonLd([wrong]);
    const messages = issues.map((i) => i.issueMessage);
    expect(messages).toContain('Property "pageCount" for type "ScholarlyArticle" is not supported by the schema.org specification');
    expect(messages).toContain('Property "fullName" for type "Person" is not supported by the schema.org specification');
    expect(messages).toContain('Required attribute "name" is missing');
  });
});
