import { describe, expect, it } from 'vitest';
import { validateJsonLd } from '../../../tests/support/schemaorg';
import { serializeJsonLd } from '../json-ld';
import { breadcrumbListJsonLd } from './breadcrumb-list';
import { newsArticleJsonLd } from './news-article';
import { periodicalJsonLd, publicationIssueJsonLd } from './periodical';
import { personJsonLd } from './person';
import { websiteJsonLd } from './website';

const origin = 'https://journal.example.edu.cn';
const journal = {
  id: 1,
  name: '数据法学',
  nameEn: 'Data Law Review',
  issn: '2096-0000',
  publisher: '数据法学编辑部',
  sponsor: '数据法学研究院',
  foundedYear: 2019,
  cover: 'https://cdn.example.edu.cn/cover.jpg',
  introduction: '本刊刊发数据法学研究成果。',
};
/** As the page puts it into its script element, read back. */
const parsed = (doc: object) => JSON.parse(serializeJsonLd(doc)) as Record<string, unknown>;

describe('schema.org JSON-LD of the pages that are not articles', () => {
  it('passes the structured-data validator for every type, with every fact and with the fewest', async () => {
    const docs = [
      websiteJsonLd(origin),
      periodicalJsonLd(journal, origin),
      periodicalJsonLd({ id: 2, name: '数字法治评论' }, origin),
      publicationIssueJsonLd(
        journal,
        { year: 2025, volume: 3, issueNo: 2, publishDate: '2025-04-15' },
        `${origin}/journal/1`,
        [{ id: 7, title: '数据出境' }],
        origin,
      ),
      publicationIssueJsonLd({ id: 2, name: '数字法治评论' }, { year: 2024, issueNo: 6 }, `${origin}/journal/2?issueId=9`, [], origin),
      personJsonLd(
        {
          name: '吴凯晨',
          title: '教授',
          institution: '某大学法学院',
          researchFields: ['数据法', '个人信息保护'],
          biography: '研究数据法。',
          avatar: 'https://cdn.example.edu.cn/a.png',
        },
        `${origin}/expertAuthor/1`,
      ),
      personJsonLd({ name: '欧阳明远' }, `${origin}/editorialBoard/3`),
      newsArticleJsonLd(
        { title: '研讨会召开', summary: '会议综述', author: '李华', source: '某大学', publishDate: '2025-05-01', typeName: '行业资讯' },
        `${origin}/news/1`,
        origin,
      ),
      newsArticleJsonLd({ title: '研讨会召开' }, `${origin}/news/2`, origin),
      breadcrumbListJsonLd([{ label: '首页', to: '/' }, { label: '专家作者', to: '/expertAuthor' }, { label: '吴凯晨' }], origin),
    ].map(parsed);
    // Warnings included: a type or property schema.org does not define is reported.
    expect(await validateJsonLd(docs)).toEqual([]);
  });

  it('puts an issue into its volume and journal, and lists its articles by their own addresses', () => {
    const issue = publicationIssueJsonLd(journal, { year: 2025, volume: 3, issueNo: 2 }, `${origin}/journal/1`, [{ id: 7, title: '数据出境' }], origin);
    expect(issue.datePublished).toBe('2025');
    expect(issue.isPartOf).toMatchObject({
      '@type': 'PublicationVolume',
      volumeNumber: '3',
      isPartOf: { '@type': 'Periodical', name: '数据法学', issn: '2096-0000' },
    });
    expect(issue.hasPart).toEqual([{ '@type': 'ScholarlyArticle', name: '数据出境', url: `${origin}/journal/detail?id=7` }]);
  });

  it('gives breadcrumbs absolute addresses in order, the current page without one', () => {
    const list = breadcrumbListJsonLd([{ label: '首页', to: '/' }, { label: '编委会', to: '/editorialBoard' }, { label: '欧阳明远' }], origin);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: '首页', item: `${origin}/` },
      { '@type': 'ListItem', position: 2, name: '编委会', item: `${origin}/editorialBoard` },
      { '@type': 'ListItem', position: 3, name: '欧阳明远' },
    ]);
    const skipping = breadcrumbListJsonLd([{ label: '首页', to: '/' }, { label: '行业热点' }, { label: '公共数据' }], origin);
    expect(skipping.itemListElement.map((item) => [item.position, item.name])).toEqual([
      [1, '首页'],
      [2, '公共数据'],
    ]);
  });

  it('gives pictures absolute addresses on this site or the web, and leaves out any other', () => {
    expect(personJsonLd({ name: '吴凯晨', avatar: 'javascript:alert(1)' }, `${origin}/expertAuthor/1`)).not.toHaveProperty('image');
    expect(periodicalJsonLd({ ...journal, cover: '//evil.example/cover.jpg' }, origin)).not.toHaveProperty('image');
    expect(periodicalJsonLd({ ...journal, cover: '/api/attachmentApi/fileBrowsing?hash=ab12' }, origin).image).toBe(
      `${origin}/api/attachmentApi/fileBrowsing?hash=ab12`,
    );
  });

  it('is checked by a validator that knows the vocabulary’s types and properties', async () => {
    const wrong = [
      { ...parsed(periodicalJsonLd(journal, origin)), '@type': 'Journal' },
      { ...parsed(personJsonLd({ name: '吴凯晨' }, origin)), institution: '某大学' },
    ];
    const messages = (await validateJsonLd(wrong)).map((issue) => issue.issueMessage);
    expect(messages).toContain('Type "Journal" is not a valid schema.org type');
    expect(messages).toContain('Property "institution" for type "Person" is not supported by the schema.org specification');
  });
});
