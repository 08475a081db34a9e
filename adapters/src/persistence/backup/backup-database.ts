import { IsolationLevel } from '@mikro-orm/postgresql';
import type { DatabaseHandle } from '../open-database.ts';
import {
  endLine, headerLine, refusalsAsResult, refuse, tableLine, writeBackupFile, BACKUP_FORMAT, BACKUP_VERSION,
  type BackupResult, type TableCount,
} from './backup-file.ts';
import { appliedMigrations, listTables, query, quoteIdentifier, TABLES_NOT_BACKED_UP, type SqlTransaction } from './database-catalog.ts';

export interface BackupSummary {
  file: string;
  /** Size of the compressed file. */
  bytes: number;
  /** When the snapshot was taken, ISO 8601. */
  createdAt: string;
  /** The migrations applied to the database backed up, in order. */
  migrations: string[];
  /** Rows saved per table, in the order they were written. */
  tables: TableCount[];
}

/** Rows read from a table's cursor at a time: large tables never need to fit in memory. */
const FETCH_ROWS = 500;

/**
 * Writes a backup of the database to `file` (ADR 0011): every table of its schema but sessions, read in one
 * REPEATABLE READ, READ ONLY transaction, so the file is one consistent moment even while the server keeps
 * writing. On the embedded database that transaction holds the single PGlite session: the server's
 * queries wait until the backup is read (ADR 0001). `file` is replaced only by a complete backup.
 */
export async function backupDatabase(db: DatabaseHandle, file: string): Promise<BackupResult<BackupSummary>> {
  const migrationsTable = db.orm.config.get('migrations').tableName!;
  return refusalsAsResult(() => db.orm.em.getConnection().transactional(async (trx) => {
    const migrations = await appliedMigrations(trx, migrationsTable);
    if (migrations.length === 0) {
      throw refuse('backup.nothing_to_back_up', 'The database has never been migrated: there is nothing to back up');
    }
    const [snapshot] = await query<{ ms: number | string }>(trx, 'select floor(extract(epoch from now()) * 1000)::float8 as ms');
    const createdAt = new Date(Number(snapshot!.ms)).toISOString();
    const tables = (await listTables(trx, migrationsTable)).filter((t) => !TABLES_NOT_BACKED_UP.includes(t.name));
    const counts: TableCount[] = [];

    async function* lines(): AsyncGenerator<string> {
      yield headerLine({ format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt, migrations });
      for (const table of tables) {
        yield tableLine(table);
        counts.push({ name: table.name, rows: yield* rowsOf(trx, table.name) });
      }
      yield endLine(counts);
    }

    const bytes = await writeBackupFile(file, lines());
    return { file, bytes, createdAt, migrations, tables: counts };
  }, { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true }));
}

/** Yields the table's rows as `row_to_json` text, a cursor's page at a time; returns how many there were. */
async function* rowsOf(trx: SqlTransaction, table: string): AsyncGenerator<string, number> {
  const cursor = 'civicwatch_backup';
  await query(trx, `declare ${cursor} no scroll cursor for select row_to_json(t)::text as row from ${quoteIdentifier(table)} t`);
  let count = 0;
  for (;;) {
    const page = await query<{ row: string }>(trx, `fetch forward ${FETCH_ROWS} from ${cursor}`);
    if (page.length === 0) break;
    count += page.length;
    yield page.map((r) => `${r.row}\n`).join('');
  }
  await query(trx, `close ${cursor}`);
  return count;
}
