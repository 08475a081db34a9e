import { createTestDatabase } from './testing/create-test-database.ts';
import { storeSessions } from './contract/harness.ts';
import { unitOfWorkContract } from './contract/unit-of-work.contract.ts';
import { sessionStoreContract } from './session-store.contract.ts';
import { databaseHandleContract } from './database-handle.contract.ts';
import { rateLimitStoreContract } from './rate-limit-store.contract.ts';
import { PostgresRateLimitStore } from './postgres-rate-limit-store.ts';

// Embedded PGlite, reached through its Unix socket with the pg driver, exactly as the server uses it.
const open = () => createTestDatabase({ kind: 'pglite' });

unitOfWorkContract('PGlite over its socket', async () => {
  const test = await open();
  return { uow: test.db.uow, ...storeSessions(test.db.sessionStore), dispose: test.dispose };
});
sessionStoreContract('PGlite over its socket', async () => {
  const test = await open();
  return { store: test.db.sessionStore, uow: test.db.uow, dispose: test.dispose };
});
databaseHandleContract('PGlite over its socket', open);
rateLimitStoreContract('PGlite over its socket', async () => {
  const test = await open();
  return { store: new PostgresRateLimitStore(test.db.orm), dispose: test.dispose };
});
