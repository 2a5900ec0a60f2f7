// What the route modules of the submission and personal-centre features share.
import type { DB } from './db.js';
import type { FileStore } from './files.js';
import type { Logger } from './http.js';

export interface SandboxEnv {
  db: DB;
  log: Logger;
  files: FileStore;
  /** Largest accepted manuscript / attachment upload, in bytes. */
  uploadLimitBytes: number;
}

export const DEFAULT_UPLOAD_LIMIT = 50 * 1024 * 1024;
export const AVATAR_LIMIT = 2 * 1024 * 1024;
