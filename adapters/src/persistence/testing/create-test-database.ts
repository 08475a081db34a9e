import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../open-database.ts';
import { seedEmbeddedDataDir } from './pglite-template.ts';

export type TestDatabaseKind = 'pglite' | 'server';

export interface TestDatabaseOptions {
  kind: TestDatabaseKind;
  /** Server only: a URL whose user may create databases. Default: TEST_DATABASE_URL. */
  url?: string;
  poolSize?: number;
}

export interface TestDatabase {
  /** Opened and migrated. */
  db: DatabaseHandle;
  /** Embedded: its DATA_DIR; server: the URL of the database created for this test. */
  location: string;
  /** Closes the database and deletes it (the temporary DATA_DIR, or the created database). */
  dispose(): Promise<void>;
}

/** Why server tests are skipped, or null when they can run. For `describe.skipIf` and its title. */
export const serverTestSkipReason = (): string | null =>
  process.env.TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL is not set';

/**
 * A fresh, migrated database for a test: an embedded PGlite in a temporary directory (served on its own
 * socket), or a new uniquely named database on the PostgreSQL server of TEST_DATABASE_URL.
 */
export async function createTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const poolSize = options.poolSize ?? 5;
  if (options.kind === 'pglite') {
    // Short, under /tmp: a Unix socket path may not exceed 107 bytes.
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-'));
    try {
      await seedEmbeddedDataDir(dataDir);
      const db = await openDatabase({ kind: 'embedded', dataDir, poolSize });
      await db.migrate();
      return {
        db,
        location: dataDir,
        dispose: async () => {
          await db.close();
          await fs.rm(dataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await fs.rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  const adminUrl = options.url ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('createTestDatabase({ kind: "server" }) needs TEST_DATABASE_URL or a url.');
  const name = `civicwatch_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = await openDatabase({ kind: 'server', url: adminUrl, poolSize: 1 });
  await admin.orm.em.fork().execute(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dropIt = async () => {
    await admin.orm.em.fork().execute(`drop database if exists "${name}" with (force)`);
    await admin.close();
  };
  try {
    const db = await openDatabase({ kind: 'server', url: url.toString(), poolSize });
    await db.migrate();
    return {
      db,
      location: url.toString(),
      dispose: async () => {
        try {
          await db.close();
        } finally {
          await dropIt();
        }
      },
    };
  } catch (error) {
    await dropIt();
    throw error;
  }
}
