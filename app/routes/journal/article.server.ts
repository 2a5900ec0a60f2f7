// The article page's server half: what it loads, its favourite and like toggles, and the helpers they use.
import { data } from 'react-router';
import { optional } from '~/backend/optional.server';
import { literatureBaseDetails, recommendedArticles } from '~/backend/endpoints/papers.server';
import { journalList, type JournalSummary } from '~/backend/endpoints/journals.server';
import { cancelCollection, cancelLike, checkWhetherLike, collection, isCollection, like } from '~/backend/endpoints/personal.server';
import { personal as personalCopy } from '~/copy/personal';
import { article as articleCopy } from '~/copy/article';
import { gbt7714Chinese, gbt7714English } from '~/lib/citation';
import { readForm } from '~/lib/form-data.server';
import { intParam } from '~/lib/format';
import { redirectWithToast, refusal } from '~/lib/action-result.server';
import { isAuthorSession, requireAuthor } from '~/session/guard.server';
import { backendFor, getSession } from '~/session/session.server';
import type { Route } from './+types/article';
import { finishReading, startReading } from './reading.server';
import type { ArticleCard, ArticleDetail } from '~/backend/endpoints/papers.server';
import type { CitableArticle } from '~/lib/citation';
import type { ScholarlyRecord } from '~/lib/scholar';
import { articlePdfHref } from '~/lib/pdf';
import { notFoundOnRefusal } from '~/components/reading/route';

/** The PDF of an article through the BFF proxy. */
export function pdfHref(article: ArticleDetail, inline = false): string | null {
  return articlePdfHref(article.pdfFile, inline);
}

/** An article's page on the portal. */
export function articlePageUrl(id: number, origin: string): string {
  return `${origin}/journal/detail?id=${id}`;
}

/**
 * The pinyin dictionary (about 570 KB of modules, a tenth of a second to load) comes in with
 * the first article that needs it rather than with the portal's start.
 */
const pinyinNames = () => import('~/lib/pinyin.server');

/** What citations and the export formats say of an article; `origin` is the portal's public origin. */
export async function citableArticle(article: ArticleDetail, origin: string): Promise<CitableArticle> {
  const { chineseNameParts, englishAuthorName } = await pinyinNames();
  const pdf = pdfHref(article);
  return {
    title: article.title,
    titleEn: article.titleEn,
    authors: article.authors.map((a) => a.name),
    authorsEn: article.authors.map((a) => englishAuthorName(a.name, a.nameEn)),
    authorParts: article.authors.map((a) => chineseNameParts(a.name)),
    journal: article.journal.name,
    journalEn: article.journal.nameEn,
    year: article.issue.year,
    date: article.issue.publishDate ?? article.publishDate,
    volume: article.issue.volume,
    issue: article.issue.issueNo,
    firstPage: article.firstPage,
    lastPage: article.lastPage,
    doi: article.doi,
    issn: article.journal.issn,
    keywords: article.keywords,
    abstract: article.abstract,
    url: articlePageUrl(article.id, origin),
    pdfUrl: pdf ? `${origin}${pdf}` : null,
  };
}

export async function scholarlyRecord(article: ArticleDetail, origin: string, journal?: JournalSummary | null): Promise<ScholarlyRecord> {
  const citable = await citableArticle(article, origin);
  return {
    ...citable,
    publishDate: article.issue.publishDate ?? article.publishDate,
    onlineDate: article.onlineFirst ? article.onlineFirstDate : null,
    pdfUrl: citable.pdfUrl ?? null,
    pageUrl: articlePageUrl(article.id, origin),
    institutions: article.institutions,
    authorInstitutions: article.authors.map((a) => a.institution),
    language: 'zh',
    publisher: journal?.publisher,
  };
}

/** What the recommendations beside the article show of each: a title and a byline, no abstract. */
function recommendation(card: ArticleCard) {
  return {
    id: card.id,
    title: card.title,
    authors: card.authors.slice(0, 3).map(({ name }) => ({ name })),
    journalName: card.journalName,
    year: card.year,
    issueNo: card.issueNo,
    onlineFirst: card.onlineFirst,
    onlineFirstDate: card.onlineFirstDate,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = intParam(url.searchParams.get('id'));
  if (!id) throw data(null, { status: 404 });
  const backend = backendFor(request, context);
  const notesPage = intParam(url.searchParams.get('notesPage'), 10_000) ?? 1;
  const started = startReading(backend, id, notesPage);
  const [article, recommended, journals] = await Promise.all([
    backend.call(literatureBaseDetails, { id }).catch(notFoundOnRefusal),
    optional(backend.call(recommendedArticles, { id, size: 6 }), []),
    // The publisher and cover of its journal, for citation tags and the share card (a list reused briefly).
    optional(backend.call(journalList), []),
  ]);
  const journal = journals.find((j) => j.id === article.journal.id) ?? null;
  const reading = await finishReading(backend, article, started);
  const pageUrl = articlePageUrl(article.id, context.runtime.publicOrigin);
  const reactions = isAuthorSession(getSession(request, context)) ? await loadReactions(request, context, String(article.id)) : null;
  const citable = await citableArticle(article, context.runtime.publicOrigin);
  return {
    article,
    recommended: recommended.map(recommendation),
    pageUrl,
    origin: context.runtime.publicOrigin,
    pdf: { download: pdfHref(article), preview: pdfHref(article, true) },
    citation: { zh: gbt7714Chinese(citable), en: gbt7714English(citable) },
    scholar: await scholarlyRecord(article, context.runtime.publicOrigin, journal),
    cover: journal?.cover ?? null,
    reactions,
    reading,
  };
}

/** A signed-in author's favourite and like of this article; absent when the backend refuses them. */
async function loadReactions(request: Request, context: Route.LoaderArgs['context'], paperId: string) {
  const backend = backendFor(request, context);
  const reactions = Promise.all([backend.call(isCollection, { paperId }), backend.call(checkWhetherLike, { paperId })]).then(([favourite, liking]) => ({
    favourite,
    liked: liking.liked,
    likeCount: liking.likeCount,
  }));
  return optional(reactions, null);
}

/** The 收藏 / 点赞 toggles of a signed-in author: back to the article with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAuthor(request, context);
  const paperId = intParam(new URL(request.url).searchParams.get('id'));
  if (!paperId) throw data(null, { status: 404 });
  const intent = (await readForm(request)).get('intent');
  const backend = backendFor(request, context);
  const back = `/journal/detail?id=${paperId}`;
  const input = { paperId: String(paperId) };
  try {
    if (intent === 'favourite') await backend.call(collection, input);
    else if (intent === 'unfavourite') await backend.call(cancelCollection, input);
    else if (intent === 'like') await backend.call(like, input);
    else if (intent === 'unlike') await backend.call(cancelLike, input);
    else return redirectWithToast(context, back, personalCopy.errors.failed, 'error');
  } catch (error) {
    return redirectWithToast(context, back, refusal(error), 'error');
  }
  const done = {
    favourite: articleCopy.reactions.favouriteDone,
    unfavourite: articleCopy.reactions.favouriteCancelled,
    like: articleCopy.reactions.likeDone,
    unlike: articleCopy.reactions.likeCancelled,
  };
  return redirectWithToast(context, back, done[intent]);
}
