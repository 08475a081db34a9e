import { spawn, execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../open-database.ts';
import { aUser } from '../contract/builders.ts';
import { SOCKET_NAME, connectOrServeEmbedded, sharedBuffersMbFor } from './embedded-postgres-host.ts';
import { copyBuiltCluster } from './new-cluster.ts';
import { pgliteTemplate, seedEmbeddedDataDir } from '../testing/pglite-template.ts';

const fixture = fileURLToPath(new URL('./open-embedded.fixture.ts', import.meta.url));
const opened: DatabaseHandle[] = [];
const dirs: string[] = [];

/** A DATA_DIR holding a copy of an initialised, migrated cluster: a fresh initdb costs ~20 s. */
const tempDir = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-'));
  dirs.push(dir);
  await seedEmbeddedDataDir(dir);
  return dir;
};
const open = async (dataDir: string, poolSize = 4) => {
  const db = await openDatabase({ kind: 'embedded', dataDir, poolSize });
  opened.push(db);
  return db;
};
const exists = (file: string) => fs.access(file).then(() => true, () => false);

/** Starts the fixture in its own Node process and answers its first line of output. */
function otherProcess(dataDir: string, mode?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, ...(mode ? [mode] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const firstLine = new Promise<Record<string, unknown>>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line) as Record<string, unknown>));
    child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
  });
  return { child, firstLine };
}

afterEach(async () => {
  // Clients first, owners last, as a real shutdown would.
  for (const db of opened.splice(0).reverse()) await db.close();
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL (PGlite behind a Unix socket)', () => {
  it('keeps its data across close and reopen', async () => {
    const dataDir = await tempDir();
    const first = await open(dataDir);
    expect(first.role).toBe('owner');
    await first.migrate();
    const user = aUser();
    await first.uow.run((r) => r.users.insert(user));
    await first.close();
    expect(await exists(path.join(dataDir, SOCKET_NAME))).toBe(false);
    expect(await exists(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const again = await open(dataDir);
    expect(again.role).toBe('owner');
    expect(await again.pendingMigrations()).toEqual([]);
    expect((await again.uow.run((r) => r.users.findById(user.id)))?.email).toBe(user.email);
  });

  it('lets a second opener in the same process connect as a client while the first owns it', async () => {
    const dataDir = await tempDir();
    const owner = await open(dataDir);
    await owner.migrate();
    const client = await open(dataDir);
    expect(client.role).toBe('client');
    const user = aUser();
    await client.uow.run((r) => r.users.insert(user));
    expect((await owner.uow.run((r) => r.users.findById(user.id)))?.id).toBe(user.id);
    await client.close();
    expect(await owner.health()).toMatchObject({ ok: true });
  });

  it('serves another process, which connects through the socket as a client', async () => {
    const dataDir = await tempDir();
    const owner = await open(dataDir);
    await owner.migrate();
    const { firstLine } = otherProcess(dataDir);
    expect(await firstLine).toEqual({ role: 'client', tiers: ['citizen', 'patriot', 'defender'] });
  });

  it('rolls back the transaction of a client process that dies in the middle of it, and keeps serving', async () => {
    const dataDir = await tempDir();
    const owner = await open(dataDir);
    await owner.migrate();
    const { child, firstLine } = otherProcess(dataDir, 'hold-transaction');
    expect(await firstLine).toEqual({ role: 'client', holding: true });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // While the transaction was open every other connection waited; after the kill the owner serves again.
    const settings = await owner.uow.run((r) => r.settings.list());
    expect(settings.map((s) => s.key)).toEqual(['free_user_prompt', 'paid_user_prompt', 'summary_prompt']);
    const held = await owner.orm.em.fork().execute(`select 1 from settings where key = 'held_by_killed_process'`);
    expect(held).toEqual([]);
  });

  it('reclaims the lock and socket file left by a process that died', async () => {
    const dataDir = await tempDir();
    await fs.writeFile(path.join(dataDir, 'pglite.lock'), '2147483646\n');
    await fs.writeFile(path.join(dataDir, SOCKET_NAME), '');
    const db = await open(dataDir);
    expect(db.role).toBe('owner');
    expect((await fs.readFile(path.join(dataDir, 'pglite.lock'), 'utf8')).trim()).toBe(String(process.pid));
    expect(await db.health()).toMatchObject({ ok: true });
  });

  it('answers each of 200 concurrent parameterised reads and writes from 10 connections with its own rows', async () => {
    const dataDir = await tempDir();
    const db = await open(dataDir, 10);
    // A load check through the real socket; the interleaving it guards against is pinned down
    // message by message in session-query-queue.int.test.ts.
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) =>
      n % 2 === 0
        ? db.orm.em.fork().execute<Array<{ key: string; value: string }>>(
          'insert into settings (key, value) values (?, ?) returning key, value', [`k${n}`, `v${n}`])
        : db.orm.em.fork().execute<Array<{ key: string; value: string }>>('select ?::text as key, ?::text as value', [`k${n}`, `v${n}`])));
    expect(answers.map((rows) => rows[0])).toEqual(Array.from({ length: 200 }, (_, n) => ({ key: `k${n}`, value: `v${n}` })));
  });

  it('answers psql on the socket directory', async () => {
    const psql = await promisify(execFile)('psql', ['--version']).then(() => true, () => false);
    if (!psql) return; // psql is a debugging convenience, not a dependency
    const dataDir = await tempDir();
    const db = await open(dataDir);
    await db.migrate();
    const { stdout } = await promisify(execFile)('psql', ['-h', dataDir, '-U', 'postgres', '-d', 'postgres', '-tAc', 'select count(*) from subscription_tiers']);
    expect(stdout.trim()).toBe('3');
  });
});

describe('a new data directory', () => {
  it('starts from the built cluster, copied owner-only, and leaves that cluster as it was', async () => {
    // The tests' migrated template stands for the cluster `npm run build` makes: its tables prove the copy.
    const built = path.join(await pgliteTemplate(), 'pgdata');
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-'));
    dirs.push(dataDir);
    const endpoint = await connectOrServeEmbedded(dataDir, { maxConnections: 2, builtCluster: built });
    expect(endpoint.role).toBe('owner');
    await endpoint.release();
    const { mode } = await fs.stat(path.join(dataDir, 'pgdata', 'PG_VERSION'));
    expect(mode & 0o077).toBe(0);
    // Opened again, it is the built cluster: migrated already.
    expect(await (await open(dataDir)).pendingMigrations()).toEqual([]);
    expect(await exists(path.join(built, 'postmaster.pid'))).toBe(false);
  });

  it('copies nothing when no cluster was built', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-'));
    dirs.push(dir);
    expect(await copyBuiltCluster(path.join(dir, 'never-built'), path.join(dir, 'pgdata'))).toBe(false);
    expect(await exists(path.join(dir, 'pgdata'))).toBe(false);
  });
});

describe('the embedded buffer cache (shared_buffers)', () => {
  /** A cluster directory whose databases hold files of these sizes, in MiB (sparse: nothing is written). */
  const clusterOf = async (databases: Record<string, number[]>) => {
    const pgdata = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cw-')), 'pgdata');
    dirs.push(path.dirname(pgdata));
    for (const [oid, files] of Object.entries(databases)) {
      await fs.mkdir(path.join(pgdata, 'base', oid), { recursive: true });
      for (const [n, mib] of files.entries()) await fs.truncate(await touch(path.join(pgdata, 'base', oid, String(16384 + n))), Math.round(mib * 1024 * 1024));
    }
    return pgdata;
  };
  const touch = async (file: string) => {
    await fs.writeFile(file, '');
    return file;
  };

  it('is twice the largest database, at least 16 MiB and at most PostgreSQL\'s 128 MiB', async () => {
    expect(await sharedBuffersMbFor(path.join(os.tmpdir(), 'cw-no-such-cluster'))).toBe(16);
    // The templates (1 and 4) are as large as a new installation's database (5); only the largest counts.
    expect(await sharedBuffersMbFor(await clusterOf({ 1: [7], 4: [7], 5: [3, 4.5] }))).toBe(16);
    expect(await sharedBuffersMbFor(await clusterOf({ 1: [7], 4: [7], 5: [20, 10.2] }))).toBe(61);
    expect(await sharedBuffersMbFor(await clusterOf({ 1: [7], 5: [500] }))).toBe(128);
  });

  it('is what the database runs with', async () => {
    const dataDir = await tempDir();
    const expected = await sharedBuffersMbFor(path.join(dataDir, 'pgdata'));
    const db = await open(dataDir);
    const [row] = await db.orm.em.fork().execute<Array<{ shared_buffers: string }>>('show shared_buffers');
    expect(row?.shared_buffers).toBe(`${expected}MB`);
    expect(expected).toBeLessThan(128);
  });
});
