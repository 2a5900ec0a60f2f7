// Indexes and counters that keep the article lists and the search fast on large corpora
// (SANDBOX_ARTICLES=100000): composite indexes for the default ordering under each filter,
// a narrow covering index keyed by id for work over FTS match sets, and per-(issue, column)
// article counts maintained by triggers so paged lists need no count(*) over the table.
export const name = '003_article_scaling';

export const sql = /* sql */ `
-- literatureBase: ORDER BY published_date DESC, id DESC under each filter combination.
-- (articles_date and articles_journal_date from 001 cover no filter and journal alone.)
CREATE INDEX articles_year_date ON articles(year, published_date);
CREATE INDEX articles_journal_year_date ON articles(journal_id, year, published_date);
CREATE INDEX articles_column_date ON articles(column_id, published_date);
CREATE INDEX articles_column_year_date ON articles(column_id, year, published_date);
DROP INDEX articles_year;     -- prefix of articles_year_date
DROP INDEX articles_column;   -- prefix of articles_column_date

-- Search: a row per article a few dozen bytes wide, looked up by the FTS rowid, that answers
-- filters, facets and the date sort without touching the (wide) table rows.
CREATE INDEX articles_search ON articles(id, journal_id, year, column_id, issue_id, published_date);

-- Article counts per journal, year, issue, column and 精选 flag (a few hundred rows).
CREATE TABLE article_counts (
  journal_id INTEGER NOT NULL,
  year       INTEGER NOT NULL,
  issue_id   INTEGER NOT NULL,
  column_id  INTEGER NOT NULL,
  selected   INTEGER NOT NULL,
  n          INTEGER NOT NULL,
  PRIMARY KEY (journal_id, year, issue_id, column_id, selected)
) WITHOUT ROWID;

INSERT INTO article_counts (journal_id, year, issue_id, column_id, selected, n)
  SELECT journal_id, year, issue_id, column_id, selected, count(*) FROM articles
  GROUP BY journal_id, year, issue_id, column_id, selected;

CREATE TRIGGER article_counts_insert AFTER INSERT ON articles BEGIN
  INSERT INTO article_counts (journal_id, year, issue_id, column_id, selected, n)
    VALUES (new.journal_id, new.year, new.issue_id, new.column_id, new.selected, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER article_counts_delete AFTER DELETE ON articles BEGIN
  UPDATE article_counts SET n = n - 1
    WHERE journal_id = old.journal_id AND year = old.year AND issue_id = old.issue_id
      AND column_id = old.column_id AND selected = old.selected;
END;

CREATE TRIGGER article_counts_update AFTER UPDATE OF journal_id, year, issue_id, column_id, selected ON articles BEGIN
  UPDATE article_counts SET n = n - 1
    WHERE journal_id = old.journal_id AND year = old.year AND issue_id = old.issue_id
      AND column_id = old.column_id AND selected = old.selected;
  INSERT INTO article_counts (journal_id, year, issue_id, column_id, selected, n)
    VALUES (new.journal_id, new.year, new.issue_id, new.column_id, new.selected, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
`;
