// Row → JSON mappers for the non-article content (journals, news, board, experts).
import type { DB } from '../db.js';
import { COLLECTION_LABELS } from '../seed/banks.js';

export interface JournalRow {
  id: number;
  gch: string;
  name: string;
  name_en: string;
  issn: string;
  cn: string;
  sponsor: string;
  publisher: string;
  editor_in_chief: string;
  frequency: string;
  founded_year: number;
  cover: string | null;
  introduction: string;
  labels: string;
  accepts_contribution: number;
  doi_prefix: string;
  email: string;
  phone: string;
  address: string;
}

export function labelsOf(json: string) {
  return (JSON.parse(json) as string[]).map((code) => ({ code, name: COLLECTION_LABELS[code] ?? code }));
}

export function journalSummary(db: DB, j: JournalRow) {
  const latest = db
    .prepare('SELECT id, year, volume, issue_no AS issueNo, publish_date AS publishDate FROM issues WHERE journal_id = ? ORDER BY publish_date DESC LIMIT 1')
    .get(j.id);
  return {
    id: j.id,
    gch: j.gch,
    name: j.name,
    nameEn: j.name_en,
    issn: j.issn,
    cn: j.cn,
    sponsor: j.sponsor,
    publisher: j.publisher,
    editorInChief: j.editor_in_chief,
    frequency: j.frequency,
    foundedYear: j.founded_year,
    cover: j.cover,
    labels: labelsOf(j.labels),
    acceptsContribution: j.accepts_contribution === 1,
    latestIssue: latest ?? null,
  };
}

export function journalById(db: DB, id: number): JournalRow | undefined {
  return db.prepare('SELECT * FROM journals WHERE id = ?').get(id) as JournalRow | undefined;
}

export function columnsOf(db: DB, journalId: number) {
  return db.prepare('SELECT id, name, name_en AS nameEn, sort FROM columns WHERE journal_id = ? ORDER BY sort').all(journalId);
}

export const NEWS_TYPES: Record<number, string> = { 1: '合作单位动态', 2: '行业资讯' };

export interface NewsRow {
  id: number;
  type: number;
  title: string;
  summary: string;
  content: string;
  source: string;
  author: string;
  publish_date: string;
  cover: string | null;
  views: number;
}

export function newsSummary(n: NewsRow) {
  return {
    id: n.id,
    type: n.type,
    typeName: NEWS_TYPES[n.type] ?? '',
    title: n.title,
    summary: n.summary,
    source: n.source,
    author: n.author,
    publishDate: n.publish_date,
    cover: n.cover,
    views: n.views,
  };
}

/** A board row with the name of the journal the member serves. */
export const BOARD_COLUMNS = '*, (SELECT name FROM journals WHERE journals.id = editorial_board.journal_id) AS journal_name';

export interface BoardRow {
  id: number;
  journal_id: number;
  journal_name: string | null;
  name: string;
  role: string;
  role_level: number;
  title: string;
  institution: string;
  research_fields: string;
  bio: string;
  avatar: string | null;
  sort: number;
}

export function boardJson(b: BoardRow) {
  return {
    id: b.id,
    journalId: b.journal_id,
    journalName: b.journal_name,
    name: b.name,
    role: b.role,
    roleLevel: b.role_level,
    title: b.title,
    institution: b.institution,
    researchFields: JSON.parse(b.research_fields) as string[],
    bio: b.bio,
    avatar: b.avatar,
    order: b.sort,
  };
}

export interface ExpertRow {
  id: number;
  name: string;
  gender: number;
  title: string;
  institution: string;
  education: string;
  research_fields: string;
  biography: string;
  avatar: string | null;
  paper_count: number;
  citation_count: number;
  download_count: number;
  h_index: number;
}

export function expertJson(e: ExpertRow) {
  return {
    id: e.id,
    name: e.name,
    gender: e.gender,
    title: e.title,
    institution: e.institution,
    education: e.education,
    researchFields: JSON.parse(e.research_fields) as string[],
    biography: e.biography,
    avatar: e.avatar,
    paperCount: e.paper_count,
    citationCount: e.citation_count,
    downloadCount: e.download_count,
    hIndex: e.h_index,
  };
}
