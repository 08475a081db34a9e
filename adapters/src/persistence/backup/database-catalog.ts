import { CompiledQuery, type ControlledTransaction } from 'kysely';
import type { TableSection } from './backup-file.ts';

/** A transaction of the ORM's connection (MikroORM 7 runs on Kysely); the backup speaks SQL through it directly. */
export type SqlTransaction = ControlledTransaction<unknown>;

/**
 * Tables that a backup leaves out. `sessions` are bearer credentials signed with one installation's
 * SESSION_SECRET: a backup file should not carry live sign-ins, and a restore signs everyone out.
 * `rate_limits` are counters of the last minutes (ADR 0015), worth nothing in another installation.
 * `reference_data_version` numbers this installation's writes to tiers and prompts (ADR 0024): restoring the
 * tiers writes a new number, which no process has cached anything under.
 */
export const TABLES_NOT_BACKED_UP = ['sessions', 'rate_limits', 'reference_data_version'];

/**
 * Tables that an installation fills by itself (the tiers and prompts its migrations seed, the ADMIN_EMAILS
 * its server stores at start), so rows in them do not make a database "in use". An administrator's change
 * to a tier or a prompt leaves an audit log row, which does.
 */
export const INSTALLATION_TABLES = ['subscription_tiers', 'settings', 'configured_admins'];

/** Runs `sql` with `$1`-style parameters on `trx` and answers its rows. */
export async function query<Row>(trx: SqlTransaction, sql: string, parameters: unknown[] = []): Promise<Row[]> {
  return (await trx.executeQuery(CompiledQuery.raw(sql, parameters))).rows as Row[];
}

export const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table of the current schema but the migrations' bookkeeping, with its stored columns, parents
 * before the tables that reference them (so rows load in order). Read from the catalog, so tables and
 * columns added by later migrations are included without a change here.
 */
export async function listTables(trx: SqlTransaction, migrationsTable: string): Promise<TableSection[]> {
  const columns = await query<{ table: string; column: string }>(trx, `
    select c.relname as "table", a.attname as "column"
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and c.relname <> $1
    order by c.relname, a.attnum`, [migrationsTable]);
  const references = await query<{ child: string; parent: string }>(trx, `
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`);

  const tables = new Map<string, string[]>();
  for (const { table, column } of columns) tables.set(table, [...(tables.get(table) ?? []), column]);
  return foreignKeyOrder([...tables.keys()], references).map((name) => ({ name, columns: tables.get(name)! }));
}

/**
 * Parents first, otherwise by name (so two backups of the same data are alike). Rows load in batches, so a
 * table that references itself, or tables that reference each other in a circle, could not be loaded in
 * every order: the schema has none, and a migration that adds one must extend the backup first.
 */
export function foreignKeyOrder(tables: string[], references: Array<{ child: string; parent: string }>): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child === parent) throw new Error(`The backup cannot order the rows of ${child}, which references itself.`);
    if (parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const remaining = new Set([...tables].sort());
  while (remaining.size > 0) {
    const next = [...remaining].find((t) => [...parents.get(t)!].every((p) => !remaining.has(p)));
    if (next === undefined) throw new Error(`The backup cannot order tables that reference each other in a circle: ${[...remaining].join(', ')}.`);
    ordered.push(next);
    remaining.delete(next);
  }
  return ordered;
}

/** Names of the migrations applied to the database, in order; none when it was never migrated. */
export async function appliedMigrations(trx: SqlTransaction, migrationsTable: string): Promise<string[]> {
  const [table] = await query<{ exists: boolean }>(trx, `select to_regclass(quote_ident($1)) is not null as exists`, [migrationsTable]);
  if (!table?.exists) return [];
  return (await query<{ name: string }>(trx, `select name from ${quoteIdentifier(migrationsTable)} order by id`)).map((m) => m.name);
}

/**
 * Sets the sequence behind every serial or identity column of `tables` past the largest value loaded, so
 * the next row inserted gets a new number. Tables left empty keep the start TRUNCATE ... RESTART IDENTITY gave them.
 */
export async function resetSequences(trx: SqlTransaction, tables: string[]): Promise<void> {
  const sequences = await query<{ table: string; column: string; sequence: string }>(trx, `
    select c.relname as "table", a.attname as "column", pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as "sequence"
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname = any($1)
      and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null`, [tables]);
  for (const { table, column, sequence } of sequences) {
    await query(trx, `select setval($1, max(${quoteIdentifier(column)})) from ${quoteIdentifier(table)} having max(${quoteIdentifier(column)}) is not null`, [sequence]);
  }
}
