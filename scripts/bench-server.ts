/**
 * The real server for the HTTP benchmarks: `civicwatch migrate` then `civicwatch serve` in their own process
 * (apps/web/e2e/support/server.ts, as the browser tests start it), on loopback, on a database of its own:
 * a new database on the PostgreSQL server of BENCH_DATABASE_URL (default TEST_DATABASE_URL), dropped
 * afterwards, or, when neither is set, the embedded database in a temporary DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../adapters/src/persistence/testing/create-test-database.ts';
import { seedEmbeddedDataDir } from '../adapters/src/persistence/testing/pglite-template.ts';
import { ServerProcess } from '../apps/web/e2e/support/server.ts';
import { SOCKET_PORT } from '../adapters/src/persistence/embedded/embedded-postgres-host.ts';
import type { DatabaseHandle } from '../adapters/src/persistence/open-database.ts';

export const benchDatabaseUrl = (): string | undefined => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** Which database the server benchmarks run on, for the report. */
export const benchDatabase = (): string => (benchDatabaseUrl() ? 'PostgreSQL server' : 'embedded (PGlite)');

export interface BenchServer {
  server: ServerProcess;
  /** Its database as the `pg` driver reaches it: the server's URL, or the embedded database's socket (ADR 0001). */
  database: DatabaseHandle['connection'];
  /** Registers an account (signed in); answers its session cookie. */
  register(email: string): Promise<string>;
  close(): Promise<void>;
}

const PASSWORD = 'bench-liberty-1';

/** `env` configures the server as a self-hoster's environment would (an analyzer, say). */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cw-bench-'));
  const url = benchDatabaseUrl();
  const database = url ? await createTestDatabase({ kind: 'server', url, poolSize: 1 }) : null;
  // A migrated template: creating an embedded cluster from nothing takes ~20 s.
  if (!database) await seedEmbeddedDataDir(dataDir);
  const databaseEnv: Record<string, string> = database
    ? { DATABASE_URL: database.location, SESSION_SECRET: randomBytes(32).toString('hex') }
    : {};
  const server = await ServerProcess.create(dataDir, { LOG_LEVEL: 'error', ...databaseEnv, ...env });
  const close = async () => {
    await server.stop();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await server.start();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    server,
    database: database ? { connectionString: database.location } : { host: dataDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    register: async (email) => {
      const response = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Bench', email, password: PASSWORD }),
      });
      if (response.status !== 201) throw new Error(`registering ${email}: ${response.status} ${await response.text()}`);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith('civicwatch.sid='));
      if (!cookie) throw new Error('no session cookie');
      return cookie.split(';')[0]!;
    },
    close,
  };
}

/** `POST /api/analyze` as the web app sends it; answers the status and the body. */
export async function postAnalysis(
  server: ServerProcess,
  cookie: string,
  source: { text: string } | { pdf: Uint8Array; fileName: string },
  signal?: AbortSignal,
): Promise<{ status: number; body: string }> {
  const form = new FormData();
  if ('text' in source) form.set('text', source.text);
  else form.set('document', new Blob([source.pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), source.fileName);
  form.set('analysisType', 'summary');
  form.set('country', 'US');
  const response = await fetch(`${server.url}/api/analyze`, { method: 'POST', headers: { cookie }, body: form, signal });
  return { status: response.status, body: await response.text() };
}
