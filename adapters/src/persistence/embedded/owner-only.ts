import fs from 'node:fs/promises';
import path from 'node:path';

/** Group and others: none of their bits may stay on anything under DATA_DIR. */
const GROUP_AND_OTHERS = 0o077;

/**
 * Creates `dir` (and its missing parents) and makes it owner-only (0700). DATA_DIR holds the embedded
 * database, whose write-ahead log carries password hashes and whose pg_hba.conf decides who may connect
 * without a password, and the session secret: another local user must not read, write or even enter it.
 */
export async function makeOwnerOnlyDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
}

/**
 * Takes every group and other permission off `root` and everything under it (directories 0700, files 0600
 * or tighter), without following symbolic links. Mends installations made before DATA_DIR was private, and
 * the files PGlite creates world-readable whatever the umask (its initial cluster is written 0666).
 * Entries that vanish while walking (PostgreSQL removes temporary files) are skipped.
 */
export async function restrictToOwner(root: string): Promise<void> {
  const stat = await fs.lstat(root).catch(ignoreVanished);
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) await fs.chmod(root, 0o700).catch(ignoreVanished);
    const entries = await fs.readdir(root).catch(ignoreVanished);
    await Promise.all((entries ?? []).map((name) => restrictToOwner(path.join(root, name))));
  } else if ((stat.mode & GROUP_AND_OTHERS) !== 0) {
    await fs.chmod(root, stat.mode & 0o700).catch(ignoreVanished);
  }
}

const ignoreVanished = (error: NodeJS.ErrnoException): undefined => {
  if (error.code === 'ENOENT') return undefined;
  throw error;
};
