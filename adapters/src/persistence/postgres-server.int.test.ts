import { describe, it } from 'vitest';
import { createTestDatabase, serverTestSkipReason } from './testing/create-test-database.ts';
import { storeSessions } from './contract/harness.ts';
import { unitOfWorkContract } from './contract/unit-of-work.contract.ts';
import { sessionStoreContract } from './session-store.contract.ts';
import { databaseHandleContract } from './database-handle.contract.ts';
import { rateLimitStoreContract } from './rate-limit-store.contract.ts';
import { PostgresRateLimitStore } from './postgres-rate-limit-store.ts';

// A PostgreSQL server: each suite gets its own database, created through TEST_DATABASE_URL and dropped after.
const skipReason = serverTestSkipReason();

if (skipReason) {
  describe('PostgreSQL server contracts', () => {
    it.skip(`skipped: ${skipReason} (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)`, () => {});
  });
} else {
  const open = () => createTestDatabase({ kind: 'server' });
  unitOfWorkContract('PostgreSQL server', async () => {
    const test = await open();
    return { uow: test.db.uow, ...storeSessions(test.db.sessionStore), dispose: test.dispose };
  });
  sessionStoreContract('PostgreSQL server', async () => {
    const test = await open();
    return { store: test.db.sessionStore, uow: test.db.uow, dispose: test.dispose };
  });
  databaseHandleContract('PostgreSQL server', open);
  rateLimitStoreContract('PostgreSQL server', async () => {
    const test = await open();
    return { store: new PostgresRateLimitStore(test.db.orm), dispose: test.dispose };
  });
}
