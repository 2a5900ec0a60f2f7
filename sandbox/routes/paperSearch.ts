// /api/paperSearchApi/*: literature search, lists, one article and its extras.
import { z } from 'zod';
import {
  SEARCH_FIELDS,
  SEARCH_OPERATORS,
  articleRow,
  cardsByIds,
  downloadUrl,
  listArticles,
  pdfFileName,
  searchArticles,
  searchFacets,
  toDetail,
  type SearchInput,
} from '../articles.js';
import type { DB } from '../db.js';
import { recordArticleActivity } from '../recording.js';
import { bizError, createApi, optBool, optInt, page, paging, parse, reqId, reqStr, type Logger, type Params } from '../http.js';
import { INSTITUTIONS, LAWS, SURNAMES } from '../seed/banks.js';
import { NOTE_VIEWS, NOTE_WISHES } from '../seed/prose.js';
import { fill } from '../text.js';
import { amendmentRecords } from '../amendments.js';
import { countUsage, monthlyUsage } from '../usage.js';
import { MAX_SEARCH_CONDITIONS, MAX_SEARCH_QUERY_LENGTH } from '../../contract/search.js';
import { paperContent } from '../fulltext.js';
import { addDays } from '../seed/dates.js';
import { Rng, hash32 } from '../seed/prng.js';

const filterSchema = z.object({
  journalId: optInt(),
  onlineFirst: optBool(),
  year: optInt(),
  issueId: optInt(),
  columnId: optInt(),
});
const sortSchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.enum(['publishDate', 'views', 'downloads'], { error: '排序方式不正确' }).default('publishDate'),
);
const blankToDefault = (v: unknown) => (v === '' ? undefined : v);
const fieldSchema = z.preprocess(blankToDefault, z.enum(SEARCH_FIELDS, { error: '检索字段不正确' }).default('all'));
const yearSchema = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label}不正确` })
      .int({ error: `${label}不正确` })
      .min(1900, { error: `${label}不正确` })
      .max(2100, { error: `${label}不正确` })
      .optional(),
  );
const searchSchema = filterSchema
  .extend({
    query: reqStr('请输入检索词').pipe(z.string().max(MAX_SEARCH_QUERY_LENGTH, { error: `检索词不能超过${MAX_SEARCH_QUERY_LENGTH}个字符` })),
    field: fieldSchema,
    sort: z.preprocess(blankToDefault, z.enum(['relevance', 'publishDate', 'views', 'downloads'], { error: '排序方式不正确' }).default('relevance')),
    // Further rows of an advanced search, each joined to what comes before it; empty rows are left out.
    conditions: z
      .array(
        z.object({
          op: z.preprocess(blankToDefault, z.enum(SEARCH_OPERATORS, { error: '检索条件的逻辑关系不正确' }).default('and')),
          field: fieldSchema,
          query: z.preprocess(
            (v) => (v == null ? '' : v),
            z
              .string({ error: '检索词不正确' })
              .trim()
              .max(MAX_SEARCH_QUERY_LENGTH, { error: `检索词不能超过${MAX_SEARCH_QUERY_LENGTH}个字符` }),
          ),
        }),
        { error: '检索条件不正确' },
      )
      .max(MAX_SEARCH_CONDITIONS, { error: `检索条件最多${MAX_SEARCH_CONDITIONS}行` })
      .optional(),
    yearFrom: yearSchema('起始年份'),
    yearTo: yearSchema('截止年份'),
  })
  .refine((s) => s.yearFrom === undefined || s.yearTo === undefined || s.yearFrom <= s.yearTo, {
    error: '起始年份不能晚于截止年份',
    path: ['yearFrom'],
  });

const idSchema = z.object({ id: reqId() });

export function paperSearchRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);
  const mustArticle = (params: Params) => {
    const { id } = parse(idSchema, params);
    const row = articleRow(db, id);
    if (!row) throw bizError('文献不存在或已下线', 404);
    return row;
  };

  api.post('/search', ({ params }) => {
    const input: SearchInput = parse(searchSchema, params);
    const { page: result, mode } = searchArticles(db, input, paging(params));
    return { ...result, mode };
  });

  api.post('/dataJurisprudenceSearch', ({ params }) => {
    const input: SearchInput = parse(searchSchema, params);
    const { page: result, mode } = searchArticles(db, input, paging(params));
    return { ...result, mode, facets: searchFacets(db, input) };
  });

  api.post('/literatureBase', ({ params }) => {
    const f = parse(filterSchema, params);
    const { sort } = parse(z.object({ sort: sortSchema }), params);
    return listArticles(db, f, sort, paging(params));
  });

  // Full record; each call counts a view.
  api.post('/literatureBaseDetails', ({ params, auth }) => {
    const { id } = parse(idSchema, params);
    const row = articleRow(db, id);
    if (!row) throw bizError('文献不存在或已下线', 404);
    countUsage(db, id, 'views');
    row.views += 1;
    if (auth) recordArticleActivity(db, auth.employeeId, id, 'read');
    return toDetail(db, row);
  });

  // Monthly views and downloads from the month of publication to this month (sums to the totals).
  api.post('/getPaperChart', ({ params }) => monthlyUsage(db, mustArticle(params)));

  // Structured full text with reference marks and GB/T 7714 references (sections empty: PDF only).
  api.post('/getPaperContent', ({ params }) => paperContent(db, mustArticle(params)));

  // Short reader comments (短评) on an article, paged.
  api.post('/getPaperMinute', ({ params }) => {
    const row = mustArticle(params);
    const p = paging(params);
    const rng = new Rng(hash32(`minute-${row.id}`));
    const count = rng.int(0, 12);
    // Distinct notes: each reader's view once, sometimes with a wish.
    const kw = JSON.parse(row.keywords) as string[];
    const vars = { k: kw[0] ?? '数据', t: kw[1] ?? kw[0] ?? '数据', l: rng.pick(LAWS).zh };
    const views = rng.sample(NOTE_VIEWS, count).map((view) => fill(view, vars) + rng.pick(NOTE_WISHES));
    const all = Array.from({ length: count }, (_, i) => ({
      id: row.id * 100 + i + 1,
      paperId: row.id,
      nickname: `${rng.pick(SURNAMES)}**`,
      institution: rng.pick(INSTITUTIONS),
      content: views[i] ?? '',
      likeCount: rng.int(0, 80),
      createTime: `${addDays(row.published_date, rng.int(1, 300))} ${String(rng.int(8, 22)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00`,
    })).sort((a, b) => b.createTime.localeCompare(a.createTime));
    return page(all.slice(p.offset, p.offset + p.size), count, p);
  });

  // Publication history by WeiPu (维普) id: 网络首发 (online-first articles only), 正式出版, and
  // 勘误 for a fixed share of the articles.
  api.post('/getAmendmentRecordByWeiPuId', ({ params }) => {
    const { weiPuId } = parse(z.object({ weiPuId: reqStr('缺少参数：weiPuId') }), params);
    const row = db.prepare('SELECT id, published_date, online_first_date FROM articles WHERE weipu_id = ?').get(weiPuId) as
      | { id: number; published_date: string; online_first_date: string | null }
      | undefined;
    if (!row) throw bizError('未找到对应的文献', 404);
    return amendmentRecords(row).map((r) => ({ ...r, weiPuId }));
  });

  api.post('/previewPath', ({ params }) => {
    const row = mustArticle(params);
    const fileName = pdfFileName(row);
    return { url: `${downloadUrl(row.pdf_hash, fileName)}&inline=1`, fileName, fileType: 'pdf', pageCount: 1 };
  });

  // Related articles: those sharing all of its keywords first, then its first two keywords, then
  // any of them, then the same column; the most recently added first within each tier. Each tier
  // is an FTS query walked in rowid order that stops after `limit` rows: no ranking of large
  // match sets (a bm25 ORDER BY over common keywords costs tens of ms at 100,000 articles).
  api.post('/recommendedArticles', ({ params }) => {
    const row = mustArticle(params);
    const { size } = parse(z.object({ size: optInt() }), params);
    const limit = Math.min(Math.max(size ?? 5, 1), 20);
    const kw = JSON.parse(row.keywords) as string[];
    const ids = new Set<number>();
    const byKeywords = db.prepare('SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ? AND rowid != ? ORDER BY rowid DESC LIMIT ?');
    const phrases = kw.filter((k) => [...k].length >= 3).map((k) => `keyword : "${k.replace(/"/g, '""')}"`);
    const tiers = phrases.length ? new Set([phrases.join(' AND '), phrases.slice(0, 2).join(' AND '), phrases.join(' OR ')]) : [];
    for (const match of tiers) {
      if (ids.size >= limit) break;
      for (const r of byKeywords.all(match, row.id, limit + ids.size) as { id: number }[]) if (ids.size < limit) ids.add(r.id);
    }
    if (ids.size < limit) {
      const byColumn = db
        .prepare('SELECT id FROM articles WHERE column_id = ? AND id != ? ORDER BY published_date DESC, id DESC LIMIT ?')
        .all(row.column_id, row.id, limit + ids.size) as { id: number }[];
      for (const r of byColumn) if (ids.size < limit) ids.add(r.id);
    }
    return cardsByIds(db, [...ids]);
  });

  // Recommended reading: most downloaded articles of the last two years (optionally one journal).
  api.post('/recommendedManuscript', ({ params }) => {
    const { journalId, size } = parse(z.object({ journalId: optInt(), size: optInt() }), params);
    const limit = Math.min(Math.max(size ?? 6, 1), 20);
    const maxYear = (db.prepare('SELECT max(year) AS y FROM articles').get() as { y: number | null }).y ?? 0;
    const ids = db
      .prepare(`SELECT id FROM articles WHERE year >= ? ${journalId ? 'AND journal_id = ?' : ''} ORDER BY downloads DESC, id LIMIT ?`)
      .all(...(journalId ? [maxYear - 1, journalId, limit] : [maxYear - 1, limit])) as { id: number }[];
    return cardsByIds(
      db,
      ids.map((r) => r.id),
    );
  });

  return api.router;
}
