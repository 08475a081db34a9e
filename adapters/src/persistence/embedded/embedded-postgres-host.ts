import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { builtClusterPath, copyBuiltCluster } from './new-cluster.ts';
import { installSessionQueryQueue } from './session-query-queue.ts';
import { makeOwnerOnlyDir, restrictToOwner } from './owner-only.ts';
import type { DatabaseLogger } from '../database-logger.ts';

/** PostgreSQL's own socket name, so that `psql -h <dataDir>` and `pg` with `host: <dataDir>` find it. */
export const SOCKET_NAME = '.s.PGSQL.5432';
export const SOCKET_PORT = 5432;
const LOCK_NAME = 'pglite.lock';
/** Linux's limit for a Unix socket path (sun_path), less its terminating zero. */
const MAX_SOCKET_PATH = 107;
/**
 * Locks this process holds. A lock naming our own pid that is not here was left by an earlier process that
 * had the same pid: the usual case in a container, where the server is pid 1 on every start.
 */
const locksHeld = new Set<string>();

export interface EmbeddedEndpoint {
  /** Whether this process serves the database (`owner`) or reaches another process's socket (`client`). */
  role: 'owner' | 'client';
  /** Directory of the socket: the `host` for the pg driver. */
  socketDir: string;
  /** Stops serving and releases the lock (owner); nothing to do for a client. Idempotent. */
  release(): Promise<void>;
}

export interface EmbeddedHostOptions {
  /** At least the pool size of every process that will connect (server, workers, CLI). */
  maxConnections: number;
  logger?: DatabaseLogger;
  /** How long to wait for another process that holds the lock but does not answer yet. */
  startTimeoutMs?: number;
  /** The new cluster a new data directory starts from (new-cluster.ts); the one `npm run build` makes by default. */
  builtCluster?: string;
}

/**
 * "Whoever starts first owns the database" (ADR 0001). Answers a socket to connect to: another process's,
 * if one answers under `dataDir`, otherwise our own, after taking the lock file and starting PGlite.
 * A lock left by a dead process is reclaimed and its socket file removed.
 */
export async function connectOrServeEmbedded(dataDir: string, options: EmbeddedHostOptions): Promise<EmbeddedEndpoint> {
  const socketDir = path.resolve(dataDir);
  const socketPath = path.join(socketDir, SOCKET_NAME);
  const lockPath = path.join(socketDir, LOCK_NAME);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(`DATA_DIR is too long for a Unix socket (${socketPath}); choose a shorter path.`);
  }
  // A client only creates the directory when it is missing; the owner mends what is in it (serve).
  if (!(await fs.stat(socketDir).catch(() => null))) await makeOwnerOnlyDir(socketDir);

  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (await socketAnswers(socketPath)) {
      options.logger?.info(`Embedded database: connecting to the one served at ${socketPath}`);
      return { role: 'client', socketDir, release: async () => {} };
    }
    const lock = await tryLock(lockPath, options.logger);
    if (lock === 'acquired') return serve(socketDir, socketPath, lockPath, options);
    if (Date.now() > deadline) {
      throw new Error(`Embedded database: process ${lock.pid} holds ${lockPath} but does not answer on ${socketPath}. `
        + 'If no CivicWatch process is running, delete the lock file.');
    }
    await delay(100);
  }
}

async function serve(socketDir: string, socketPath: string, lockPath: string, options: EmbeddedHostOptions): Promise<EmbeddedEndpoint> {
  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  try {
    // Nobody answered and we hold the lock: a socket file here is a leftover of a process that died.
    await fs.rm(socketPath, { force: true });
    // Owner-only before PGlite reads a byte (an older installation's files may be anyone's), and again once it
    // runs: a new cluster's files, and the caches it writes on opening, are created readable by all.
    await restrictToOwner(socketDir);
    const pgdata = path.join(socketDir, 'pgdata');
    if (!(await fs.stat(pgdata).catch(() => null))) {
      const copied = await copyBuiltCluster(options.builtCluster ?? await builtClusterPath(), pgdata);
      options.logger?.info(`Embedded database: ${copied ? 'copied the built new cluster to' : 'creating a new cluster in'} ${pgdata}`);
    }
    db = await PGlite.create({
      dataDir: pgdata,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${await sharedBuffersMbFor(pgdata)}MB`],
    });
    server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: options.maxConnections });
    installSessionQueryQueue(server, db);
    await server.start();
    await restrictToOwner(socketDir);
  } catch (error) {
    await server?.stop().catch(() => {});
    await db?.close().catch(() => {});
    await unlock(lockPath);
    throw error;
  }
  options.logger?.info(`Embedded database: serving ${path.join(socketDir, 'pgdata')} on ${socketPath}`);

  let released: Promise<void> | undefined;
  const release = () => {
    released ??= (async () => {
      try {
        await server.stop();
        await db.close();
        // What PGlite wrote while running with modes of its own (a rebuilt relation cache is 0644).
        await restrictToOwner(socketDir);
      } finally {
        await fs.rm(socketPath, { force: true });
        await unlock(lockPath);
      }
    })();
    return released;
  };
  return { role: 'owner', socketDir, release };
}

/** PGlite's own default, PostgreSQL's; the ceiling. */
const MAX_SHARED_BUFFERS_MB = 128;
/** The floor, for a new cluster. */
const MIN_SHARED_BUFFERS_MB = 16;

/**
 * The buffer cache for this cluster: twice its largest database (the application's; the templates are read
 * only by CREATE DATABASE), room to grow while this process runs, between 16 and 128 MiB. PostgreSQL writes
 * every page of `shared_buffers` when it starts, and in WebAssembly that memory is the process's own from then
 * on: PGlite's default of 128 MiB made every process that owns the embedded database 110 MiB larger, a
 * one-shot `civicwatch analyze` included, while a new installation's database takes 10 MiB. Buffers beyond
 * the data would stay empty; a database of 64 MiB or more gets PGlite's default as before.
 */
export async function sharedBuffersMbFor(pgdata: string): Promise<number> {
  const base = path.join(pgdata, 'base');
  const databases = await fs.readdir(base, { withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(databases.filter((d) => d.isDirectory()).map((d) => directoryBytes(path.join(base, d.name))));
  const largestMb = Math.max(0, ...sizes) / (1024 * 1024);
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, Math.ceil(2 * largestMb)));
}

/** The bytes of the files under `dir`. */
async function directoryBytes(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  const sizes = await Promise.all(entries.filter((e) => e.isFile())
    .map((e) => fs.stat(path.join(e.parentPath, e.name)).then((stat) => stat.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * True when a PostgreSQL server answers on the socket. Sends an SSLRequest, which every server answers
 * with one byte without opening a session, so probing costs the owner nothing.
 */
export function socketAnswers(socketPath: string, timeoutMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => {
      const request = Buffer.alloc(8);
      request.writeInt32BE(8, 0);
      request.writeInt32BE(80877103, 4);
      socket.write(request);
    });
    socket.once('data', (data) => done(data[0] === 0x4e || data[0] === 0x53)); // 'N' or 'S'
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

async function tryLock(lockPath: string, logger?: DatabaseLogger): Promise<'acquired' | { pid: number }> {
  try {
    await fs.writeFile(lockPath, `${process.pid}\n`, { flag: 'wx' });
    locksHeld.add(lockPath);
    // Two processes reclaiming one stale lock at once: the later removal can delete the earlier winner's
    // fresh file. Reading it back after a moment lets the loser see that and step back.
    await delay(25);
    if ((await readPid(lockPath)) === process.pid) return 'acquired';
    locksHeld.delete(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const pid = await readPid(lockPath);
  if (Number.isNaN(pid) && (await ageMs(lockPath)) < 5_000) return { pid: 0 }; // being written right now
  const ours = pid === process.pid;
  if (Number.isInteger(pid) && pid > 0 && (ours ? locksHeld.has(lockPath) : isAlive(pid))) return { pid };
  logger?.warn(`Embedded database: removing the stale lock ${lockPath} of process ${Number.isNaN(pid) ? 'unknown' : pid}`);
  await fs.rm(lockPath, { force: true });
  return { pid: 0 };
}

async function unlock(lockPath: string): Promise<void> {
  // Only our own lock: after a stale-lock reclaim another process may hold the file now.
  if ((await readPid(lockPath)) === process.pid) await fs.rm(lockPath, { force: true });
  locksHeld.delete(lockPath);
}

async function ageMs(file: string): Promise<number> {
  const stat = await fs.stat(file).catch(() => null);
  return stat ? Date.now() - stat.mtimeMs : Number.POSITIVE_INFINITY;
}

async function readPid(lockPath: string): Promise<number> {
  return Number.parseInt(await fs.readFile(lockPath, 'utf8').catch(() => ''), 10);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
