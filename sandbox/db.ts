import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations/index.js';
import { clearArticleCaches } from './searchCache.js';

export type DB = Database.Database;

/** Opens (creating the folder if needed) and migrates the sandbox database. */
export function openDb(dbPath: string): DB {
  const memory = dbPath === ':memory:' || dbPath === '';
  if (!memory) fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
  const db = new Database(memory ? ':memory:' : dbPath);
  if (!memory) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Applies pending migrations in order, each in its own transaction. */
export function migrate(db: DB): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name       TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
  )`);
  const done = new Set((db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map((r) => r.name));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(m.name, new Date().toISOString());
    })();
    applied.push(m.name);
  }
  return applied;
}

/** Tables holding seeded or runtime data, children first (for reset). */
export const DATA_TABLES = [
  'lottery_draws',
  'lottery_activities',
  'checkins',
  'feedback',
  'scholar_applications',
  'invoicing_info',
  'face_tickets',
  'identities',
  'employee_profiles',
  'read_records',
  'collections',
  'paper_likes',
  'idempotency_keys',
  'payment_orders',
  'manuscript_messages',
  'manuscript_events',
  'manuscript_files',
  'manuscript_authors',
  'messages',
  'manuscripts',
  'manuscript_sequences',
  'codings',
  'issue_plans',
  'themes',
  'attachments',
  'blobs',
  'wechat_codes',
  'wechat_states',
  'login_failures',
  'sms_codes',
  'captchas',
  'sessions',
  'employee_roles',
  'employees',
  'roles',
  'notices',
  'footer_links',
  'hotspots',
  'news',
  'editorial_board',
  'article_authors',
  'articles',
  'article_counts',
  'experts',
  'issues',
  'columns',
  'journals',
  'sandbox_meta',
] as const;

/** Empties every data table (schema stays). */
export function clearData(db: DB): void {
  clearArticleCaches(db);
  db.transaction(() => {
    db.exec(`INSERT INTO articles_fts(articles_fts) VALUES('delete-all')`);
    for (const t of DATA_TABLES) db.exec(`DELETE FROM ${t}`);
  })();
}

export function isSeeded(db: DB): boolean {
  return db.prepare(`SELECT 1 FROM sandbox_meta WHERE key = 'seeded'`).get() !== undefined;
}
