import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnitOfWork } from '@civicwatch/core';
import { createTestDatabase, serverTestSkipReason, type TestDatabase } from '@civicwatch/adapters/persistence/testing/create-test-database.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../testing/test-app.ts';
import { multipartBody } from '../testing/multipart.ts';

const TEXT = 'RESOLUTION 12. The Board approves the purchase of two snow ploughs for the public works department, '
  + 'to be paid from the road fund, after a public hearing on the 4th of December.';

/**
 * 50 analyses posted at once by a user holding 5 credits: exactly 5 run and are stored, the balance ends at 0,
 * and the ledger adds up. The balance is guarded by one conditional UPDATE per debit (ADR 0002), whatever the pool.
 */
function concurrentAnalysesSuite(name: string, open: () => Promise<{ app: TestApp; dispose?: () => Promise<void> }>) {
  describe(`50 simultaneous analyses with 5 credits: ${name}`, () => {
    let t: TestApp;
    let dispose: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ app: t, dispose } = await open());
    });
    afterAll(async () => {
      await t?.close();
      await dispose?.();
    });

    it('stores exactly 5 analyses, leaves the balance at 0 and the ledger consistent', async () => {
      const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: 'Ida', email: `ida-${randomUUID()}@example.org`, password: 'liberty1' } });
      const userId: string = registered.json().id;
      const cookie = sessionCookie(registered);
      const uow = t.runtime.container.get<UnitOfWork>(UnitOfWork);
      // Test support, as billing would: a paid plan and 4 more credits through the ledger (5 in all).
      await uow.run(async (r) => {
        await r.users.updateTier(userId, 'patriot');
        await r.ledger.post({ userId, delta: 4, reason: 'admin_adjustment' });
      });

      const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => {
        const { payload, headers } = multipartBody({ text: TEXT, title: `Resolution ${i}`, analysisType: 'summary' });
        return t.app.inject({ method: 'POST', url: '/api/analyze', payload, headers: { ...headers, cookie } });
      }));
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 402)).toHaveLength(45);

      const user = await uow.run((r) => r.users.findById(userId));
      expect(user?.credits).toBe(0);
      expect(await uow.run((r) => r.analyses.count(userId))).toBe(5);
      const ledger = await uow.run((r) => r.ledger.history(userId));
      expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(user?.credits);
      expect(ledger.filter((row) => row.reason === 'analysis_debit')).toHaveLength(5);
      expect(ledger.filter((row) => row.reason === 'analysis_refund')).toHaveLength(0);
      expect(await uow.run((r) => r.pendingAnalyses.list())).toEqual([]);
    });
  });
}

concurrentAnalysesSuite('PGlite', async () => ({ app: await buildTestApp() }));

const skipReason = serverTestSkipReason();
if (skipReason) {
  describe('50 simultaneous analyses with 5 credits: PostgreSQL server', () => {
    it.skip(`skipped: ${skipReason} (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)`, () => {});
  });
} else {
  concurrentAnalysesSuite('PostgreSQL server', async () => {
    const database: TestDatabase = await createTestDatabase({ kind: 'server', poolSize: 1 });
    const app = await buildTestApp({ DATABASE_URL: database.location, SESSION_SECRET: 'concurrency-test-secret-0123456789abcdef' });
    return { app, dispose: database.dispose };
  });
}
