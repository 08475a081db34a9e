import type { DatabaseHandle } from '../open-database.ts';
import { migrations as knownMigrations } from '../migrations/index.ts';
import {
  openBackupFile, refusalsAsResult, refuse, type BackupRecord, type BackupResult, type TableCount, type TableSection,
} from './backup-file.ts';
import {
  appliedMigrations, listTables, query, quoteIdentifier, resetSequences, INSTALLATION_TABLES, TABLES_NOT_BACKED_UP, type SqlTransaction,
} from './database-catalog.ts';

export interface RestoreOptions {
  /** Replace a database that already holds data; without it such a database is refused. */
  force?: boolean;
}

export interface RestoreSummary {
  file: string;
  /** When the backup's snapshot was taken, ISO 8601. */
  createdAt: string;
  /** The backup's migrations: the level its rows were loaded at. */
  migrations: string[];
  /** Migrations applied after loading, to bring the rows to this version of CivicWatch. */
  migrated: string[];
  /** Rows loaded per table, in the order they were loaded. */
  tables: TableCount[];
}

/** Rows, or bytes of their JSON, sent to the database in one statement. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Replaces the database's contents with the backup in `file` (ADR 0011), in one transaction: the schema is
 * brought to the backup's migration level, every table emptied and loaded, sequences moved past the loaded
 * rows, then the remaining migrations of this version run. Any failure (a damaged file, a row the schema
 * refuses) rolls all of it back. A database that already holds data is refused unless `force` is set.
 */
export async function restoreDatabase(db: DatabaseHandle, file: string, options: RestoreOptions = {}): Promise<BackupResult<RestoreSummary>> {
  const migrationsTable = db.orm.config.get('migrations').tableName!;
  const known = knownMigrations.map((m) => m.name);
  return refusalsAsResult(async () => {
    const backup = await openBackupFile(file);
    try {
      const level = backupLevel(file, backup.header.migrations, known);
      // Readies the migrator (and its bookkeeping table) before the transaction: readying it inside would
      // take a second connection, which on the embedded database waits for the transaction that waits for it.
      await db.pendingMigrations();
      return await db.orm.em.getConnection().transactional(async (trx) => {
        const applied = await appliedMigrations(trx, migrationsTable);
        const unknown = applied.filter((name) => !known.includes(name));
        if (unknown.length > 0) {
          throw refuse('backup.too_new', `This database was migrated by a newer CivicWatch (${unknown.join(', ')}); restore with that version`);
        }
        if (!options.force) await refuseIfInUse(trx, migrationsTable);

        if (applied.length > backup.header.migrations.length) await db.orm.migrator.down({ to: level, transaction: trx });
        await db.orm.migrator.up({ to: level, transaction: trx });
        const tables = await listTables(trx, migrationsTable);
        await query(trx, `truncate table ${tables.map((t) => quoteIdentifier(t.name)).join(', ')} restart identity`);
        const loaded = await load(trx, file, backup.records, tables);
        await resetSequences(trx, loaded.map((t) => t.name));
        const migrated = await db.orm.migrator.up({ transaction: trx });
        return { file, createdAt: backup.header.createdAt, migrations: backup.header.migrations, migrated: migrated.map((m) => m.name), tables: loaded };
      });
    } finally {
      await backup.close();
    }
  });
}

/** The backup's last migration, once its migrations are known to be a beginning of this version's. */
function backupLevel(file: string, migrations: string[], known: string[]): string {
  const unknown = migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw refuse('backup.too_new', `${file} was made by a newer CivicWatch (migration ${unknown.join(', ')}); update CivicWatch to restore it`);
  }
  if (migrations.some((name, i) => known[i] !== name)) throw refuse('backup.invalid', `${file} has a damaged header: its migrations are out of order`);
  return migrations.at(-1)!;
}

/**
 * Refuses a database with rows anywhere but in what an installation fills by itself (INSTALLATION_TABLES)
 * and what a backup leaves out: a failed sign-in's counter is no data a restore would lose.
 */
async function refuseIfInUse(trx: SqlTransaction, migrationsTable: string): Promise<void> {
  const inUse: string[] = [];
  for (const table of await listTables(trx, migrationsTable)) {
    if (INSTALLATION_TABLES.includes(table.name) || TABLES_NOT_BACKED_UP.includes(table.name)) continue;
    if ((await query(trx, `select 1 from ${quoteIdentifier(table.name)} limit 1`)).length > 0) inUse.push(table.name);
  }
  if (inUse.length > 0) {
    throw refuse('backup.target_not_empty', `This database already holds data (in ${inUse.join(', ')}), which a restore would replace`);
  }
}

/** Loads the file's tables in their order, a batch of rows per statement; answers the rows loaded per table. */
async function load(trx: SqlTransaction, file: string, records: AsyncIterable<BackupRecord>, tables: TableSection[]): Promise<TableCount[]> {
  const schema = new Map(tables.map((t) => [t.name, new Set(t.columns)]));
  const loaded: TableCount[] = [];
  let table: TableSection | undefined;
  let batch: string[] = [];
  let batchBytes = 0;
  let ended: Record<string, number> | undefined;

  const flush = async () => {
    if (batch.length === 0) return;
    const columns = table!.columns.map(quoteIdentifier).join(', ');
    const name = quoteIdentifier(table!.name);
    try {
      // OVERRIDING SYSTEM VALUE keeps the numbers of identity columns as they were saved.
      await query(trx, `insert into ${name} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${name}, $1::json)`, [`[${batch.join(',')}]`]);
    } catch (error) {
      // Data exceptions and integrity violations (SQLSTATE classes 22 and 23): the file, not the database, is at fault.
      const sqlState = (error as { code?: unknown }).code;
      if (typeof sqlState === 'string' && /^2[23]/.test(sqlState)) {
        throw refuse('backup.invalid', `${file} is damaged: a row of ${table!.name} cannot be loaded (${(error as Error).message})`);
      }
      throw error;
    }
    loaded.at(-1)!.rows += batch.length;
    batch = [];
    batchBytes = 0;
  };

  for await (const record of records) {
    if (ended) throw refuse('backup.invalid', `${file} is damaged: it goes on after its end`);
    if (record.kind === 'table') {
      await flush();
      const columns = schema.get(record.section.name);
      if (!columns || loaded.some((t) => t.name === record.section.name)) {
        throw refuse('backup.invalid', `${file} is damaged: its table ${record.section.name} is not one of this schema's, or comes twice`);
      }
      const missing = record.section.columns.filter((c) => !columns.has(c));
      if (missing.length > 0) throw refuse('backup.invalid', `${file} is damaged: ${record.section.name} has no column ${missing.join(', ')}`);
      table = record.section;
      loaded.push({ name: table.name, rows: 0 });
    } else if (record.kind === 'row') {
      if (!table) throw refuse('backup.invalid', `${file} is damaged: it has rows before its first table`);
      batch.push(record.json);
      batchBytes += record.json.length;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
    } else {
      await flush();
      ended = record.tables;
    }
  }
  if (!ended) throw refuse('backup.invalid', `${file} is incomplete: it ends before its last table`);
  const expected = Object.entries(ended).map(([name, rows]) => ({ name, rows }));
  if (JSON.stringify(expected) !== JSON.stringify(loaded)) {
    throw refuse('backup.invalid', `${file} is damaged: the rows read do not match the counts it was written with`);
  }
  return loaded;
}
