// Views and downloads as they happen, by article and month (Beijing time), so the monthly
// usage chart puts today's reads into this month. The seeded totals have no such record.
export const name = '006_article_usage';

export const sql = /* sql */ `
CREATE TABLE article_usage (
  article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  downloads INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (article_id, month)
) WITHOUT ROWID;
`;
