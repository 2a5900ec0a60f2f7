// Initial schema of the sandbox journal backend. Column names are snake_case in SQL;
// the HTTP layer maps them to the camelCase fields documented in docs/backend-contract.md.
export const name = '001_init';

export const sql = /* sql */ `
CREATE TABLE sandbox_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE journals (
  id                   INTEGER PRIMARY KEY,
  gch                  TEXT NOT NULL UNIQUE,
  name                 TEXT NOT NULL,
  name_en              TEXT NOT NULL,
  issn                 TEXT NOT NULL,
  cn                   TEXT NOT NULL,
  sponsor              TEXT NOT NULL,
  publisher            TEXT NOT NULL,
  editor_in_chief      TEXT NOT NULL,
  frequency            TEXT NOT NULL,
  founded_year         INTEGER NOT NULL,
  cover                TEXT,
  introduction         TEXT NOT NULL,
  labels               TEXT NOT NULL,          -- JSON array of collection label codes
  accepts_contribution INTEGER NOT NULL,
  doi_prefix           TEXT NOT NULL,
  email                TEXT NOT NULL,
  phone                TEXT NOT NULL,
  address              TEXT NOT NULL,
  sort                 INTEGER NOT NULL
);

CREATE TABLE columns (
  id         INTEGER PRIMARY KEY,
  journal_id INTEGER NOT NULL REFERENCES journals(id),
  name       TEXT NOT NULL,
  name_en    TEXT NOT NULL,
  sort       INTEGER NOT NULL
);
CREATE INDEX columns_journal ON columns(journal_id);

CREATE TABLE issues (
  id           INTEGER PRIMARY KEY,
  journal_id   INTEGER NOT NULL REFERENCES journals(id),
  year         INTEGER NOT NULL,
  volume       INTEGER NOT NULL,
  issue_no     INTEGER NOT NULL,
  total_no     INTEGER NOT NULL,
  publish_date TEXT NOT NULL,
  UNIQUE (journal_id, year, issue_no)
);

CREATE TABLE experts (
  id              INTEGER PRIMARY KEY,
  name            TEXT NOT NULL,
  gender          INTEGER NOT NULL,               -- 1 male, 2 female
  title           TEXT NOT NULL,
  institution     TEXT NOT NULL,
  education       TEXT NOT NULL,
  research_fields TEXT NOT NULL,                  -- JSON array
  biography       TEXT NOT NULL,
  avatar          TEXT,
  paper_count     INTEGER NOT NULL DEFAULT 0,
  citation_count  INTEGER NOT NULL DEFAULT 0,
  download_count  INTEGER NOT NULL DEFAULT 0,
  h_index         INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE articles (
  id               INTEGER PRIMARY KEY,
  journal_id       INTEGER NOT NULL REFERENCES journals(id),
  issue_id         INTEGER NOT NULL REFERENCES issues(id),
  column_id        INTEGER NOT NULL REFERENCES columns(id),
  title            TEXT NOT NULL,
  title_en         TEXT NOT NULL,
  abstract         TEXT NOT NULL,
  abstract_en      TEXT NOT NULL,
  keywords         TEXT NOT NULL,                 -- JSON array
  keywords_en      TEXT NOT NULL,                 -- JSON array
  keywords_text    TEXT NOT NULL,                 -- keywords joined by '；' (FTS)
  authors_text     TEXT NOT NULL,                 -- author names joined by '；' (FTS)
  institutions_text TEXT NOT NULL,                -- distinct institutions joined by '；' (FTS)
  fund             TEXT,
  clc              TEXT NOT NULL,
  doi              TEXT NOT NULL,
  weipu_id         TEXT NOT NULL,
  first_page       INTEGER NOT NULL,
  last_page        INTEGER NOT NULL,
  received_date    TEXT NOT NULL,
  revised_date     TEXT NOT NULL,
  accepted_date    TEXT NOT NULL,
  published_date   TEXT NOT NULL,
  year             INTEGER NOT NULL,
  views            INTEGER NOT NULL,
  downloads        INTEGER NOT NULL,
  selected         INTEGER NOT NULL,
  pdf_hash         TEXT NOT NULL
);
CREATE INDEX articles_journal_date ON articles(journal_id, published_date);
CREATE INDEX articles_issue ON articles(issue_id, first_page);
CREATE INDEX articles_column ON articles(column_id);
CREATE INDEX articles_date ON articles(published_date);
CREATE INDEX articles_year ON articles(year);
CREATE INDEX articles_views ON articles(views);
CREATE INDEX articles_downloads ON articles(downloads);
CREATE INDEX articles_selected ON articles(selected, published_date);
CREATE UNIQUE INDEX articles_pdf_hash ON articles(pdf_hash);
CREATE UNIQUE INDEX articles_doi ON articles(doi);
CREATE UNIQUE INDEX articles_weipu ON articles(weipu_id);

CREATE TABLE article_authors (
  article_id    INTEGER NOT NULL REFERENCES articles(id),
  seq           INTEGER NOT NULL,
  name          TEXT NOT NULL,
  institution   TEXT NOT NULL,
  expert_id     INTEGER REFERENCES experts(id),
  corresponding INTEGER NOT NULL,
  PRIMARY KEY (article_id, seq)
) WITHOUT ROWID;
CREATE INDEX article_authors_expert ON article_authors(expert_id);

-- Trigram full-text index over the searchable fields. Contentless (rowid = articles.id):
-- the text lives in articles; highlights are computed in code.
CREATE VIRTUAL TABLE articles_fts USING fts5(
  title, abstract, author, institution, keyword, fund,
  content = '', tokenize = 'trigram'
);

CREATE TABLE editorial_board (
  id          INTEGER PRIMARY KEY,
  journal_id  INTEGER NOT NULL REFERENCES journals(id),
  name        TEXT NOT NULL,
  role        TEXT NOT NULL,
  role_level  INTEGER NOT NULL,     -- 1 主编, 2 副主编, 3 编委
  title       TEXT NOT NULL,
  institution TEXT NOT NULL,
  research_fields TEXT NOT NULL,    -- JSON array
  bio         TEXT NOT NULL,
  avatar      TEXT,
  sort        INTEGER NOT NULL
);

CREATE TABLE news (
  id           INTEGER PRIMARY KEY,
  type         INTEGER NOT NULL,    -- 1 合作单位动态, 2 行业资讯
  title        TEXT NOT NULL,
  summary      TEXT NOT NULL,
  content      TEXT NOT NULL,       -- rich-text HTML
  source       TEXT NOT NULL,
  author       TEXT NOT NULL,
  publish_date TEXT NOT NULL,
  cover        TEXT,
  views        INTEGER NOT NULL
);
CREATE INDEX news_type_date ON news(type, publish_date);

CREATE TABLE hotspots (
  id           INTEGER PRIMARY KEY,
  title        TEXT NOT NULL,
  summary      TEXT NOT NULL,
  content      TEXT NOT NULL,
  tag          TEXT,
  heat         INTEGER NOT NULL,
  publish_date TEXT NOT NULL,
  views        INTEGER NOT NULL,
  sort         INTEGER NOT NULL
);

CREATE TABLE footer_links (
  id           INTEGER PRIMARY KEY,
  type         INTEGER NOT NULL,    -- 1,2 footer columns; 3,4,5 friendly-link dropdowns
  title        TEXT NOT NULL,
  link_address TEXT NOT NULL,
  link_status  INTEGER NOT NULL,    -- 1 clickable
  link_type    INTEGER NOT NULL,    -- 1 internal route, 2 external
  sort         INTEGER NOT NULL
);

CREATE TABLE notices (
  id          INTEGER PRIMARY KEY,
  type        INTEGER NOT NULL,
  title       TEXT NOT NULL,
  content     TEXT NOT NULL,
  update_time TEXT NOT NULL
);

CREATE TABLE roles (
  id   INTEGER PRIMARY KEY,
  type INTEGER NOT NULL,            -- 4 = author
  name TEXT NOT NULL
);

CREATE TABLE employees (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE,
  mobile        TEXT NOT NULL UNIQUE,
  mailbox       TEXT,
  real_name     TEXT,
  password_hash TEXT NOT NULL,
  salt          TEXT NOT NULL,
  head_img_url  TEXT,
  type          INTEGER NOT NULL,   -- employeeType: 1 个人用户
  openid        TEXT UNIQUE,
  created_at    TEXT NOT NULL
);

CREATE TABLE employee_roles (
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  role_id     INTEGER NOT NULL REFERENCES roles(id),
  PRIMARY KEY (employee_id, role_id)
) WITHOUT ROWID;

CREATE TABLE sessions (
  token_hash  TEXT PRIMARY KEY,     -- sha256 of the token; the token itself is never stored
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  role_id     INTEGER,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX sessions_employee ON sessions(employee_id);

CREATE TABLE captchas (
  uuid       TEXT PRIMARY KEY,
  text       TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE sms_codes (
  id         INTEGER PRIMARY KEY,
  mobile     TEXT NOT NULL,
  code       TEXT NOT NULL,
  sent_at    INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sms_codes_mobile ON sms_codes(mobile, sent_at);

CREATE TABLE login_failures (
  username   TEXT PRIMARY KEY,
  count      INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE wechat_states (
  state        TEXT PRIMARY KEY,
  redirect_uri TEXT NOT NULL,
  expires_at   INTEGER NOT NULL
);

CREATE TABLE wechat_codes (
  code       TEXT PRIMARY KEY,
  state      TEXT NOT NULL,
  openid     TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

CREATE TABLE messages (
  id          INTEGER PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  title       TEXT NOT NULL,
  content     TEXT NOT NULL,
  is_read     INTEGER NOT NULL DEFAULT 0,
  create_time TEXT NOT NULL
);
CREATE INDEX messages_employee ON messages(employee_id, is_read);
`;
