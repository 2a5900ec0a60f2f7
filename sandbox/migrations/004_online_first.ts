// 网络首发: the day an article was first published online, ahead of its issue (NULL: it
// appeared in print first). A fixed, deterministic share of the articles went online first.
export const name = '004_online_first';

/** Marks the online-first articles; the seed runs it too (a new database has no rows when migrating). */
export const MARK_ONLINE_FIRST = /* sql */ `
UPDATE articles SET online_first_date = date(accepted_date, '+7 days') WHERE id % 5 = 2;
`;

export const sql = /* sql */ `
ALTER TABLE articles ADD COLUMN online_first_date TEXT;
${MARK_ONLINE_FIRST}
CREATE INDEX articles_journal_online_first ON articles(journal_id, online_first_date);
`;
