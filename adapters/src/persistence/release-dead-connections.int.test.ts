import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyDatabase, type TcpProxy } from '../testing/tcp-proxy.ts';
import { isDatabaseUnreachable } from './database-unreachable.ts';
import { openDatabase, type DatabaseHandle } from './open-database.ts';
import { createTestDatabase, serverTestSkipReason, type TestDatabase } from './testing/create-test-database.ts';

const skip = serverTestSkipReason();

/** `promise`, or a rejection once `ms` have passed: a pool that hangs fails the test instead of the run. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, sleep(ms).then(() => Promise.reject(new Error(`no answer within ${ms} ms: the pool has no connection to give`)))]);

describe.skipIf(skip)(`a database connection cut mid-transaction (PostgreSQL server through a proxy)${skip ? `: skipped, ${skip}` : ''}`, () => {
  let test: TestDatabase;
  let proxy: TcpProxy;
  let db: DatabaseHandle;

  beforeAll(async () => {
    test = await createTestDatabase({ kind: 'server', poolSize: 1 });
    const proxied = await proxyDatabase(test.location);
    proxy = proxied.proxy;
    // One connection in the pool: a single slot lost for good would stop everything.
    db = await openDatabase({ kind: 'server', url: proxied.url, poolSize: 1 });
  });

  afterAll(async () => {
    // Bounded: a pool still holding a lost connection (the bug this guards against) never finishes closing,
    // and the scratch database must be dropped all the same.
    await Promise.race([db?.close(), sleep(5_000)]);
    await proxy?.close();
    await test?.dispose();
  });

  it('fails the transaction as the database being unreachable, and gives its pool slot back for the next one', async () => {
    for (let cut = 0; cut < 3; cut += 1) {
      const transaction = db.orm.em.fork().transactional(async (em) => {
        await em.execute('select 1');
        proxy.cut();
        await em.execute('select 1');
      });
      const failure = await within(transaction, 10_000).then(() => null, (error: unknown) => error);
      expect(isDatabaseUnreachable(failure), String(failure)).toBe(true);
    }
    expect(await within(db.orm.em.fork().execute('select 1 as one'), 10_000)).toEqual([{ one: 1 }]);
    expect((await db.health()).ok).toBe(true);
  });
});
