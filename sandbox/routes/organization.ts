// /api/organizationApi/*: the pre-publication (网络首发) versions of an article.
import { z } from 'zod';
import { prePublicationRevisions } from '../amendments.js';
import type { DB } from '../db.js';
import { bizError, createApi, parse, reqId, type Logger } from '../http.js';

export function organizationRoutes(db: DB, log: Logger) {
  const api = createApi(db, log);

  // Versions published online before the issue, oldest first; empty for an article that appeared in print first.
  api.post('/prePublicationRevision', ({ params }) => {
    const { paperId } = parse(z.object({ paperId: reqId('缺少参数：paperId') }), params);
    const row = db.prepare('SELECT id, published_date, online_first_date FROM articles WHERE id = ?').get(paperId) as
      | { id: number; published_date: string; online_first_date: string | null }
      | undefined;
    if (!row) throw bizError('文献不存在或已下线', 404);
    return prePublicationRevisions(row);
  });

  return api.router;
}
