// Deterministic generator of the sandbox data. Same options → byte-identical rows
// (apart from nothing: no clock, no Math.random).
import { OutputFormat, pinyin, segment } from 'pinyin-pro';
import { createHash } from 'node:crypto';
import type { DB } from '../db.js';
import { hashPasswordSync } from '../security.js';
import {
  ABS_CLAIM,
  ABS_CLOSE,
  ABS_EN_BODY,
  ABS_EN_CLOSE,
  ABS_EN_OPEN,
  ABS_METHOD,
  ABS_OPEN,
  ABS_PROBLEM,
  ABS_PROPOSAL,
  ASPECTS,
  BOARD_ROLES,
  COLUMNS,
  FOOTER_GROUPS,
  FUND_KINDS,
  FUND_SUBJECTS,
  GIVEN,
  HOTSPOTS,
  INDUSTRY_NEWS,
  INSTITUTIONS,
  JOURNALS,
  LAWS,
  NEWS_EVENTS,
  NEWS_ORGS,
  NEWS_SOURCES,
  NOTICE_HTML,
  RESEARCH_FIELDS,
  SURNAMES,
  TITLES,
  type ColumnDef,
  type Pair,
} from './banks.js';
import { BASE_DATE, addDays, dayOfIssue, fmtDay } from './dates.js';
import { Rng, hash32 } from './prng.js';
import { INDUSTRY_NEWS_GISTS, NEWS_EVENT_BODIES, TITLE_SUBTITLES, TITLE_TEMPLATES } from './prose.js';
import { clearArticleCaches } from '../searchCache.js';
import { seedSubmissions } from './submissions.js';
import { fill } from '../text.js';
import { MARK_ONLINE_FIRST } from '../migrations/004_online_first.js';
import { previewUrlOf, recordRecipe } from '../files.js';

/** Each journal's cover colour, in journal order (navy, crimson, green). */
const COVER_COLOURS: [number, number, number][] = [
  [28, 72, 120],
  [128, 36, 44],
  [30, 98, 74],
];

export const DEFAULT_SEED = 20260101;
export const DEMO_PASSWORD = 'Demo@2026';
export const EXPERT_COUNT = 40;
export const BOARD_COUNT = 20;

export interface SeedOptions {
  articles?: number | undefined;
  seed?: number | undefined;
  /**
   * The day the database is created ('YYYY-MM-DD', default today): news and hotspots are
   * dated in the months before it, so a demo always looks current.
   */
  today?: string | undefined;
}

/** Role ids differ from role types on purpose, so clients cannot confuse them. */
export const ROLES = [
  { id: 11, type: 1, name: '管理员' },
  { id: 12, type: 2, name: '读者' },
  { id: 13, type: 3, name: '审稿专家' },
  { id: 14, type: 4, name: '作者' },
] as const;
export const AUTHOR_ROLE_ID = 14;

/** Which columns each journal has (indexes into COLUMNS), by journal order. */
const JOURNAL_COLUMNS: number[][] = [
  [0, 1, 2, 3, 4, 5, 6],
  [3, 4, 6, 0, 1],
  [5, 1, 2, 6],
];

/** Months in which an issue appears, by issues per year. */
const ISSUE_MONTHS: Record<number, number[]> = {
  6: [2, 4, 6, 8, 10, 12],
  4: [3, 6, 9, 12],
  2: [6, 12],
};
/** The last year with issues; each journal's first is the year it was founded. */
const LAST_YEAR = 2025;

export function pdfHashFor(articleId: number): string {
  return createHash('sha1').update(`sandbox-pdf-${articleId}`).digest('hex').slice(0, 32);
}

/** Topic names are title case; inside a sentence they read lower case. */
function lowerFirst(s: string): string {
  return s.toLowerCase();
}

function upperFirst(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "吴凯晨" → "Wu Kaichen": surname first, read as a surname (单 Shan), compound ones whole (欧阳). */
const englishNames = new Map<string, string>();
function englishName(name: string): string {
  const known = englishNames.get(name);
  if (known) return known;
  const reading = { mode: 'surname', surname: 'head', toneType: 'none' } as const;
  const syllables = pinyin(name, { ...reading, type: 'array' });
  const head = segment(name, { ...reading, format: OutputFormat.ZhSegment })[0] ?? '';
  const cut = head.length === 2 && name.length > 2 ? 2 : 1;
  const part = (list: string[]) => upperFirst(list.join(''));
  const english = `${part(syllables.slice(0, cut))} ${part(syllables.slice(cut))}`.trim();
  englishNames.set(name, english);
  return english;
}

class NameMaker {
  private readonly used = new Set<string>();
  constructor(private readonly rng: Rng) {}
  /** A random name; unique ones are reserved for named people (experts, board). */
  make(unique = false): string {
    for (;;) {
      const given = this.rng.chance(0.6) ? this.rng.pick(GIVEN) + this.rng.pick(GIVEN) : this.rng.pick(GIVEN);
      const name = this.rng.pick(SURNAMES) + given;
      if (!unique) return name;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }
}

export interface SeedResult {
  journals: number;
  issues: number;
  articles: number;
  experts: number;
  ms: number;
}

/** Fills an empty, migrated database. Runs in one transaction. */
export function seedDatabase(db: DB, opts: SeedOptions = {}): SeedResult {
  const articleCount = opts.articles ?? 300;
  const seed = opts.seed ?? DEFAULT_SEED;
  const started = performance.now();
  const rng = new Rng(seed);
  const names = new NameMaker(rng);
  let issueCount = 0;

  db.transaction(() => {
    // --- journals, columns, issues ---
    const insJournal = db.prepare(`INSERT INTO journals (id, gch, name, name_en, issn, cn, sponsor, publisher,
      editor_in_chief, frequency, founded_year, cover, introduction, labels, accepts_contribution, doi_prefix,
      email, phone, address, sort) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
    const insColumn = db.prepare('INSERT INTO columns (id, journal_id, name, name_en, sort) VALUES (?,?,?,?,?)');
    const insIssue = db.prepare(`INSERT INTO issues (id, journal_id, year, volume, issue_no, total_no, publish_date)
      VALUES (?,?,?,?,?,?,?)`);

    interface IssueRow {
      id: number;
      year: number;
      issueNo: number;
      date: string;
      nextPage: number;
      nextSeq: number;
    }
    interface JournalState {
      id: number;
      gch: string;
      doiPrefix: string;
      columns: { id: number; def: ColumnDef }[];
      issues: IssueRow[];
    }
    const journals: JournalState[] = [];
    let columnId = 0;
    let issueId = 0;
    JOURNALS.forEach((j, ji) => {
      const id = ji + 1;
      // The cover, as the backend hands out images: the path its image host serves the file at.
      const cover = recordRecipe(db, { kind: 'cover', colour: COVER_COLOURS[ji % COVER_COLOURS.length]! }, `${j.foundedYear}-01-01 00:00:00`);
      insJournal.run(
        id,
        j.gch,
        j.name,
        j.nameEn,
        j.issn,
        j.cn,
        j.sponsor,
        j.publisher,
        j.editorInChief,
        j.frequency,
        j.foundedYear,
        previewUrlOf(cover.hash),
        j.introduction.join('\n'),
        JSON.stringify(j.labels),
        j.acceptsContribution ? 1 : 0,
        j.doiPrefix,
        j.email,
        j.phone,
        j.address,
        id,
      );
      const state: JournalState = { id, gch: j.gch, doiPrefix: j.doiPrefix, columns: [], issues: [] };
      (JOURNAL_COLUMNS[ji] ?? [0]).forEach((ci, sort) => {
        const def = COLUMNS[ci] as ColumnDef;
        insColumn.run(++columnId, id, def.zh, def.en, sort + 1);
        state.columns.push({ id: columnId, def });
      });
      let totalNo = 0;
      for (let year = j.foundedYear; year <= LAST_YEAR; year++) {
        (ISSUE_MONTHS[j.issuesPerYear] ?? [12]).forEach((month, idx) => {
          const date = dayOfIssue(year, month);
          insIssue.run(++issueId, id, year, year - j.foundedYear + 1, idx + 1, ++totalNo, date);
          state.issues.push({ id: issueId, year, issueNo: idx + 1, date, nextPage: 1, nextSeq: 1 });
        });
      }
      journals.push(state);
    });
    issueCount = issueId;

    // --- experts ---
    const insExpert = db.prepare(`INSERT INTO experts (id, name, gender, title, institution, education,
      research_fields, biography, avatar, citation_count, download_count, h_index) VALUES (?,?,?,?,?,?,?,?,NULL,?,?,?)`);
    const experts: { id: number; name: string; institution: string }[] = [];
    for (let id = 1; id <= EXPERT_COUNT; id++) {
      const name = names.make(true);
      const title = rng.pick(TITLES);
      const institution = rng.pick(INSTITUTIONS);
      const fields = rng.sample(RESEARCH_FIELDS, rng.int(2, 3));
      const bio =
        `${name}，${institution}${title}${title.includes('教授') || title === '研究员' ? '、博士生导师' : ''}，法学博士。` +
        `主要研究方向为${fields.join('、')}。兼任中国法学会网络与信息法学研究会理事。` +
        // The bio names no paper count: 发文量 is what the platform lists (the draw keeps the sequence).
        `在《中国法学》《法学研究》《中外法学》等期刊发表学术论文${rng.int(20, 90) ? '多篇' : ''}，` +
        `主持国家社会科学基金项目${rng.int(1, 3)}项，出版专著${rng.int(1, 4)}部。`;
      const citations = rng.int(80, 3200);
      insExpert.run(
        id,
        name,
        rng.chance(0.7) ? 1 : 2,
        title,
        institution,
        '博士研究生',
        JSON.stringify(fields),
        bio,
        citations,
        rng.int(2000, 60000),
        Math.max(3, Math.round(Math.sqrt(citations) / 2.2)),
      );
      experts.push({ id, name, institution });
    }

    // --- articles ---
    const insArticle = db.prepare(`INSERT INTO articles (id, journal_id, issue_id, column_id, title, title_en,
      abstract, abstract_en, keywords, keywords_en, keywords_text, authors_text, institutions_text, fund, clc, doi,
      weipu_id, first_page, last_page, received_date, revised_date, accepted_date, published_date, year, views,
      downloads, selected, pdf_hash) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
    const insAuthor = db.prepare(`INSERT INTO article_authors (article_id, seq, name, institution, expert_id,
      corresponding, name_en) VALUES (?,?,?,?,?,?,?)`);
    const insFts = db.prepare(`INSERT INTO articles_fts (rowid, title, abstract, author, institution, keyword, fund)
      VALUES (?,?,?,?,?,?,?)`);
    const journalWeights = JOURNALS.map((j) => j.weight);

    const usedTitles = new Set<string>();
    for (let id = 1; id <= articleCount; id++) {
      const journal = journals[rng.weighted(journalWeights)] as JournalState;
      const issue = rng.pick(journal.issues);
      const column = rng.pick(journal.columns);
      const def = column.def;
      const topic = rng.pick(def.topics);
      const aspect = rng.pick(ASPECTS);
      const law = rng.pick(LAWS);
      const n = rng.int(60, 480);
      // The seed's draw picks the kind of title; the article's own generator the wording, so the rest of the seed stays as it was.
      const wording = new Rng(hash32(`title-${seed}-${id}`));
      const made = makeTitle(rng.weighted([5, 2, 3, 2, 2, 2]), wording, {
        topic,
        aspect,
        law,
        n,
        keyword: wording.pick(def.keywords.map((zh, i) => ({ zh, en: def.keywordsEn[i] ?? zh }))),
      });
      // Two papers never share a title: a repeat gets a subtitle of its own, never one that repeats a word of the title.
      const vars = { a: aspect.zh, l: law.zh, n, t: topic.zh };
      const title = uniqueTitle(
        made.zh,
        usedTitles,
        TITLE_SUBTITLES.map((subtitle) => fill(subtitle, vars)).filter(
          (subtitle) => ![aspect.zh, law.zh, topic.zh].some((phrase) => subtitle.includes(phrase) && made.zh.includes(phrase)),
        ),
      );
      const titleEn = made.en;

      const kwIdx = rng.sample(
        def.keywords.map((_, i) => i),
        rng.int(3, 5),
      );
      const keywords = kwIdx.map((i) => def.keywords[i] as string);
      const keywordsEn = kwIdx.map((i) => def.keywordsEn[i] as string);
      const abstract = makeAbstract(rng, { t: topic.zh, l: law.zh, k: keywords[0] as string, a: aspect.zh, n });
      const abstractEn = [
        fill(rng.pick(ABS_EN_OPEN), { t: lowerFirst(topic.en), T: upperFirst(topic.en), l: law.en }),
        ...rng.sample(ABS_EN_BODY, 2).map((s) => fill(s, { t: lowerFirst(topic.en) })),
        rng.pick(ABS_EN_CLOSE),
      ].join(' ');

      // authors: first author is an expert a third of the time
      const authorCount = 1 + rng.weighted([30, 35, 20, 8, 4, 3]);
      const authors: { name: string; institution: string; expertId: number | null }[] = [];
      const usedExperts = new Set<number>();
      for (let s = 0; s < authorCount; s++) {
        if (rng.chance(s === 0 ? 0.35 : 0.08)) {
          const e = rng.pick(experts);
          if (!usedExperts.has(e.id)) {
            usedExperts.add(e.id);
            authors.push({ name: e.name, institution: e.institution, expertId: e.id });
            continue;
          }
        }
        const prev = authors[s - 1];
        const institution = prev && rng.chance(0.5) ? prev.institution : rng.pick(INSTITUTIONS);
        authors.push({ name: names.make(), institution, expertId: null });
      }

      let fund: string | null = null;
      if (rng.chance(0.7)) {
        const funds: string[] = [];
        const count = rng.chance(0.15) ? 2 : 1;
        for (let f = 0; f < count; f++) {
          const kind = rng.pick(FUND_KINDS);
          funds.push(`${kind.zh}“${topic.zh}${rng.pick(FUND_SUBJECTS)}”(${kind.code(() => rng.float())})`);
        }
        fund = funds.join('；');
      }

      const pages = rng.int(12, 28);
      const firstPage = issue.nextPage;
      issue.nextPage += pages;
      const seq = issue.nextSeq++;
      const doi = `${journal.doiPrefix}/j.cnki.${journal.gch.toLowerCase()}.${issue.year}.${String(issue.issueNo).padStart(2, '0')}.${String(seq).padStart(3, '0')}`;
      const accepted = addDays(issue.date, -rng.int(20, 90));
      const revised = addDays(accepted, -rng.int(10, 60));
      const received = addDays(revised, -rng.int(30, 150));
      const views = 50 + rng.skewed(20000);
      const downloads = Math.floor(views * (0.1 + rng.float() * 0.4));
      const institutions = [...new Set(authors.map((a) => a.institution))];

      insArticle.run(
        id,
        journal.id,
        issue.id,
        column.id,
        title,
        titleEn,
        abstract,
        abstractEn,
        JSON.stringify(keywords),
        JSON.stringify(keywordsEn),
        keywords.join('；'),
        authors.map((a) => a.name).join('；'),
        institutions.join('；'),
        fund,
        rng.pick(def.clc),
        doi,
        String(7100000000 + id * 13),
        firstPage,
        firstPage + pages - 1,
        received,
        revised,
        accepted,
        issue.date,
        issue.year,
        views,
        downloads,
        rng.chance(0.08) ? 1 : 0,
        pdfHashFor(id),
      );
      authors.forEach((a, s) => {
        // Every tenth article's record lacks English names, as older records of real journals do.
        insAuthor.run(id, s + 1, a.name, a.institution, a.expertId, s === authors.length - 1 ? 1 : 0, id % 10 === 0 ? null : englishName(a.name));
      });
      insFts.run(id, title, abstract, authors.map((a) => a.name).join('；'), institutions.join('；'), keywords.join('；'), fund ?? '');
    }

    db.exec(MARK_ONLINE_FIRST);
    seedBoard(db, rng, names);
    creditBoardMembers(db);
    seedNews(db, rng, opts.today ?? fmtDay(new Date()));
    seedSiteData(db);
    seedAccounts(db, rng);
    seedSubmissions(db);
    settleExpertStats(db);

    const meta = db.prepare('INSERT INTO sandbox_meta (key, value) VALUES (?, ?)');
    meta.run('seeded', '1');
    meta.run('articles', String(articleCount));
    meta.run('seed', String(seed));
    meta.run('base_date', BASE_DATE);
  })();
  clearArticleCaches(db);

  return {
    journals: JOURNALS.length,
    issues: issueCount,
    articles: articleCount,
    experts: EXPERT_COUNT,
    ms: Math.round(performance.now() - started),
  };
}

/** A title of the given kind (TITLE_TEMPLATES), its wording drawn by the article's own generator. */
function makeTitle(kind: number, wording: Rng, parts: { topic: Pair; aspect: Pair; law: Pair; keyword: Pair; n: number }): Pair {
  const template = wording.pick(TITLE_TEMPLATES[kind] ?? TITLE_TEMPLATES[0]!);
  const { topic, aspect, law, keyword, n } = parts;
  const titleCase = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
  return {
    zh: fill(template.zh, { t: topic.zh, a: aspect.zh, l: law.zh, k: keyword.zh, n }),
    en: upperFirst(fill(template.en, { T: topic.en, A: aspect.en, L: law.en, K: titleCase(keyword.en), n })),
  };
}

/** Chinese abstract of 150-300 characters assembled from the sentence banks. */
function makeAbstract(rng: Rng, vars: Record<string, string | number>): string {
  const parts = [ABS_OPEN, ABS_PROBLEM, ABS_METHOD, ABS_CLAIM, ABS_PROPOSAL, ABS_CLOSE].map((bank) => fill(rng.pick(bank), vars));
  let text = parts.join('');
  // Drop optional sentences (closing, then method) until the abstract fits.
  for (const drop of [5, 2, 1]) {
    if (text.length <= 300) break;
    parts[drop] = '';
    text = parts.join('');
  }
  if (text.length < 150) text += fill(rng.pick(ABS_PROBLEM), vars);
  return text;
}

function seedBoard(db: DB, rng: Rng, names: NameMaker): void {
  const ins = db.prepare(`INSERT INTO editorial_board (id, journal_id, name, role, role_level, title, institution,
    research_fields, bio, avatar, sort) VALUES (?,?,?,?,?,?,?,?,?,NULL,?)`);
  let id = 0;
  for (const r of BOARD_ROLES) {
    for (let i = 0; i < r.count; i++) {
      id++;
      const name = id === 1 ? (JOURNALS[0] as { editorInChief: string }).editorInChief : names.make(true);
      const institution = id === 1 ? '中国人民大学法学院' : rng.pick(INSTITUTIONS);
      const title = r.level === 3 ? rng.pick(TITLES) : '教授';
      const fields = rng.sample(RESEARCH_FIELDS, 2);
      const bio =
        `${name}，${institution}${title}，《数据法学》${r.role}。研究领域为${fields.join('、')}，` +
        `代表作有《${rng.pick(COLUMNS).topics[0]?.zh ?? '数据法'}研究》等。曾获教育部高等学校科学研究优秀成果奖（人文社会科学）${rng.pick(['一等奖', '二等奖', '三等奖'])}。`;
      ins.run(id, 1, name, r.role, r.level, title, institution, JSON.stringify(fields), bio, id);
    }
  }
}

/**
 * Board members publish too: every fourth member (the editor-in-chief first) is added as the
 * last co-author of two papers of the journal they serve, with the search index kept in step.
 * Runs after the articles, without drawing from the generator, so nothing else changes.
 */
function creditBoardMembers(db: DB): void {
  const members = db.prepare('SELECT id, journal_id, name, institution FROM editorial_board WHERE id % 4 = 1 ORDER BY id').all() as {
    id: number;
    journal_id: number;
    name: string;
    institution: string;
  }[];
  const pick = db.prepare(`SELECT id, title, abstract, authors_text, institutions_text, keywords_text, fund FROM articles
    WHERE journal_id = ? AND id > 20 AND id % 9 = ? ORDER BY id LIMIT 2`);
  members.forEach((m, index) => {
    const rows = pick.all(m.journal_id, index % 9) as {
      id: number;
      title: string;
      abstract: string;
      authors_text: string;
      institutions_text: string;
      keywords_text: string;
      fund: string | null;
    }[];
    for (const a of rows) {
      const authors = `${a.authors_text}；${m.name}`;
      const institutions = a.institutions_text.split('；').includes(m.institution) ? a.institutions_text : `${a.institutions_text}；${m.institution}`;
      const seq = (db.prepare('SELECT max(seq) AS n FROM article_authors WHERE article_id = ?').get(a.id) as { n: number }).n + 1;
      db.prepare('INSERT INTO article_authors (article_id, seq, name, institution, expert_id, corresponding, name_en) VALUES (?,?,?,?,NULL,0,?)').run(
        a.id,
        seq,
        m.name,
        m.institution,
        a.id % 10 === 0 ? null : englishName(m.name),
      );
      db.prepare(`INSERT INTO articles_fts (articles_fts, rowid, title, abstract, author, institution, keyword, fund) VALUES ('delete',?,?,?,?,?,?,?)`).run(
        a.id,
        a.title,
        a.abstract,
        a.authors_text,
        a.institutions_text,
        a.keywords_text,
        a.fund ?? '',
      );
      db.prepare('UPDATE articles SET authors_text = ?, institutions_text = ? WHERE id = ?').run(authors, institutions, a.id);
      db.prepare('INSERT INTO articles_fts (rowid, title, abstract, author, institution, keyword, fund) VALUES (?,?,?,?,?,?,?)').run(
        a.id,
        a.title,
        a.abstract,
        authors,
        institutions,
        a.keywords_text,
        a.fund ?? '',
      );
    }
  });
}

/**
 * 发文量 is the number of papers the sandbox lists for the expert; the generated citation
 * figures are then brought within reach of it: H指数 at most the papers (and at least 1
 * with one), 被引 at least H² and at most 60 per paper.
 */
function settleExpertStats(db: DB): void {
  db.exec(`UPDATE experts SET paper_count = (SELECT count(*) FROM article_authors aa WHERE aa.expert_id = experts.id)`);
  db.exec(`UPDATE experts SET h_index = max(min(h_index, paper_count), min(paper_count, 1))`);
  db.exec(`UPDATE experts SET citation_count = max(h_index * h_index, min(citation_count, paper_count * 60))`);
}

function seedNews(db: DB, rng: Rng, today: string): void {
  const ins = db.prepare(`INSERT INTO news (id, type, title, summary, content, source, author, publish_date, cover,
    views) VALUES (?,?,?,?,?,?,?,?,NULL,?)`);
  const topics = COLUMNS.flatMap((c) => c.topics.map((t) => t.zh));
  let id = 0;
  let date = today;
  const usedTitles = new Set<string>();
  // Paragraphs of a news item; one starting with "## " is a subheading.
  const add = (type: number, headline: string, paragraphs: string[], source: string) => {
    date = addDays(date, -rng.int(2, 9));
    // The same event twice (two units, one name) is numbered: （二）, （三） …
    let title = headline;
    for (let n = 0; usedTitles.has(title); n++) title = `${headline}（${'二三四五六七八九'[n % 8]}）`;
    usedTitles.add(title);
    const content =
      paragraphs.map((p) => (p.startsWith('## ') ? `<h3>${p.slice(3)}</h3>` : `<p>${p}</p>`)).join('') + `<p><strong>（来源：${source}）</strong></p>`;
    const first = paragraphs[0] ?? '';
    ins.run(
      ++id,
      type,
      title,
      first.length > 90 ? `${first.slice(0, 88)}……` : first,
      content,
      source,
      rng.chance(0.5) ? '编辑部' : personName(rng),
      date,
      rng.int(80, 6000),
    );
  };
  // type 1: cooperating-unit news, the body telling the event its title names
  for (let i = 0; i < 36; i++) {
    const org = rng.pick(NEWS_ORGS);
    const topic = rng.pick(topics);
    const event = rng.pick(NEWS_EVENTS.map((_, index) => index));
    const vars = { o: org, t: topic, n: rng.int(2, 9) };
    add(
      1,
      org + fill(NEWS_EVENTS[event] as string, vars),
      (NEWS_EVENT_BODIES[event] ?? []).map((p) => fill(p, vars)),
      rng.chance(0.7) ? (NEWS_SOURCES[0] as string) : org,
    );
  }
  // type 2: industry news; the second round are experts reading the same news
  date = today;
  for (let i = 0; i < 30; i++) {
    const index = i % INDUSTRY_NEWS.length;
    const base = INDUSTRY_NEWS[index] as string;
    const reading = i >= INDUSTRY_NEWS.length;
    const topic = rng.pick(topics);
    const gist = INDUSTRY_NEWS_GISTS[index] as string;
    add(
      2,
      reading ? `专家解读：${base}` : base,
      reading
        ? [
            `${base}。${gist}`,
            '## 专家解读',
            `有专家指出，这一动向与${topic}密切相关，释放了规则进一步细化的信号。`,
            '专家建议，相关企业应当及时开展合规自查，完善内部数据治理制度，并关注后续配套细则的出台。',
          ]
        : [`${base}。`, gist, '业内人士认为，相关举措有助于稳定市场主体的合规预期，后续实施效果有待观察。'],
      rng.pick(NEWS_SOURCES.slice(1)),
    );
  }
  // industry hotspots
  const insHot = db.prepare(`INSERT INTO hotspots (id, title, summary, content, tag, heat, publish_date, views, sort)
    VALUES (?,?,?,?,?,?,?,?,?)`);
  HOTSPOTS.forEach((title, i) => {
    const summary = `围绕“${title}”的讨论持续升温，学界与实务界从不同角度提出了制度完善建议。`;
    const content =
      `<p>${summary}</p><p>本专题汇集本平台近年刊发的相关论文与行业资讯，供读者参考。</p>` +
      `<ul><li>规范依据与适用难点</li><li>典型案例与监管实践</li><li>域外经验比较</li></ul>`;
    insHot.run(
      i + 1,
      title,
      summary,
      content,
      i < 3 ? '热' : i < 5 ? '新' : null,
      98000 - i * 6137 - rng.int(0, 900),
      addDays(today, -(i * 4 + rng.int(0, 3))),
      rng.int(300, 9000),
      i + 1,
    );
  });
}

function personName(rng: Rng): string {
  return rng.pick(SURNAMES) + rng.pick(GIVEN) + (rng.chance(0.5) ? rng.pick(GIVEN) : '');
}

function seedSiteData(db: DB): void {
  const ins = db.prepare(`INSERT INTO footer_links (id, type, title, link_address, link_status, link_type, sort)
    VALUES (?,?,?,?,?,?,?)`);
  let id = 0;
  for (const g of FOOTER_GROUPS) {
    g.links.forEach((l, i) => ins.run(++id, g.type, l.title, l.url, l.status ?? 1, l.linkType ?? 2, i + 1));
  }
  db.prepare('INSERT INTO notices (id, type, title, content, update_time) VALUES (?,?,?,?,?)').run(1, 1, '温馨提示', NOTICE_HTML, `${BASE_DATE} 09:00:00`);
}

function seedAccounts(db: DB, rng: Rng): void {
  const insRole = db.prepare('INSERT INTO roles (id, type, name) VALUES (?,?,?)');
  for (const r of ROLES) insRole.run(r.id, r.type, r.name);
  const insUser = db.prepare(`INSERT INTO employees (id, username, mobile, mailbox, real_name, password_hash, salt,
    head_img_url, type, openid, created_at) VALUES (?,?,?,?,?,?,?,NULL,1,?,?)`);
  const insUserRole = db.prepare('INSERT INTO employee_roles (employee_id, role_id) VALUES (?,?)');
  const users = [
    { id: 1, username: 'demo_author', mobile: '13800000001', realName: '张晓明', roleId: AUTHOR_ROLE_ID, openid: 'sandbox-openid-demo-author' },
    { id: 2, username: 'demo_reader', mobile: '13800000002', realName: '李思远', roleId: 12, openid: null },
  ];
  for (const u of users) {
    // Deterministic salt so that the same seed gives the same rows.
    const salt = Array.from({ length: 16 }, () => rng.int(0, 255).toString(16).padStart(2, '0')).join('');
    insUser.run(
      u.id,
      u.username,
      u.mobile,
      `${u.username}@example.com`,
      u.realName,
      hashPasswordSync(DEMO_PASSWORD, salt),
      salt,
      u.openid,
      `${BASE_DATE} 08:00:00`,
    );
    insUserRole.run(u.id, u.roleId);
  }
  const insMsg = db.prepare('INSERT INTO messages (id, employee_id, title, content, is_read, create_time) VALUES (?,?,?,?,?,?)');
  [
    ['欢迎使用数据法学期刊平台', '您的账号已开通作者权限，可在线投稿并跟踪稿件进度。', 1],
    ['稿件状态更新', '您投稿的《数据产权结构性分置的法理基础》已进入外审阶段。', 0],
    ['缴费提醒', '您的稿件已确认校样，请在15个工作日内在“我的稿件”中缴纳版面费。', 0],
    ['系统维护通知', '平台将于本周六凌晨2:00-4:00进行系统维护，届时暂停服务。', 1],
  ].forEach(([title, content, read], i) => insMsg.run(i + 1, 1, title, content, read, `${addDays(BASE_DATE, -(i * 6 + 1))} 10:00:00`));
}

/** `title`, or the first of its subtitled variants no earlier item used; remembered in `used`. */
function uniqueTitle(title: string, used: Set<string>, subtitles: string[]): string {
  let chosen = title;
  // A title with a subtitle of its own gets another subtitle instead of a second one.
  const base = title.split('——')[0] as string;
  for (let i = 0; used.has(chosen); i++) {
    const subtitle = subtitles[i % subtitles.length] as string;
    chosen = i < subtitles.length ? `${base}——${subtitle}` : `${base}——${subtitle}（${Math.floor(i / subtitles.length) + 1}）`;
  }
  used.add(chosen);
  return chosen;
}
