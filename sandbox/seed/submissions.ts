// Seed of the submission and personal-centre data: themes, issue plans, code tables,
// lottery activities, and demo_author's manuscripts (in several stages), favourites,
// history, profile and messages. Fixed dates, no randomness: same rows every time.
import type { DB } from '../db.js';
import { recordRecipe, type Recipe } from '../files.js';
import { addEvent, addFile, replaceAuthors, transition, type AuthorInput, type Stage } from '../manuscripts.js';
import { seedCodings } from '../routes/platform.js';
import { JOURNALS } from './banks.js';

const DEMO_AUTHOR = 1;

const PLAN_MONTHS: Record<number, number[]> = { 6: [2, 4, 6, 8, 10, 12], 4: [3, 6, 9, 12], 2: [6, 12] };

interface SeedManuscript {
  journalId: number;
  column: number; // index into the journal's columns
  title: string;
  titleEn: string;
  abstract: string;
  keywords: string[];
  fund: string | null;
  coauthors: { name: string; institution: string }[];
  /** Stage path after submission, each with its date. */
  steps: [Stage, string, string?][];
  submitted: string;
  linkArticle?: boolean;
}

const ME = {
  name: '张晓明',
  nameEn: 'Zhang Xiaoming',
  institution: '中国人民大学法学院',
  email: 'demo_author@example.com',
  mobile: '13800000001',
  title: '副教授',
};

const MANUSCRIPTS: SeedManuscript[] = [
  {
    journalId: 1,
    column: 0,
    title: '数据产权结构性分置的法理基础',
    titleEn: 'The Jurisprudential Basis of the Structural Separation of Data Property Rights',
    abstract:
      '数据产权结构性分置是我国数据基础制度的核心安排。本文从财产权理论出发，分析数据资源持有权、数据加工使用权和数据产品经营权三权分置的正当性基础，认为其本质在于以场景化的权利束回应数据的非竞争性与多主体贡献特征。文章进一步讨论三权之间的边界与冲突规则，主张以登记公示和合同治理相结合的方式实现权利的稳定预期，并就数据产权的司法保护提出建议。',
    keywords: ['数据产权', '结构性分置', '数据资源持有权', '权利束'],
    fund: '国家社会科学基金重大项目“数据产权制度构建研究”(23&ZD154)',
    coauthors: [{ name: '王静怡', institution: '中国人民大学法学院' }],
    submitted: '2025-10-20 09:30:00',
    steps: [
      ['initial_review', '2025-10-22 10:00:00'],
      ['external_review', '2025-11-05 15:20:00'],
    ],
  },
  {
    journalId: 1,
    column: 1,
    title: '个人信息处理者告知义务的规范构造',
    titleEn: 'The Normative Structure of the Duty to Inform of Personal Information Handlers',
    abstract:
      '告知义务是个人信息处理规则的起点。本文梳理《个人信息保护法》第十七条的规范内容，指出告知的对象、时点与方式应当与处理目的和风险程度相匹配。针对实践中“一揽子告知”和隐私政策冗长的问题，文章主张引入分层告知与即时告知机制，并区分告知义务违反的公法责任与私法后果，以增强告知规则的可操作性。',
    keywords: ['个人信息保护', '告知义务', '隐私政策', '分层告知'],
    fund: '教育部人文社会科学研究青年基金项目(24YJC820031)',
    coauthors: [{ name: '陈思远', institution: '清华大学法学院' }],
    submitted: '2025-09-08 14:00:00',
    steps: [
      ['initial_review', '2025-09-10 09:00:00'],
      ['external_review', '2025-09-25 11:00:00'],
      ['revision', '2025-12-10 16:30:00'],
    ],
  },
  {
    journalId: 2,
    column: 0,
    title: '公共数据授权运营的法律规制',
    titleEn: 'Legal Regulation of the Authorized Operation of Public Data',
    abstract:
      '公共数据授权运营是释放公共数据价值的重要路径。本文考察各地授权运营实践，指出当前存在授权依据不明、运营主体遴选不透明、收益分配规则缺位等问题。文章认为应以行政许可与行政协议相结合的框架界定授权关系，建立公开竞争的遴选程序和成本补偿为主的收费机制，并强化对运营行为的安全审查与绩效评估。',
    keywords: ['公共数据', '授权运营', '行政协议', '数据要素'],
    fund: null,
    coauthors: [],
    submitted: '2025-07-15 10:00:00',
    steps: [
      ['initial_review', '2025-07-17 09:30:00'],
      ['external_review', '2025-08-01 10:00:00'],
      ['accepted', '2025-12-18 09:00:00'],
    ],
  },
  {
    journalId: 1,
    column: 2,
    title: '算法推荐服务提供者的注意义务',
    titleEn: 'The Duty of Care of Algorithmic Recommendation Service Providers',
    abstract:
      '算法推荐服务深刻改变了信息传播秩序。本文以《互联网信息服务算法推荐管理规定》为中心，讨论算法推荐服务提供者注意义务的来源、内容与边界，认为应区分一般性审核义务与特定风险场景下的高度注意义务，并结合技术可行性与成本收益确定合理的注意标准，为平台责任的司法认定提供可操作的分析框架。',
    keywords: ['算法推荐', '注意义务', '平台责任', '算法治理'],
    fund: '北京市社会科学基金项目(24FXB012)',
    coauthors: [{ name: '刘一鸣', institution: '北京大学法学院' }],
    submitted: '2025-05-06 09:00:00',
    steps: [
      ['initial_review', '2025-05-08 09:00:00'],
      ['external_review', '2025-05-20 10:00:00'],
      ['accepted', '2025-09-30 10:00:00'],
      ['proof', '2025-11-10 10:00:00'],
      ['payment', '2025-12-20 10:00:00'],
    ],
  },
  {
    journalId: 1,
    column: 3,
    title: '数据跨境流动安全评估制度的完善',
    titleEn: 'Improving the Security Assessment System for Cross-border Data Flows',
    abstract:
      '数据出境安全评估是我国数据跨境流动监管的核心工具。本文梳理安全评估制度从《网络安全法》到《数据出境安全评估办法》再到《促进和规范数据跨境流动规定》的演进脉络，结合已公开的评估案例，分析评估触发标准、评估要素与评估期限在实践中的适用难点。研究认为，应进一步细化重要数据的识别规则与目录管理，完善评估结果的有效期、变更与再评估机制，明确企业自评估与监管评估的衔接，并与标准合同、个人信息保护认证等出境路径形成梯度化、可预期的监管体系。',
    keywords: ['数据跨境流动', '安全评估', '重要数据', '数据出境'],
    fund: null,
    coauthors: [],
    submitted: '2025-01-10 09:00:00',
    steps: [
      ['initial_review', '2025-01-12 09:00:00'],
      ['external_review', '2025-01-25 09:00:00'],
      ['accepted', '2025-04-02 09:00:00'],
      ['proof', '2025-05-10 09:00:00'],
      ['payment', '2025-05-20 09:00:00'],
      ['published', '2025-06-25 09:00:00'],
    ],
    linkArticle: true,
  },
  {
    journalId: 2,
    column: 1,
    title: '生成式人工智能训练数据的合理使用',
    titleEn: 'Fair Use of Training Data for Generative Artificial Intelligence',
    abstract:
      '生成式人工智能的模型训练需要大量使用受著作权保护的作品。本文比较域外文本与数据挖掘例外的立法经验，分析我国著作权法合理使用条款的解释空间，认为可以通过扩张解释与增设法定许可相结合的方式平衡权利人利益与技术创新需求，并对训练数据的来源合法性提出审查要求。',
    keywords: ['生成式人工智能', '训练数据', '合理使用', '著作权'],
    fund: null,
    coauthors: [],
    submitted: '2025-11-02 10:00:00',
    steps: [
      ['initial_review', '2025-11-04 10:00:00'],
      ['retracted', '2025-12-05 14:00:00', '研究结论需要结合新出台的规定作较大修改，申请撤回稿件。'],
    ],
  },
];

function manuscriptDocx(m: SeedManuscript): Recipe {
  return {
    kind: 'docx',
    title: m.title,
    paragraphs: [
      { text: m.title, bold: true, size: 36, center: true },
      { text: m.titleEn, center: true },
      `作者：${[ME, ...m.coauthors].map((a) => `${a.name}（${a.institution}）`).join('；')}`,
      `摘要：${m.abstract}`,
      `关键词：${m.keywords.join('；')}`,
      ...(m.fund ? [`基金项目：${m.fund}`] : []),
      { text: '一、问题的提出', bold: true },
      `${m.abstract}（正文示例，沙箱生成。）`,
    ],
  };
}

export function seedSubmissions(db: DB): void {
  seedCodings(db);

  // Themes (征稿活动): one open, one closed per contributing journal.
  const insTheme = db.prepare('INSERT INTO themes (journal_id, title, description, start_date, end_date, sort) VALUES (?,?,?,?,?,?)');
  const THEMES: [number, string, string, string, string][] = [
    [1, '“数据要素市场化配置”专题征稿', '围绕数据产权、数据交易与收益分配等问题，面向全国学者征集高质量论文。', '2026-01-01', '2027-06-30'],
    [1, '“人工智能立法”专题征稿', '聚焦人工智能立法的体系定位、风险分级与责任配置。', '2025-03-01', '2025-09-30'],
    [2, '“公共数据开发利用”专题征稿', '征集公共数据开放、授权运营与安全治理方面的研究成果。', '2026-01-01', '2027-03-31'],
  ];
  THEMES.forEach(([j, title, desc, start, end], i) => insTheme.run(j, title, desc, start, end, i + 1));

  // Issues being put together: 2026 and 2027, capacity 12 articles each.
  const insPlan = db.prepare('INSERT INTO issue_plans (journal_id, year, issue_no, publish_date, capacity) VALUES (?,?,?,?,?)');
  JOURNALS.forEach((j, ji) => {
    for (const year of [2026, 2027]) {
      (PLAN_MONTHS[j.issuesPerYear] ?? [12]).forEach((month, idx) => insPlan.run(ji + 1, year, idx + 1, `${year}-${String(month).padStart(2, '0')}-25`, 12));
    }
  });

  const insActivity = db.prepare('INSERT INTO lottery_activities (id, name, description, start_date, end_date, prizes) VALUES (?,?,?,?,?,?)');
  insActivity.run(
    1,
    '作者签到抽奖',
    '每日签到可获得1次抽奖机会，奖品包括版面费优惠券、期刊纸本与学术书籍。',
    '2026-01-01',
    '2027-12-31',
    JSON.stringify([
      { id: 1, name: '版面费8折优惠券', level: 1, weight: 20 },
      { id: 2, name: '《数据法学》年度合订本', level: 2, weight: 60 },
      { id: 3, name: '学术书籍一本', level: 3, weight: 150 },
    ]),
  );
  insActivity.run(
    2,
    '2025年度作者回馈抽奖',
    '2025年度作者回馈活动（已结束）。',
    '2025-01-01',
    '2025-12-31',
    JSON.stringify([{ id: 4, name: '版面费9折优惠券', level: 1, weight: 100 }]),
  );

  // Sequence numbers: the 2025 numbers continue from earlier (offline) manuscripts.
  db.prepare('INSERT INTO manuscript_sequences (journal_id, year, last) VALUES (1, 2025, 86), (2, 2025, 41)').run();

  const columns = (journalId: number) =>
    (db.prepare('SELECT id FROM columns WHERE journal_id = ? ORDER BY sort').all(journalId) as { id: number }[]).map((r) => r.id);
  // The published manuscript becomes the latest article of its journal: its title, abstract,
  // keywords and author are the manuscript's, so 我的成果 credits demo_author with their own paper.
  const publishedArticle = (journalId: number) =>
    db.prepare('SELECT id FROM articles WHERE journal_id = ? ORDER BY id DESC LIMIT 1').get(journalId) as { id: number } | undefined;

  for (const m of MANUSCRIPTS) {
    const cols = columns(m.journalId);
    const created = m.submitted.replace(/\d\d:\d\d:\d\d$/, '08:00:00');
    const info = db
      .prepare(
        `INSERT INTO manuscripts (employee_id, journal_id, column_id, title, title_en, abstract, keywords, fund, paper_type,
          word_count, status, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?, '学术论文', ?, 'draft', ?, ?)`,
      )
      .run(
        DEMO_AUTHOR,
        m.journalId,
        cols[m.column] ?? cols[0] ?? null,
        m.title,
        m.titleEn,
        m.abstract,
        JSON.stringify(m.keywords),
        m.fund,
        16000 + m.title.length * 300,
        created,
        created,
      );
    const id = Number(info.lastInsertRowid);
    const authors: AuthorInput[] = [
      { ...ME, corresponding: m.coauthors.length === 0 },
      ...m.coauthors.map((a, i) => ({
        ...a,
        email: i === m.coauthors.length - 1 ? `coauthor${id}@example.com` : undefined,
        mobile: i === m.coauthors.length - 1 ? `1390000000${id % 10}` : undefined,
        corresponding: i === m.coauthors.length - 1,
      })),
    ];
    replaceAuthors(db, id, authors);
    const blob = recordRecipe(db, manuscriptDocx(m), created);
    addFile(db, id, 'original', blob.hash, `${m.title}.docx`, created);
    addEvent(db, id, 'draft', '上传稿件文件，创建草稿', '作者', created);
    transition(db, id, 'submitted', { now: m.submitted });
    for (const [stage, at, note] of m.steps) {
      if (stage === 'published') {
        db.prepare(`UPDATE payment_orders SET status = 'paid', pay_method = 'wechat', transaction_no = ?, paid_at = ? WHERE manuscript_id = ?`).run(
          `SBX${at.replace(/\D/g, '')}SEED`,
          at,
          id,
        );
        db.prepare('UPDATE manuscripts SET proof_confirmed = 1 WHERE id = ?').run(id);
        addEvent(db, id, 'payment', '作者已缴纳版面费', '作者', at);
      }
      if (stage === 'payment') db.prepare('UPDATE manuscripts SET proof_confirmed = 1 WHERE id = ?').run(id);
      transition(db, id, stage, { now: at, note });
    }
    const article = m.linkArticle ? publishedArticle(m.journalId) : undefined;
    if (article) {
      becomeArticle(db, article.id, m);
      db.prepare('UPDATE manuscripts SET article_id = ? WHERE id = ?').run(article.id, id);
    }
  }

  // The manuscript notifications are seeded as read: demo_author keeps the 2 unread
  // messages of the account seed (other tests count them).
  db.prepare('UPDATE messages SET is_read = 1 WHERE employee_id = ? AND id > 4').run(DEMO_AUTHOR);
  db.prepare('UPDATE manuscript_messages SET is_read = 1 WHERE created_at < ?').run('2025-12-01');

  // Profile, invoicing information, favourites and history.
  db.prepare(
    `INSERT INTO employee_profiles (employee_id, gender, title, institution, department, education, research_fields, address, postcode)
    VALUES (?, 1, '副教授', '中国人民大学法学院', '民商法教研室', '博士', ?, '北京市海淀区中关村大街59号', '100872')`,
  ).run(DEMO_AUTHOR, JSON.stringify(['数据法', '个人信息保护']));
  db.prepare(
    `INSERT INTO invoicing_info (employee_id, type, title, taxpayer_no, address, phone, bank, account, email, updated_at)
    VALUES (?, 2, '中国人民大学', '12100000400000624D', '北京市海淀区中关村大街59号', '010-62511081', '中国工商银行北京中关村支行', '0200000000000000000', 'caiwu@example.com', '2025-06-01 10:00:00')`,
  ).run(DEMO_AUTHOR);
  const ids = (db.prepare('SELECT id FROM articles ORDER BY id LIMIT 8').all() as { id: number }[]).map((r) => r.id);
  ids
    .slice(0, 3)
    .forEach((a, i) =>
      db
        .prepare('INSERT INTO collections (employee_id, article_id, created_at) VALUES (?,?,?)')
        .run(DEMO_AUTHOR, a, `2025-12-${String(20 + i).padStart(2, '0')} 20:00:00`),
    );
  ids
    .slice(2, 7)
    .forEach((a, i) =>
      db
        .prepare(`INSERT INTO read_records (employee_id, article_id, kind, count, last_at) VALUES (?,?, 'read', ?, ?)`)
        .run(DEMO_AUTHOR, a, 1 + (i % 3), `2025-12-${String(10 + i * 3).padStart(2, '0')} 21:15:00`),
    );
  ids
    .slice(2, 4)
    .forEach((a, i) =>
      db
        .prepare(`INSERT INTO read_records (employee_id, article_id, kind, count, last_at) VALUES (?,?, 'download', 1, ?)`)
        .run(DEMO_AUTHOR, a, `2025-12-${String(11 + i * 3).padStart(2, '0')} 21:20:00`),
    );
}

/** Rewrites an article as the published version of a seeded manuscript (search index included). */
function becomeArticle(db: DB, articleId: number, m: SeedManuscript): void {
  const old = db.prepare('SELECT title, abstract, authors_text, institutions_text, keywords_text, fund FROM articles WHERE id = ?').get(articleId) as {
    title: string;
    abstract: string;
    authors_text: string;
    institutions_text: string;
    keywords_text: string;
    fund: string | null;
  };
  // A contentless FTS5 row is removed by repeating what it indexed.
  db.prepare(`INSERT INTO articles_fts (articles_fts, rowid, title, abstract, author, institution, keyword, fund) VALUES ('delete',?,?,?,?,?,?,?)`).run(
    articleId,
    old.title,
    old.abstract,
    old.authors_text,
    old.institutions_text,
    old.keywords_text,
    old.fund ?? '',
  );
  const keywordsText = m.keywords.join('；');
  db.prepare(
    `UPDATE articles SET title = ?, title_en = ?, abstract = ?, keywords = ?, keywords_text = ?, authors_text = ?, institutions_text = ?, fund = ? WHERE id = ?`,
  ).run(m.title, m.titleEn, m.abstract, JSON.stringify(m.keywords), keywordsText, ME.name, ME.institution, m.fund, articleId);
  db.prepare('DELETE FROM article_authors WHERE article_id = ?').run(articleId);
  db.prepare('INSERT INTO article_authors (article_id, seq, name, institution, expert_id, corresponding, name_en) VALUES (?,1,?,?,NULL,1,?)').run(
    articleId,
    ME.name,
    ME.institution,
    ME.nameEn,
  );
  db.prepare(`INSERT INTO articles_fts (rowid, title, abstract, author, institution, keyword, fund) VALUES (?,?,?,?,?,?,?)`).run(
    articleId,
    m.title,
    m.abstract,
    ME.name,
    ME.institution,
    keywordsText,
    m.fund ?? '',
  );
}
