import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@civicwatch/adapters/config/config.ts';
import { createRuntime, type Runtime } from '@civicwatch/adapters/container/container.ts';
import { seedEmbeddedDataDir } from '@civicwatch/adapters/persistence/testing/pglite-template.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export interface CallInit {
  cookie?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
}

/** A real `civicwatch serve` process on loopback, as the resilience tests drive it. */
export interface ServedApp {
  /** `http://127.0.0.1:<port>`, also its PUBLIC_URL unless the environment names another. */
  readonly base: string;
  readonly dataDir: string;
  readonly process: ChildProcess;
  call(method: string, url: string, init?: CallInit): Promise<Answer>;
  /** Peak resident set of the server process (VmHWM), in MiB. */
  peakRssMb(): number;
  /** SIGTERM, and waits for the process to close its embedded database and exit; removes a data dir it made. */
  stop(): Promise<void>;
}

/**
 * Starts `civicwatch serve` on a free loopback port (NODE_ENV=test, errors only on stderr) and waits until
 * /api/health answers. Without `dataDir` it serves a fresh copy of the migrated embedded template, removed
 * by stop(); with one (another server's), it reaches that server's database through its socket.
 * A server that does not come up is killed before this throws.
 */
export async function startServedApp(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<ServedApp> {
  const ownDataDir = options.dataDir ? undefined : await mkdtemp(path.join(tmpdir(), 'cw-served-'));
  if (ownDataDir) await seedEmbeddedDataDir(ownDataDir);
  const dataDir = options.dataDir ?? ownDataDir!;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', PUBLIC_URL: base,
    ...options.env,
  };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  const child = spawn(path.join(root, 'apps/cli/bin/civicwatch'), ['serve'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      });
    }
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  };

  try {
    for (const deadline = Date.now() + 60_000; ;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('the server did not answer within 60 s');
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    base,
    dataDir,
    process: child,
    async call(method, url, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.cookie) headers.cookie = init.cookie;
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(init.json);
      }
      const response = await fetch(`${base}${url}`, { method, headers, body });
      return { status: response.status, text: await response.text(), headers: response.headers };
    },
    peakRssMb: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024,
    stop,
  };
}

/** The test's own runtime on a served embedded database (through its socket, as `civicwatch` reaches it beside the server). */
export const openRuntimeBeside = (served: ServedApp): Promise<Runtime> =>
  createRuntime(loadConfig({ NODE_ENV: 'test', DATA_DIR: served.dataDir, LOG_LEVEL: 'silent' }));

/** The session cookie a response set, ready for the next request's `cookie` header. */
export const sessionCookieOf = (headers: Headers): string => {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('civicwatch.sid='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
};

export const sqlOn = (runtime: Runtime) =>
  async <T = Record<string, unknown>>(query: string, params: unknown[] = []) => runtime.database.orm.em.fork().execute<T[]>(query, params);

/** What a refused request must leave as it was: rows, accounts' roles, tiers and credits, the ledger, prompts, tiers. */
export async function storedTotals(runtime: Runtime): Promise<Record<string, unknown>> {
  const [totals] = await sqlOn(runtime)(`select
    (select count(*) from users)::int as users, (select count(*) from analyses)::int as analyses,
    (select count(*) from pending_analyses)::int as pending, (select count(*) from promo_redemptions)::int as redemptions,
    (select count(*) from promo_codes)::int as promos, (select count(*) from audit_log)::int as audit,
    (select count(*) from payments)::int as payments, (select count(*) from payment_events)::int as payment_events,
    (select coalesce(sum(delta), 0)::int from credit_ledger) as ledger, (select coalesce(sum(credits), 0)::int from users) as credits,
    (select count(*) from subscriptions)::int as subscriptions, (select count(*) from analyses where share_token is not null)::int as shared,
    (select md5(string_agg(id::text || role || tier_id || credits, '|' order by id)) from users) as accounts,
    (select md5(string_agg(t::text, '|' order by id)) from subscription_tiers t) as tiers,
    (select string_agg(value, '|' order by key) from settings) as settings`);
  return totals!;
}
