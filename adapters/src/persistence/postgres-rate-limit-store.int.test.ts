import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/create-test-database.ts';
import { PostgresRateLimitStore } from './postgres-rate-limit-store.ts';

describe('PostgresRateLimitStore', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await test?.dispose();
  });
  const rows = async () => (await test.db.orm.em.fork().execute<Array<{ key: string }>>('select key from rate_limits')).map((r) => r.key);

  it('prunes the rows of ended windows and keeps the open ones', async () => {
    const store = new PostgresRateLimitStore(test.db.orm, {}, { pruneIntervalMs: 60_000 });
    const ended = randomUUID();
    const open = randomUUID();
    await store.hit(ended, 100);
    await store.hit(open, 60_000);
    await sleep(200);
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    expect(await rows()).toContain(open);
    expect(await rows()).not.toContain(ended);
  });

  it('prunes by itself, at most once per interval, as hits come', async () => {
    const store = new PostgresRateLimitStore(test.db.orm, {}, { pruneIntervalMs: 300 });
    const ended = randomUUID();
    await store.hit(ended, 50);
    await sleep(400);
    await store.hit(randomUUID(), 60_000);
    expect(await rows()).not.toContain(ended);
  });

  it('refuses options it would count differently from the other stores', () => {
    const Store = PostgresRateLimitStore.on(test.db.orm);
    expect(() => new Store({ continueExceeding: true })).toThrow(/fixed windows only/);
    expect(() => new Store({}).child({ exponentialBackoff: true, routeInfo: {} })).toThrow(/fixed windows only/);
  });
});
