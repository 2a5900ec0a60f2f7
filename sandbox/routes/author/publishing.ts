// /manage/author: the format check and the issue a manuscript is scheduled into.
import { z } from 'zod';
import { today } from '../../clock.js';
import type { SandboxEnv } from '../../env.js';
import { createApi, parse, reqStr, withMessage } from '../../http.js';
import { FORMAT_RULES, addEvent, manuscriptAuthors, manuscriptRow, orderOf, type ManuscriptRow } from '../../manuscripts.js';
import { journalByParams, remainderIssues } from '../../journals.js';
import { authorTools, paperIdOf } from './params.js';

export function publishingRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);
  const { now, mine } = authorTools(env);

  // --- issues, format ---

  api.post('/paper/getRemainderIssue', ({ params, user }) => {
    user();
    const raw =
      (params.journalId ?? params.gch) ? params : (params.id ?? params.paperId) ? { journalId: manuscriptRow(db, paperIdOf(params))?.journal_id } : params;
    const j = journalByParams(db, raw);
    return remainderIssues(db, j.id, today(db));
  });

  api.post('/paper/paperIsIssuePayLoadingVolume', (ctx) => {
    const row = mine(ctx);
    const order = orderOf(db, row.id);
    const plan = row.planned_issue_id
      ? db.prepare('SELECT id, year, issue_no AS issueNo, publish_date AS publishDate FROM issue_plans WHERE id = ?').get(row.planned_issue_id)
      : null;
    return {
      paperId: row.id,
      needPay: ['payment', 'published'].includes(row.status) || order !== undefined,
      paid: order?.status === 'paid',
      orderNo: order?.order_no ?? null,
      amount: order ? order.amount / 100 : null,
      scheduled: plan !== null && plan !== undefined,
      issue: plan ?? null,
      published: row.status === 'published',
    };
  });

  const formatReport = (row: ManuscriptRow) => {
    const keywords = JSON.parse(row.keywords) as string[];
    const authors = manuscriptAuthors(db, row.id);
    const { words, abstract, keywords: keywordCount, similarityMax } = FORMAT_RULES;
    const within = (n: number, [lo, hi]: readonly [number, number]) => n >= lo && n <= hi;
    const judged = (ok: boolean) => ({ ok, status: ok ? ('ok' as const) : ('failed' as const) });
    const items = [
      { name: '正文字数', value: `${row.word_count}字`, requirement: `${words[0]}-${words[1]}字`, ...judged(within(row.word_count, words)) },
      { name: '摘要', value: `${row.abstract.length}字`, requirement: `${abstract[0]}-${abstract[1]}字`, ...judged(within(row.abstract.length, abstract)) },
      {
        name: '关键词',
        value: `${keywords.length}个`,
        requirement: `${keywordCount[0]}-${keywordCount[1]}个`,
        ...judged(within(keywords.length, keywordCount)),
      },
      { name: '英文标题', value: row.title_en ? '已提供' : '未提供', requirement: '需提供', ...judged(Boolean(row.title_en)) },
      {
        name: '通讯作者',
        value: authors.some((a) => a.corresponding) ? '已指定' : '未指定',
        requirement: '需指定',
        ...judged(authors.some((a) => a.corresponding)),
      },
      // A check that has not run is neither passed nor failed: it is waiting.
      row.similarity === null
        ? { name: '学术不端检测（查重）', value: '尚未检测', requirement: `总文字复制比不超过${similarityMax}%`, ok: false, status: 'pending' as const }
        : {
            name: '学术不端检测（查重）',
            value: `${row.similarity}%`,
            requirement: `总文字复制比不超过${similarityMax}%`,
            ...judged(row.similarity <= similarityMax),
          },
    ];
    return { paperId: row.id, passed: items.every((i) => i.ok), items, remarks: row.format_remarks };
  };

  api.post('/paper/showPaperFormat', (ctx) => formatReport(mine(ctx)));

  api.post('/paper/formatCheckSubmissionRemarks', (ctx) => {
    const row = mine(ctx);
    const { remarks } = parse(z.object({ remarks: reqStr('请填写格式说明').pipe(z.string().max(1000, { error: '格式说明不能超过1000个字符' })) }), ctx.params);
    const t = now();
    db.prepare('UPDATE manuscripts SET format_remarks = ?, updated_at = ? WHERE id = ?').run(remarks, t, row.id);
    addEvent(db, row.id, row.status, '作者提交格式审查说明', '作者', t);
    return withMessage(formatReport(manuscriptRow(db, row.id) as ManuscriptRow), '提交成功');
  });

  return api.router;
}
