/**
 * DATA_DIR holds the embedded database (password hashes in its write-ahead log, pg_hba.conf) and the session
 * secret: nobody but its owner may read, write or enter anything in it (ADR 0001), whatever umask the
 * operator's shell has, and an installation made by an older version is mended when it starts.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CivicwatchProcess } from '@civicwatch/api/testing/civicwatch-process.ts';
import { seedEmbeddedDataDir } from '@civicwatch/adapters/persistence/testing/pglite-template.ts';

const bin = fileURLToPath(new URL('../bin/civicwatch', import.meta.url));
const dirs: string[] = [];
const servers: CivicwatchProcess[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill('SIGTERM');
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** A DATA_DIR path inside a fresh temporary directory; the DATA_DIR itself does not exist yet. */
const newDataDir = async () => {
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-perm-'));
  dirs.push(parent);
  return path.join(parent, 'data');
};
const environment = (dataDir: string) => ({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '' });

/** Runs `work` with the process umask at 000, as a careless shell has it: children started in it inherit it. */
async function underPermissiveUmask<T>(work: () => Promise<T>): Promise<T> {
  const previous = process.umask(0o000);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

const civicwatch = (dataDir: string, ...args: string[]) =>
  new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(bin, args, { env: environment(dataDir), timeout: 120_000 }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr });
    });
  });

/** Every entry under `root` (itself included) that its group or others may use, with its mode. */
async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (entry: string) => {
    const stat = await fs.lstat(entry).catch(() => null);
    if (!stat) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${path.relative(root, entry) || '.'}`);
    if (stat.isDirectory()) for (const name of await fs.readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(root);
  return found;
}

describe('DATA_DIR is private to its owner', () => {
  it('creates the data dir, the database, its socket and the session secret owner-only, under umask 000', async () => {
    const dataDir = await newDataDir();
    const migrated = await underPermissiveUmask(() => civicwatch(dataDir, 'migrate'));
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(await openToOthers(dataDir)).toEqual([]);

    // While the server runs: its socket, lock file and session secret, and whatever PGlite wrote on opening.
    servers.push(await underPermissiveUmask(() => CivicwatchProcess.start('serve', { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' })));
    expect(await fs.readdir(dataDir)).toEqual(expect.arrayContaining(['pgdata', 'session-secret', '.s.PGSQL.5432', 'pglite.lock']));
    expect(await openToOthers(dataDir)).toEqual([]);
    await servers.pop()!.kill('SIGTERM');
    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it('mends an installation whose files anyone could read and write when it starts', async () => {
    const dataDir = await newDataDir();
    await seedEmbeddedDataDir(dataDir);
    await fs.writeFile(path.join(dataDir, 'session-secret'), `${'s'.repeat(64)}\n`);
    const loosen = async (entry: string) => {
      const stat = await fs.lstat(entry);
      await fs.chmod(entry, stat.isDirectory() ? 0o777 : 0o666);
      if (stat.isDirectory()) for (const name of await fs.readdir(entry)) await loosen(path.join(entry, name));
    };
    await loosen(dataDir);
    expect((await openToOthers(dataDir)).length).toBeGreaterThan(100);

    const migrated = await underPermissiveUmask(() => civicwatch(dataDir, 'migrate'));
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(await openToOthers(dataDir)).toEqual([]);
    expect(await fs.readFile(path.join(dataDir, 'session-secret'), 'utf8')).toBe(`${'s'.repeat(64)}\n`);
  });
});
