import type { createBackendClient } from '~/backend/client.server';
import { optional } from '~/backend/optional.server';
import { amendmentRecords, paperChart, paperContent, paperMinutes, prePublicationRevisions, type ArticleDetail } from '~/backend/endpoints/papers.server';
import { setFullText } from '~/lib/fulltext';
import { latestCorrection, publicationHistory } from '~/lib/publication-history';

type Backend = ReturnType<typeof createBackendClient>;

/** Readers' notes per page of the article page. */
const NOTES_SIZE = 5;

/**
 * What the article page adds to the record for a reader (docs/product.md#article-page):
 * the full text set for reading, the publication history, monthly usage and readers'
 * notes. Each part is optional: when the backend refuses one, the page goes without it.
 * `started` holds the calls that need only the id, begun alongside the article's record.
 */
export function startReading(backend: Backend, id: number, notesPage: number) {
  const started = {
    content: optional(backend.call(paperContent, { id }), null),
    chart: optional(backend.call(paperChart, { id }), null),
    notes: optional(backend.call(paperMinutes, { id, current: notesPage, size: NOTES_SIZE }), null),
    versions: optional(backend.call(prePublicationRevisions, { paperId: id }), []),
  };
  // Not awaited when the article itself is missing (a 404): their failures must not go unhandled.
  for (const call of Object.values(started)) call.catch(() => undefined);
  return started;
}

export async function finishReading(backend: Backend, article: ArticleDetail, started: ReturnType<typeof startReading>) {
  const [content, chart, notes, versions, records] = await Promise.all([
    started.content,
    started.chart,
    started.notes,
    started.versions,
    article.weiPuId ? optional(backend.call(amendmentRecords, { weiPuId: article.weiPuId }), []) : Promise.resolve([]),
  ]);
  const references = (content?.references ?? []).map((r) => r.trim()).filter(Boolean);
  const text = setFullText(content?.sections ?? [], references.length);
  const history = publicationHistory(records, versions, article);
  const usage =
    chart && chart.months.length
      ? {
          months: chart.months,
          views: matchingTotal(
            chart.months.map((_, i) => chart.views[i] ?? 0),
            article.views,
          ),
          downloads: matchingTotal(
            chart.months.map((_, i) => chart.downloads[i] ?? 0),
            article.downloads,
          ),
        }
      : null;
  return {
    // No sections: the page offers the PDF instead (and never an empty section).
    fullText: text.sections.length ? { sections: text.sections, references, citedFrom: text.citedFrom } : null,
    history,
    correction: latestCorrection(history),
    usage,
    notes: notes && notes.total > 0 ? { records: notes.records, total: notes.total, current: notes.current || 1, size: NOTES_SIZE } : null,
  };
}

/**
 * The months as the page's own counter adds them up. The chart and the record are asked for
 * side by side, and the record's call counts this very view: what one saw and the other did
 * not happened just now, so it belongs to the newest month.
 */
export function matchingTotal(months: number[], total: number): number[] {
  const difference = total - months.reduce((sum, n) => sum + n, 0);
  if (difference === 0 || months.length === 0) return months;
  const last = months.length - 1;
  return months.map((n, i) => (i === last ? Math.max(0, n + difference) : n));
}
