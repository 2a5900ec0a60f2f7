// /manage/journal/*: what the submission pages need to know about a journal (columns,
// themes, options, submission notice) and the issue being put together (组稿, 排期).
import { z } from 'zod';
import { today, nowTime } from '../clock.js';
import type { SandboxEnv } from '../env.js';
import { bizError, createApi, optInt, optStr, parse, withMessage } from '../http.js';
import { journalByParams, remainderIssues, themeJson, type ThemeRow } from '../journals.js';
import { FORMAT_RULES, PAGE_FEE_CENTS, PARALLEL_LIMIT, STAGES, addEvent, manuscriptRow, orderOf, ownManuscript, type ManuscriptRow } from '../manuscripts.js';
import { columnsOf, journalSummary } from './content.js';
import { PAPER_TYPES, paperIdOf, uploadVerificationOpen } from './author/params.js';

function codingNames(db: SandboxEnv['db'], fatherId: number): string[] {
  return (db.prepare('SELECT name FROM codings WHERE father_id = ? ORDER BY sort').all(fatherId) as { name: string }[]).map((r) => r.name);
}

export function journalManageRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);

  const submissionInfo = (journalId: number, accepts: boolean) => ({
    acceptsContribution: accepts,
    columns: columnsOf(db, journalId),
    themes: (db.prepare('SELECT * FROM themes WHERE journal_id = ? ORDER BY sort').all(journalId) as ThemeRow[])
      .map((t) => themeJson(t, today(db)))
      .filter((t) => t.status === 'open'),
    reviewMode: '双向匿名评审',
    reviewCycleDays: 60,
  });

  api.post('/journal/getJournalByGch', ({ params }) => {
    const j = journalByParams(db, { gch: params.gch, journalId: params.journalId });
    return { ...journalSummary(db, j), ...submissionInfo(j.id, j.accepts_contribution === 1) };
  });

  api.post('/journal/show', ({ params }) => {
    const j = journalByParams(db, params);
    return {
      ...journalSummary(db, j),
      introduction: j.introduction,
      contact: { email: j.email, phone: j.phone, address: j.address },
      ...submissionInfo(j.id, j.accepts_contribution === 1),
    };
  });

  api.post('/journal/getSubmissionPremiseByGch', ({ params }) => {
    const j = journalByParams(db, { gch: params.gch, journalId: params.journalId });
    const mb = Math.round(env.uploadLimitBytes / (1024 * 1024));
    return {
      journalId: j.id,
      gch: j.gch,
      name: j.name,
      canUpload: j.accepts_contribution === 1,
      notice:
        `<h3>《${j.name}》投稿须知</h3>` +
        `<p>1. 来稿须为未公开发表的原创学术论文，严禁一稿多投；稿件正文为${FORMAT_RULES.words[0]}-${FORMAT_RULES.words[1]}字，学术不端检测的总文字复制比不超过${FORMAT_RULES.similarityMax}%。</p>` +
        `<p>2. 稿件须包括中英文标题、${FORMAT_RULES.abstract[0]}-${FORMAT_RULES.abstract[1]}字的中文摘要、${FORMAT_RULES.keywords[0]}-${FORMAT_RULES.keywords[1]}个关键词、作者简介（指定通讯作者）及基金项目（如有）。</p>` +
        `<p>3. 本刊实行双向匿名评审，初审周期约15个工作日，外审周期约45个工作日；稿件上传支持 PDF、DOC、DOCX 格式，单个文件不超过${mb}MB。</p>` +
        `<p>4. 本刊不收取审稿费；稿件录用并确认校样后收取版面费，每版${PAGE_FEE_CENTS / 100}元，只能在本平台个人中心“我的稿件”中在线缴纳，编辑部不会通过个人账户收取任何费用。</p>` +
        `<p>5. 联系方式：${j.email}，${j.phone}。</p>`,
      agreements: [
        {
          type: 'originality',
          title: '原创性声明',
          content: '本人郑重声明：所投稿件系本人（及合作者）独立完成的原创成果，不存在抄袭、剽窃、一稿多投等学术不端行为。',
        },
        {
          type: 'copyright',
          title: '版权转让协议',
          content: `稿件一经录用，作者同意将该文的复制权、发行权、信息网络传播权等著作财产权转让给《${j.name}》编辑部。`,
        },
      ],
      requirements: {
        fileTypes: ['pdf', 'doc', 'docx'],
        maxSizeMb: mb,
        wordCount: { min: FORMAT_RULES.words[0], max: FORMAT_RULES.words[1] },
        abstractLength: { min: FORMAT_RULES.abstract[0], max: FORMAT_RULES.abstract[1] },
        keywordCount: { min: FORMAT_RULES.keywords[0], max: FORMAT_RULES.keywords[1] },
        parallelLimit: PARALLEL_LIMIT,
      },
      templates: [
        { type: 1, name: '投稿模板' },
        { type: 2, name: '版权转让协议' },
        { type: 3, name: '原创性声明' },
      ],
    };
  });

  api.post('/column/getColumnByPartId', ({ params }) => {
    const j = journalByParams(db, { journalId: params.partId ?? params.journalId, gch: params.gch });
    return columnsOf(db, j.id);
  });

  api.post('/theme/getThemeInclusionStatusByJournalId', ({ params }) => {
    const j = journalByParams(db, params);
    const themes = (db.prepare('SELECT * FROM themes WHERE journal_id = ?').all(j.id) as ThemeRow[]).map((t) => themeJson(t, today(db)));
    const openCount = themes.filter((t) => t.status === 'open').length;
    return { journalId: j.id, hasTheme: openCount > 0, openCount, total: themes.length };
  });

  api.post('/theme/getThemeByJournalId', ({ params }) => {
    const j = journalByParams(db, params);
    const { status } = parse(z.object({ status: optStr() }), params);
    return (db.prepare('SELECT * FROM themes WHERE journal_id = ? ORDER BY sort').all(j.id) as ThemeRow[])
      .map((t) => themeJson(t, today(db)))
      .filter((t) => !status || t.status === status);
  });

  api.post('/option/getOptionByJournalId', ({ params }) => {
    const j = journalByParams(db, params);
    return {
      journalId: j.id,
      paperTypes: PAPER_TYPES,
      titles: codingNames(db, 1),
      degrees: codingNames(db, 2),
      fundLevels: codingNames(db, 3),
      reviewMode: '双向匿名评审',
      pageFee: PAGE_FEE_CENTS / 100,
      pageFeeUnit: '元/版',
      parallelLimit: PARALLEL_LIMIT,
      uploadLimitMb: Math.round(env.uploadLimitBytes / (1024 * 1024)),
      uploadVerification: uploadVerificationOpen(env),
    };
  });

  // --- issues ---

  api.post('/issue/whetherCanBePaid', ({ params, user }) => {
    const row = ownManuscript(db, user().employeeId, paperIdOf(params));
    const order = orderOf(db, row.id);
    let reason = '可以缴费';
    if (order?.status === 'paid') reason = '版面费已缴纳';
    else if (row.status !== 'payment') reason = `稿件当前状态为“${STAGES[row.status]}”，暂不需要缴费`;
    return {
      paperId: row.id,
      canPay: row.status === 'payment' && order?.status !== 'paid',
      paid: order?.status === 'paid',
      reason,
      orderNo: order?.order_no ?? null,
      amount: order ? order.amount / 100 : null,
    };
  });

  const byColumn = (planId: number) =>
    db
      .prepare(
        `SELECT m.column_id AS columnId, c.name AS columnName, count(*) AS count FROM manuscripts m
        LEFT JOIN columns c ON c.id = m.column_id
        WHERE m.planned_issue_id = ? AND m.status NOT IN ('rejected','retracted') GROUP BY m.column_id ORDER BY c.sort`,
      )
      .all(planId);

  api.post('/issue/queryDocumentLoad', ({ params }) => {
    const j = journalByParams(db, params);
    return remainderIssues(db, j.id, today(db)).map((p) => ({ ...p, columns: byColumn(p.id) }));
  });

  const planOf = (journalId: number, issueId: number | undefined) => {
    const plans = remainderIssues(db, journalId, today(db));
    const plan = issueId ? plans.find((p) => p.id === issueId) : plans[0];
    if (!plan) throw bizError('刊期不存在', 404);
    return plan;
  };

  api.post('/issue/askForSelection', ({ params, user }) => {
    const row = ownManuscript(db, user().employeeId, paperIdOf(params));
    const { issueId } = parse(z.object({ issueId: optInt() }), params);
    const options = remainderIssues(db, row.journal_id, today(db));
    if (issueId === undefined) {
      return { paperId: row.id, current: remainderIssues(db, row.journal_id).find((o) => o.id === row.planned_issue_id) ?? null, options };
    }
    if (!['accepted', 'proof', 'payment'].includes(row.status)) throw bizError('稿件录用后才能选择刊期');
    const plan = options.find((o) => o.id === issueId);
    if (!plan) throw bizError('刊期不存在', 404);
    if (plan.remainder <= 0 && row.planned_issue_id !== plan.id) throw bizError('该期版面已满，请选择其他刊期');
    const t = nowTime(db);
    db.transaction(() => {
      db.prepare('UPDATE manuscripts SET planned_issue_id = ?, updated_at = ? WHERE id = ?').run(plan.id, t, row.id);
      addEvent(db, row.id, row.status, `作者选择刊期：${plan.year}年第${plan.issueNo}期`, '作者', t);
    })();
    const fresh = manuscriptRow(db, row.id) as ManuscriptRow;
    return withMessage(
      {
        paperId: fresh.id,
        current: remainderIssues(db, row.journal_id).find((o) => o.id === fresh.planned_issue_id) ?? null,
        options: remainderIssues(db, row.journal_id, today(db)),
      },
      '刊期选择成功',
    );
  });

  api.post('/issue/organizingSituation', ({ params }) => {
    const j = journalByParams(db, params);
    const { issueId } = parse(z.object({ issueId: optInt() }), params);
    const plan = planOf(j.id, issueId);
    const byStatus = Object.fromEntries(
      (
        db
          .prepare(`SELECT status, count(*) AS n FROM manuscripts WHERE planned_issue_id = ? AND status NOT IN ('rejected','retracted') GROUP BY status`)
          .all(plan.id) as { status: string; n: number }[]
      ).map((r) => [r.status, r.n]),
    );
    return { journalId: j.id, issue: plan, byStatus, columns: byColumn(plan.id) };
  });

  api.post('/issue/organizingProgress', ({ params, user }) => {
    const row = ownManuscript(db, user().employeeId, paperIdOf(params));
    const order = orderOf(db, row.id);
    const at = (s: string) => ['accepted', 'proof', 'payment', 'published'].indexOf(row.status) >= ['accepted', 'proof', 'payment', 'published'].indexOf(s);
    const accepted = ['accepted', 'proof', 'payment', 'published'].includes(row.status);
    const steps = [
      { name: '录用', done: accepted },
      { name: '排期', done: accepted && row.planned_issue_id !== null },
      { name: '排版校对', done: accepted && at('payment') && row.proof_confirmed === 1 },
      { name: '缴费', done: order?.status === 'paid' },
      { name: '出版', done: row.status === 'published' },
    ];
    const plan = row.planned_issue_id ? (remainderIssues(db, row.journal_id).find((p) => p.id === row.planned_issue_id) ?? null) : null;
    return {
      paperId: row.id,
      status: row.status,
      statusName: STAGES[row.status],
      issue: plan,
      steps,
      percent: Math.round((steps.filter((s) => s.done).length / steps.length) * 100),
    };
  });

  return api.router;
}
