// /manage/author/paperMinute: likes on published articles.
import { requestedArticleId } from '../../articles.js';
import type { SandboxEnv } from '../../env.js';
import { createApi, withMessage, type Params } from '../../http.js';
import { authorTools } from './params.js';

export function likeRoutes(env: SandboxEnv) {
  const { db, log } = env;
  const api = createApi(db, log);
  const { now } = authorTools(env);

  // --- article likes (paperMinute) ---

  const articleIdOf = (params: Params) => requestedArticleId(db, params);
  const likeState = (employeeId: number, articleId: number) => ({
    paperId: articleId,
    liked: db.prepare('SELECT 1 FROM paper_likes WHERE employee_id = ? AND article_id = ?').get(employeeId, articleId) !== undefined,
    likeCount: (db.prepare('SELECT count(*) AS n FROM paper_likes WHERE article_id = ?').get(articleId) as { n: number }).n,
  });

  api.post('/paperMinute/checkWhetherLike', ({ params, user }) => likeState(user().employeeId, articleIdOf(params)));
  api.post('/paperMinute/like', ({ params, user }) => {
    const auth = user();
    const id = articleIdOf(params);
    db.prepare('INSERT OR IGNORE INTO paper_likes (employee_id, article_id, created_at) VALUES (?,?,?)').run(auth.employeeId, id, now());
    return withMessage(likeState(auth.employeeId, id), '点赞成功');
  });
  api.post('/paperMinute/cancelLike', ({ params, user }) => {
    const auth = user();
    const id = articleIdOf(params);
    db.prepare('DELETE FROM paper_likes WHERE employee_id = ? AND article_id = ?').run(auth.employeeId, id);
    return withMessage(likeState(auth.employeeId, id), '已取消点赞');
  });

  return api.router;
}
