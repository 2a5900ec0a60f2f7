import type { ArticleDetail } from '~/backend/endpoints/papers.server';
import type { CitableArticle } from '~/lib/citation';
import { englishAuthorName } from '~/lib/pinyin.server';
import type { ScholarlyRecord } from '~/lib/scholar';
import { articlePdfHref } from '~/lib/pdf';

/** The PDF of an article through the BFF proxy. */
export function pdfHref(article: ArticleDetail, inline = false): string | null {
  return articlePdfHref(article.pdfFile, inline);
}

export function citableArticle(article: ArticleDetail, pageUrl: string): CitableArticle {
  return {
    title: article.title,
    titleEn: article.titleEn,
    authors: article.authors.map((a) => a.name),
    authorsEn: article.authors.map((a) => englishAuthorName(a.name, a.nameEn)),
    journal: article.journal.name,
    journalEn: article.journal.nameEn,
    year: article.issue.year,
    volume: article.issue.volume,
    issue: article.issue.issueNo,
    firstPage: article.firstPage,
    lastPage: article.lastPage,
    doi: article.doi,
    issn: article.journal.issn,
    keywords: article.keywords,
    abstract: article.abstract,
    url: pageUrl,
  };
}

export function scholarlyRecord(article: ArticleDetail, origin: string): ScholarlyRecord {
  const pageUrl = `${origin}/journal/detail?id=${article.id}`;
  const pdf = pdfHref(article);
  return {
    ...citableArticle(article, pageUrl),
    publishDate: article.issue.publishDate ?? article.publishDate,
    pdfUrl: pdf ? `${origin}${pdf}` : null,
    pageUrl,
    institutions: article.institutions,
    language: 'zh',
  };
}
