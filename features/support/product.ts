import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@civicwatch/adapters/config/config.ts';
import { createRuntime, type Runtime } from '@civicwatch/adapters/container/container.ts';
import { createTestDatabase } from '@civicwatch/adapters/persistence/testing/create-test-database.ts';
import { seedEmbeddedDataDir } from '@civicwatch/adapters/persistence/testing/pglite-template.ts';

/** Accounts that ADMIN_EMAILS names in the features' product; the first is the main administrator. */
export const FEATURE_ADMIN_EMAILS = 'chief@civicwatch.test,deputy@civicwatch.test';

/** Where the product keeps its data: the embedded PGlite, or a fresh database on a PostgreSQL server. */
export type DatabaseKind = 'embedded' | 'server';

/** The server of the `postgres` profile; a user there must be allowed to create databases. */
export const serverDatabaseUrl = (): string => process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** With DATABASE_URL every instance must share one session secret (docs/product/self-hosting.md "Embedded defaults"); any test value will do. */
const SERVER_SESSION_SECRET = 'cucumber-features-session-secret-not-for-production';

export interface Product {
  runtime: Runtime;
  /** Closes the runtime and deletes its data (the temporary DATA_DIR, the created database). */
  dispose(): Promise<void>;
}

/**
 * The product as a self-hoster configures it, from the environment: `env` adds to a test baseline (silent
 * logs, the features' administrator). A fresh, migrated database every time, with its analysis queue and
 * this process's worker started, as `civicwatch serve` starts them.
 */
export async function openProduct(database: DatabaseKind, env: Record<string, string> = {}): Promise<Product> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cw-features-'));
  const baseline = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAILS: FEATURE_ADMIN_EMAILS, ...env };
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });

  if (database === 'server') {
    // A database of its own on the server (create-test-database.ts), dropped at the end.
    const created = await createTestDatabase({ kind: 'server', url: serverDatabaseUrl(), poolSize: 1 });
    try {
      const runtime = await createRuntime(loadConfig({ ...baseline, DATABASE_URL: created.location, SESSION_SECRET: SERVER_SESSION_SECRET }));
      await runtime.startAnalysisQueue({ workers: runtime.config.analysisWorkers });
      return {
        runtime,
        dispose: async () => {
          try {
            await runtime.close();
          } finally {
            await created.dispose();
            await removeDataDir();
          }
        },
      };
    } catch (error) {
      await created.dispose();
      await removeDataDir();
      throw error;
    }
  }

  try {
    await seedEmbeddedDataDir(dataDir);
    const runtime = await createRuntime(loadConfig(baseline));
    await runtime.database.migrate();
    await runtime.startAnalysisQueue({ workers: runtime.config.analysisWorkers });
    return {
      runtime,
      dispose: async () => {
        try {
          await runtime.close();
        } finally {
          await removeDataDir();
        }
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}
