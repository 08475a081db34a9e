import { randomBytes } from 'node:crypto';
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './config.ts';
import { makeOwnerOnlyDir } from '../persistence/embedded/owner-only.ts';

/**
 * Embedded mode keeps a generated secret under DATA_DIR so sessions survive restarts with no set-up;
 * with DATABASE_URL the secret is required configuration (several instances must sign alike).
 */
export async function resolveSessionSecret(config: AppConfig): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.database.kind === 'server') throw new Error('SESSION_SECRET is required with DATABASE_URL');
  const file = path.join(config.dataDir, 'session-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) {
      // Whoever reads the secret can sign sessions as anyone: an older installation's file is made 0600.
      if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (!(await stat(config.dataDir).catch(() => null))) await makeOwnerOnlyDir(config.dataDir);
  const secret = randomBytes(48).toString('base64url');
  // `wx` fails if another process wrote it first; then theirs is the one to use.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
