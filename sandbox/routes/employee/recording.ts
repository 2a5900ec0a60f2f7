// /manage/employee: favourites, and the reading and download history.
import { cardsByIds, requestedArticleId } from '../../articles.js';
import { nowTime } from '../../clock.js';
import type { SandboxEnv } from '../../env.js';
import { createApi, page, paging, withMessage, type Params } from '../../http.js';

export function recordingRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);
  const articleIdOf = (params: Params) => requestedArticleId(db, params);

  api.post('/employeeRecording/isCollection', ({ params, user }) => {
    const id = articleIdOf(params);
    return db.prepare('SELECT 1 FROM collections WHERE employee_id = ? AND article_id = ?').get(user().employeeId, id) !== undefined;
  });

  api.post('/employeeRecording/collection', ({ params, user }) => {
    const id = articleIdOf(params);
    db.prepare('INSERT OR IGNORE INTO collections (employee_id, article_id, created_at) VALUES (?,?,?)').run(user().employeeId, id, nowTime(db));
    return withMessage(true, '收藏成功');
  });

  api.post('/employeeRecording/cancelCollection', ({ params, user }) => {
    const id = articleIdOf(params);
    db.prepare('DELETE FROM collections WHERE employee_id = ? AND article_id = ?').run(user().employeeId, id);
    return withMessage(false, '已取消收藏');
  });

  const history = (employeeId: number, params: Params, source: 'collections' | 'read' | 'download') => {
    const p = paging(params);
    const [from, timeCol, where, args] =
      source === 'collections'
        ? ['collections', 'created_at', 'employee_id = ?', [employeeId]]
        : ['read_records', 'last_at', 'employee_id = ? AND kind = ?', [employeeId, source]];
    const total = (db.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).get(...args) as { n: number }).n;
    const rows = db
      .prepare(
        `SELECT article_id AS articleId, ${timeCol} AS time${source === 'collections' ? '' : ', count'} FROM ${from}
        WHERE ${where} ORDER BY ${timeCol} DESC, article_id DESC LIMIT ? OFFSET ?`,
      )
      .all(...args, p.size, p.offset) as { articleId: number; time: string; count?: number }[];
    const cards = new Map(
      cardsByIds(
        db,
        rows.map((r) => r.articleId),
      ).map((c) => [c.id, c]),
    );
    const timeKey = source === 'collections' ? 'collectTime' : source === 'read' ? 'readTime' : 'downloadTime';
    return page(
      rows.map((r) => ({
        paperId: r.articleId,
        [timeKey]: r.time,
        ...(r.count !== undefined ? { count: r.count } : {}),
        paper: cards.get(r.articleId) ?? null,
      })),
      total,
      p,
    );
  };

  api.post('/employeeRecording/collectionList', ({ params, user }) => history(user().employeeId, params, 'collections'));
  api.post('/employeeRecording/readRecordList', ({ params, user }) => history(user().employeeId, params, 'read'));
  api.post('/employeeRecording/downloadPdfList', ({ params, user }) => history(user().employeeId, params, 'download'));

  return api.router;
}
