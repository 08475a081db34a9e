import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@civicwatch/adapters/config/config.ts';
import { createRuntime, type Runtime } from '@civicwatch/adapters/container/container.ts';
import { seedEmbeddedDataDir } from '@civicwatch/adapters/persistence/testing/pglite-template.ts';
import { CivicwatchProcess, freePort } from './civicwatch-process.ts';
import { call, type Answer, type CallInit } from './http-calls.ts';
import { TEST_SIGN_IN_SLOWDOWN } from './test-app.ts';

/** A real `civicwatch serve` process on loopback with an embedded database of its own, as the resilience tests drive it. */
export interface ServedApp {
  /** `http://127.0.0.1:<port>`, also its PUBLIC_URL unless the environment names another. */
  readonly base: string;
  readonly dataDir: string;
  readonly server: CivicwatchProcess;
  call(method: string, url: string, init?: CallInit): Promise<Answer>;
  /** Peak resident set of the server process (VmHWM), in MiB. */
  peakRssMb(): number;
  /** SIGTERM, and waits for the process to close its embedded database and exit; removes a data dir it made. */
  stop(): Promise<void>;
}

/**
 * Starts `civicwatch serve` (NODE_ENV=test, errors only) and waits until it answers. Without `dataDir` it
 * serves a fresh copy of the migrated embedded template, removed by stop(); with one (another server's), it
 * reaches that server's database through its socket.
 */
export async function startServedApp(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<ServedApp> {
  const ownDataDir = options.dataDir ? undefined : await mkdtemp(path.join(tmpdir(), 'cw-served-'));
  if (ownDataDir) await seedEmbeddedDataDir(ownDataDir);
  const dataDir = options.dataDir ?? ownDataDir!;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const removeOwnDataDir = () => (ownDataDir ? rm(ownDataDir, { recursive: true, force: true }) : Promise.resolve());
  let server: CivicwatchProcess;
  try {
    server = await CivicwatchProcess.start('serve', {
      NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', PUBLIC_URL: base, ...TEST_SIGN_IN_SLOWDOWN,
      // The embedded database, whatever the test's own environment holds.
      DATABASE_URL: '',
      ...options.env,
    }, { port });
  } catch (error) {
    await removeOwnDataDir();
    throw error;
  }
  return {
    base,
    dataDir,
    server,
    call: (method, url, init) => call(base, method, url, init),
    peakRssMb: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]) / 1024,
    stop: async () => {
      await server.kill('SIGTERM');
      await removeOwnDataDir();
    },
  };
}

/** The test's own runtime on a served embedded database (through its socket, as `civicwatch` reaches it beside the server). */
export const openRuntimeBeside = (served: ServedApp): Promise<Runtime> =>
  createRuntime(loadConfig({ NODE_ENV: 'test', DATA_DIR: served.dataDir, LOG_LEVEL: 'silent' }));

export const sqlOn = (runtime: Runtime) =>
  async <T = Record<string, unknown>>(query: string, params: unknown[] = []) => runtime.database.orm.em.fork().execute<T[]>(query, params);

/** What a refused request must leave as it was: rows, accounts' roles, tiers, credits and verified addresses, the ledger, prompts, tiers. */
export async function storedTotals(runtime: Runtime): Promise<Record<string, unknown>> {
  const [totals] = await sqlOn(runtime)(`select
    (select count(*) from users)::int as users, (select count(*) from analyses)::int as analyses,
    (select count(*) from pending_analyses)::int as pending, (select count(*) from promo_redemptions)::int as redemptions,
    (select count(*) from promo_codes)::int as promos, (select count(*) from audit_log)::int as audit,
    (select count(*) from payments)::int as payments, (select count(*) from payment_events)::int as payment_events,
    (select coalesce(sum(delta), 0)::int from credit_ledger) as ledger, (select coalesce(sum(credits), 0)::int from users) as credits,
    (select count(*) from subscriptions)::int as subscriptions, (select count(*) from analyses where share_token is not null)::int as shared,
    (select md5(string_agg(id::text || role || tier_id || credits || coalesce(email_verified_at::text, '-'), '|' order by id)) from users) as accounts,
    (select md5(string_agg(t::text, '|' order by id)) from subscription_tiers t) as tiers,
    (select string_agg(value, '|' order by key) from settings) as settings`);
  return totals!;
}
