import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The session secret of a portal that runs the embedded sandbox and was given none
 * (docs/decisions/0020-first-run.md): generated once and kept beside the sandbox's
 * database, readable by this user only, so a restart keeps people signed in. An
 * in-memory sandbox gets a secret for this process only.
 */
export const SECRET_FILE_NAME = 'session-secret';

export function sandboxSessionSecret(sandboxDbPath: string): { secret: string; file: string | null; created: boolean } {
  if (sandboxDbPath === ':memory:' || sandboxDbPath === '') return { secret: randomBytes(32).toString('base64url'), file: null, created: true };
  const file = path.join(path.dirname(path.resolve(sandboxDbPath)), SECRET_FILE_NAME);
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return { secret: kept, file, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, file, created: true };
}
