// Manuscript submission, files, payment and the personal centre.
export const name = '002_manuscripts';

export const sql = /* sql */ `
-- Content-addressed blobs. The bytes live on disk under <files dir>/<hash[0:2]>/<hash>;
-- a blob with a recipe (seeded or generated files) is rebuilt from it when missing on disk.
CREATE TABLE blobs (
  hash         TEXT PRIMARY KEY,           -- sha256 hex of the content
  size         INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  ext          TEXT NOT NULL,              -- pdf, doc, docx, png, jpg, gif, webp, txt, zip
  recipe       TEXT,                       -- JSON, see files.ts
  created_at   TEXT NOT NULL
);

-- A named reference to a blob (what /api/attachmentApi hands out).
CREATE TABLE attachments (
  id          INTEGER PRIMARY KEY,
  oss_key     TEXT NOT NULL UNIQUE,
  hash        TEXT NOT NULL REFERENCES blobs(hash),
  file_name   TEXT NOT NULL,
  kind        TEXT NOT NULL,               -- attachment, manuscript, avatar, scholar, template, generated
  employee_id INTEGER REFERENCES employees(id),
  created_at  TEXT NOT NULL
);
CREATE INDEX attachments_hash ON attachments(hash);

CREATE TABLE themes (
  id          INTEGER PRIMARY KEY,
  journal_id  INTEGER NOT NULL REFERENCES journals(id),
  title       TEXT NOT NULL,
  description TEXT NOT NULL,
  start_date  TEXT NOT NULL,
  end_date    TEXT NOT NULL,
  sort        INTEGER NOT NULL
);

-- Issues being put together (组稿), after the last published one.
CREATE TABLE issue_plans (
  id           INTEGER PRIMARY KEY,
  journal_id   INTEGER NOT NULL REFERENCES journals(id),
  year         INTEGER NOT NULL,
  issue_no     INTEGER NOT NULL,
  publish_date TEXT NOT NULL,
  capacity     INTEGER NOT NULL,
  UNIQUE (journal_id, year, issue_no)
);

CREATE TABLE codings (
  id        INTEGER PRIMARY KEY,
  father_id INTEGER NOT NULL,
  code      TEXT NOT NULL,
  name      TEXT NOT NULL,
  sort      INTEGER NOT NULL
);
CREATE INDEX codings_father ON codings(father_id, sort);

CREATE TABLE manuscripts (
  id              INTEGER PRIMARY KEY,
  employee_id     INTEGER NOT NULL REFERENCES employees(id),
  journal_id      INTEGER NOT NULL REFERENCES journals(id),
  column_id       INTEGER REFERENCES columns(id),
  theme_id        INTEGER REFERENCES themes(id),
  manuscript_no   TEXT UNIQUE,             -- 稿件编号, assigned on submission
  channel         TEXT NOT NULL DEFAULT 'author',  -- author, partner, activity
  partner_unit    TEXT,
  title           TEXT NOT NULL DEFAULT '',
  title_en        TEXT,
  abstract        TEXT NOT NULL DEFAULT '',
  keywords        TEXT NOT NULL DEFAULT '[]',      -- JSON array
  fund            TEXT,
  paper_type      TEXT NOT NULL DEFAULT '学术论文',
  word_count      INTEGER NOT NULL DEFAULT 0,
  remark          TEXT,
  status          TEXT NOT NULL,
  similarity      REAL,                   -- 查重 total similarity, percent
  format_remarks  TEXT,
  retract_reason  TEXT,
  planned_issue_id INTEGER REFERENCES issue_plans(id),
  article_id      INTEGER REFERENCES articles(id),
  fee_pages       INTEGER,
  proof_confirmed INTEGER NOT NULL DEFAULT 0,
  proof_remark    TEXT,
  submit_time     TEXT,
  accept_time     TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE INDEX manuscripts_employee ON manuscripts(employee_id, status, updated_at);

CREATE TABLE manuscript_sequences (
  journal_id INTEGER NOT NULL,
  year       INTEGER NOT NULL,
  last       INTEGER NOT NULL,
  PRIMARY KEY (journal_id, year)
) WITHOUT ROWID;

CREATE TABLE manuscript_authors (
  manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
  seq           INTEGER NOT NULL,
  name          TEXT NOT NULL,
  institution   TEXT NOT NULL,
  email         TEXT,
  mobile        TEXT,
  title         TEXT,                      -- 职称
  corresponding INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (manuscript_id, seq)
) WITHOUT ROWID;

CREATE TABLE manuscript_files (
  id            INTEGER PRIMARY KEY,
  manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
  kind          TEXT NOT NULL,             -- original, revision, proof, edited, offer, response
  version       INTEGER NOT NULL,
  hash          TEXT NOT NULL REFERENCES blobs(hash),
  file_name     TEXT NOT NULL,
  note          TEXT,
  created_at    TEXT NOT NULL
);
CREATE INDEX manuscript_files_ms ON manuscript_files(manuscript_id, kind, version);

CREATE TABLE manuscript_events (
  id            INTEGER PRIMARY KEY,
  manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
  stage         TEXT NOT NULL,
  note          TEXT NOT NULL,
  operator      TEXT NOT NULL,             -- 作者, 编辑部, 系统
  created_at    TEXT NOT NULL
);
CREATE INDEX manuscript_events_ms ON manuscript_events(manuscript_id, id);

-- Editors' and reviewers' messages about one manuscript (审稿意见, 返修意见 …).
CREATE TABLE manuscript_messages (
  id            INTEGER PRIMARY KEY,
  manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
  stage         TEXT NOT NULL,
  sender        TEXT NOT NULL,
  content       TEXT NOT NULL,
  is_read       INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL
);
CREATE INDEX manuscript_messages_ms ON manuscript_messages(manuscript_id, id);

CREATE TABLE payment_orders (
  id            INTEGER PRIMARY KEY,
  order_no      TEXT NOT NULL UNIQUE,
  manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
  employee_id   INTEGER NOT NULL REFERENCES employees(id),
  pages         INTEGER NOT NULL,
  unit_price    INTEGER NOT NULL,          -- cents per page
  amount        INTEGER NOT NULL,          -- cents
  status        TEXT NOT NULL,             -- unpaid, paid
  pay_method    TEXT,
  transaction_no TEXT,
  invoice       TEXT,                      -- JSON snapshot of the invoicing information
  created_at    TEXT NOT NULL,
  paid_at       TEXT
);
CREATE INDEX payment_orders_ms ON payment_orders(manuscript_id);

CREATE TABLE idempotency_keys (
  employee_id   INTEGER NOT NULL REFERENCES employees(id),
  endpoint      TEXT NOT NULL,
  key           TEXT NOT NULL,
  manuscript_id INTEGER NOT NULL REFERENCES manuscripts(id) ON DELETE CASCADE,
  created_at    TEXT NOT NULL,
  PRIMARY KEY (employee_id, endpoint, key)
) WITHOUT ROWID;

CREATE TABLE paper_likes (
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  article_id  INTEGER NOT NULL REFERENCES articles(id),
  created_at  TEXT NOT NULL,
  PRIMARY KEY (employee_id, article_id)
) WITHOUT ROWID;

CREATE TABLE collections (
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  article_id  INTEGER NOT NULL REFERENCES articles(id),
  created_at  TEXT NOT NULL,
  PRIMARY KEY (employee_id, article_id)
) WITHOUT ROWID;

-- Reading and download history: one row per user, article and kind.
CREATE TABLE read_records (
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  article_id  INTEGER NOT NULL REFERENCES articles(id),
  kind        TEXT NOT NULL,               -- read, download
  count       INTEGER NOT NULL,
  last_at     TEXT NOT NULL,
  PRIMARY KEY (employee_id, article_id, kind)
) WITHOUT ROWID;
CREATE INDEX read_records_last ON read_records(employee_id, kind, last_at);

CREATE TABLE employee_profiles (
  employee_id     INTEGER PRIMARY KEY REFERENCES employees(id),
  gender          INTEGER,
  title           TEXT,
  institution     TEXT,
  department      TEXT,
  education       TEXT,
  research_fields TEXT,
  address         TEXT,
  postcode        TEXT,
  orcid           TEXT,
  bio             TEXT
);

-- Resident ID numbers are stored encrypted (AES-256-GCM) and as a keyed hash for uniqueness.
CREATE TABLE identities (
  employee_id   INTEGER PRIMARY KEY REFERENCES employees(id),
  real_name     TEXT NOT NULL,
  id_cipher     TEXT NOT NULL,
  id_digest     TEXT NOT NULL UNIQUE,
  id_masked     TEXT NOT NULL,
  gender        INTEGER NOT NULL,
  birth_date    TEXT NOT NULL,
  verified_at   TEXT NOT NULL,
  face_verified_at TEXT
);

CREATE TABLE face_tickets (
  ticket      TEXT PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  status      TEXT NOT NULL,               -- pending, passed, failed
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  finished_at TEXT
);

CREATE TABLE invoicing_info (
  employee_id  INTEGER PRIMARY KEY REFERENCES employees(id),
  type         INTEGER NOT NULL,           -- 1 个人, 2 单位
  title        TEXT NOT NULL,
  taxpayer_no  TEXT,
  address      TEXT,
  phone        TEXT,
  bank         TEXT,
  account      TEXT,
  email        TEXT,
  updated_at   TEXT NOT NULL
);

CREATE TABLE scholar_applications (
  id            INTEGER PRIMARY KEY,
  employee_id   INTEGER NOT NULL REFERENCES employees(id),
  real_name     TEXT NOT NULL,
  institution   TEXT NOT NULL,
  title         TEXT NOT NULL,
  research_field TEXT NOT NULL,
  attachment_id INTEGER NOT NULL REFERENCES attachments(id),
  status        TEXT NOT NULL,             -- pending, approved, rejected
  opinion       TEXT,
  created_at    TEXT NOT NULL,
  decided_at    TEXT
);

CREATE TABLE feedback (
  id          INTEGER PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  type        TEXT NOT NULL,
  content     TEXT NOT NULL,
  contact     TEXT,
  created_at  TEXT NOT NULL
);

CREATE TABLE checkins (
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  day         TEXT NOT NULL,               -- Beijing date
  created_at  TEXT NOT NULL,
  PRIMARY KEY (employee_id, day)
) WITHOUT ROWID;

CREATE TABLE lottery_activities (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  description TEXT NOT NULL,
  start_date  TEXT NOT NULL,
  end_date    TEXT NOT NULL,
  prizes      TEXT NOT NULL                -- JSON [{ id, name, level, weight }]
);

CREATE TABLE lottery_draws (
  id          INTEGER PRIMARY KEY,
  employee_id INTEGER NOT NULL REFERENCES employees(id),
  activity_id INTEGER NOT NULL REFERENCES lottery_activities(id),
  prize_id    INTEGER,
  prize_name  TEXT,
  created_at  TEXT NOT NULL
);
CREATE INDEX lottery_draws_employee ON lottery_draws(employee_id, activity_id);

ALTER TABLE messages ADD COLUMN type INTEGER NOT NULL DEFAULT 1;   -- 1 系统, 2 稿件, 3 撤稿回执, 4 缴费
ALTER TABLE messages ADD COLUMN manuscript_id INTEGER REFERENCES manuscripts(id);
`;
