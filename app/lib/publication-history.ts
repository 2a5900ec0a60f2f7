import type { AmendmentRecord, PrePublicationRevision } from '~/backend/endpoints/papers.server';

export type HistoryKind = 'online' | 'print' | 'correction' | 'other';

export interface HistoryEntry {
  /** Anchor of the entry on the page (`history-12`); the correction notice links to it. */
  id: string;
  kind: HistoryKind;
  /** As the backend names it (网络首发, 正式出版, 勘误, or another type), with the online version's stage. */
  label: string;
  date: string | null;
  description: string;
}

const KINDS: Record<string, HistoryKind> = { 网络首发: 'online', 正式出版: 'print', 勘误: 'correction' };

/** The editorial dates of the article's record (文献信息 lists them too). */
export interface EditorialDates {
  receivedDate?: string | null;
  revisedDate?: string | null;
  acceptedDate?: string | null;
}

const EDITORIAL: [keyof EditorialDates, string][] = [
  ['receivedDate', '收稿'],
  ['revisedDate', '修回'],
  ['acceptedDate', '录用'],
];

/**
 * One timeline from the editorial dates (收稿, 修回, 录用), the publication records and the
 * online-first versions, oldest first. The versions (录用定稿, 排版定稿 …) say more than a
 * bare 网络首发 record, so they replace it.
 */
export function publicationHistory(records: AmendmentRecord[], versions: PrePublicationRevision[], dates: EditorialDates = {}): HistoryEntry[] {
  const editorial: HistoryEntry[] = EDITORIAL.flatMap(([key, label]) => {
    const date = day(dates[key]);
    return date ? [{ id: `history-${key.replace('Date', '')}`, kind: 'other' as const, label, date, description: '' }] : [];
  });
  const entries: HistoryEntry[] = versions.map((v) => ({
    id: `history-v${v.id}`,
    kind: 'online',
    label: `网络首发（${v.stage}）`,
    date: day(v.publishTime),
    description: v.description,
  }));
  for (const r of records) {
    const kind = KINDS[r.type.trim()] ?? 'other';
    if (kind === 'online' && versions.length) continue;
    entries.push({ id: `history-${r.id}`, kind, label: r.type.trim(), date: day(r.updateTime), description: r.description });
  }
  // Editorial dates first on a tie: an article is accepted before it goes online the same day.
  return [...editorial, ...entries].sort((a, b) => (a.date ?? '9999').localeCompare(b.date ?? '9999'));
}

/** The latest correction, which the page announces at the top. */
export function latestCorrection(entries: HistoryEntry[]): HistoryEntry | null {
  return entries.filter((e) => e.kind === 'correction').at(-1) ?? null;
}

function day(value: string | null | undefined): string | null {
  const match = value?.match(/^\d{4}-\d{2}-\d{2}/);
  return match ? match[0] : null;
}
