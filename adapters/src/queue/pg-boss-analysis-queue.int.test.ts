import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../persistence/open-database.ts';
import { createTestDatabase, serverTestSkipReason, type TestDatabase } from '../persistence/testing/create-test-database.ts';
import { proxyDatabase, type TcpProxy } from '../testing/tcp-proxy.ts';
import { PgBossAnalysisQueue } from './pg-boss-analysis-queue.ts';
import { PgBossJobs } from './pg-boss-jobs.ts';

const skip = serverTestSkipReason();

/**
 * An API instance's queue that reaches the database through a proxy the test cuts, beside a worker elsewhere
 * (on a direct connection) that keeps running the job: the request waiting for it must not fail for the outage.
 */
describe.skipIf(skip)(`the analysis queue through a database outage (PostgreSQL server)${skip ? `: skipped, ${skip}` : ''}`, () => {
  let test: TestDatabase;
  let proxy: TcpProxy;
  let apiDatabase: DatabaseHandle;
  const apiJobs = new PgBossJobs();
  const workerJobs = new PgBossJobs();
  const api = new PgBossAnalysisQueue(apiJobs);
  const worker = new PgBossAnalysisQueue(workerJobs);
  let outageOver: () => void = () => {};
  const outage = new Promise<void>((resolve) => { outageOver = resolve; });

  beforeAll(async () => {
    test = await createTestDatabase({ kind: 'server', poolSize: 1 });
    const proxied = await proxyDatabase(test.location);
    proxy = proxied.proxy;
    apiDatabase = await openDatabase({ kind: 'server', url: proxied.url, poolSize: 2 }, { analysisJobs: (em) => api.within(em) });
    await apiJobs.start({ connection: apiDatabase.connection, poolSize: 2 });
    await api.start({ workers: 0, handlers: { process: () => Promise.reject(new Error('an API-only queue runs no job')), abandon: async () => {} } });
    // The worker answers once the outage is over, as a job that outlives it.
    await workerJobs.start({ connection: test.db.connection, poolSize: 2 });
    await worker.start({ workers: 1, handlers: { process: () => outage.then(() => ({ stored: true })), abandon: async () => {} } });
  }, 60_000);

  afterAll(async () => {
    outageOver();
    await apiJobs.stop({ graceMs: 0 });
    await workerJobs.stop({ graceMs: 0 });
    await apiDatabase?.close();
    await proxy?.close();
    await test?.dispose();
  });

  it('keeps a request waiting while its instance cannot reach the database, then answers the job\'s outcome', async () => {
    const analysisId = randomUUID();
    await apiDatabase.uow.run((repos) => repos.analysisJobs.enqueue({ analysisId, userId: randomUUID() }));
    const settled = api.settled(analysisId, { timeoutMs: 30_000 });

    await sleep(500);
    proxy.refuse(true);
    proxy.cut();
    await sleep(2_000);
    proxy.refuse(false);
    outageOver();

    expect(await settled).toEqual({ status: 'settled', outcome: { stored: true } });
  });
});
