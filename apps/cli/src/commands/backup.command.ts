import type { Command } from 'commander';
import type { Runtime } from '@civicwatch/adapters/container/container.ts';
import type { BackupFailure, TableCount } from '@civicwatch/adapters/persistence/backup/backup-file.ts';
import { backupDatabase } from '@civicwatch/adapters/persistence/backup/backup-database.ts';
import { restoreDatabase } from '@civicwatch/adapters/persistence/backup/restore-database.ts';
import { withRuntime } from '../runtime.ts';
import { formatTable } from '../format-table.ts';
import { exitCodeForBackup } from '../exit-codes.ts';
import { done, doneJson, failed, report, type CommandOutcome } from '../command-outcome.ts';
import { explain } from '../help.ts';

const rowsOf = (tables: TableCount[], name: string) => tables.find((t) => t.name === name)?.rows ?? 0;

/** The counts people look for first, beside every table's. */
const withHeadlines = <T extends { tables: TableCount[] }>(summary: T) =>
  ({ ...summary, users: rowsOf(summary.tables, 'users'), analyses: rowsOf(summary.tables, 'analyses') });

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "14 tables, 230 rows (3 accounts, 1 analysis)". */
const describeTables = (tables: TableCount[]): string => {
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  return `${counted(tables.length, 'table', 'tables')}, ${counted(rows, 'row', 'rows')} `
    + `(${counted(rowsOf(tables, 'users'), 'account', 'accounts')}, ${counted(rowsOf(tables, 'analyses'), 'analysis', 'analyses')})`;
};

const tableOfCounts = (tables: TableCount[]): string => formatTable(['Table', 'Rows'], tables.map((t) => [t.name, String(t.rows)]));

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const failedBackup = (command: 'backup' | 'restore', error: BackupFailure): CommandOutcome =>
  failed(command, exitCodeForBackup[error.code], `${error.message}${error.code === 'backup.target_not_empty' ? '; pass --force to replace it' : ''} (${error.code})`);

/** Writes a backup of the whole database to `file` (ADR 0011); works while the server runs. */
export async function backupCommand(runtime: Runtime, file: string, options: { json?: boolean } = {}): Promise<CommandOutcome> {
  const result = await backupDatabase(runtime.database, file);
  if (!result.ok) return failedBackup('backup', result.error);
  const backup = result.value;
  if (options.json) return doneJson(withHeadlines(backup));
  return done(`${tableOfCounts(backup.tables)}Backed up ${describeTables(backup.tables)} to ${backup.file} (${kilobytes(backup.bytes)}), `
    + `as of ${backup.createdAt}, at migration ${backup.migrations.at(-1)}.\n`);
}

/** Replaces the database's contents with the backup in `file` (ADR 0011); a database that holds data needs `force`. */
export async function restoreCommand(runtime: Runtime, file: string, options: { force?: boolean; json?: boolean } = {}): Promise<CommandOutcome> {
  const result = await restoreDatabase(runtime.database, file, { force: options.force });
  if (!result.ok) return failedBackup('restore', result.error);
  const restored = result.value;
  if (options.json) return doneJson(withHeadlines(restored));
  const migrated = restored.migrated.length > 0 ? ` Then applied ${restored.migrated.length} migration(s): ${restored.migrated.join(', ')}.` : '';
  return done(`${tableOfCounts(restored.tables)}Restored ${describeTables(restored.tables)} from ${restored.file}, as of ${restored.createdAt}.${migrated}\n`
    + 'Everyone was signed out: people sign in again with their passwords.\n');
}

export function registerBackupCommands(program: Command) {
  explain(program
    .command('backup')
    .description('save every account, analysis and setting to a file (gzip-compressed JSON lines), also while the server runs')
    .argument('<file>', 'where to write the backup; replaced only once the backup is complete')
    .option('--json', 'print what was saved as JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      // Any migration level can be backed up: a backup before `civicwatch migrate` is the one to keep.
      report(await withRuntime((runtime) => backupCommand(runtime, file, options), { migrating: true }));
    }), {
    environment: ['database'],
    examples: [
      ['civicwatch backup civicwatch.jsonl.gz', 'the embedded database in DATA_DIR, also while the server runs'],
    ],
  });

  explain(program
    .command('restore')
    .description('replace the database\'s contents with a backup, then apply this version\'s migrations')
    .argument('<file>', 'a file written by `civicwatch backup`')
    .option('--force', 'replace a database that already holds accounts or other data')
    .option('--json', 'print what was restored as JSON')
    .action(async (file: string, options: { force?: boolean; json?: boolean }) => {
      // The database may be new and not yet migrated: the restore migrates it.
      report(await withRuntime((runtime) => restoreCommand(runtime, file, options), { migrating: true }));
    }), {
    environment: ['database'],
    examples: [
      ['DATA_DIR=./data-new civicwatch restore civicwatch.jsonl.gz', 'into a fresh installation, then start it with DATA_DIR=./data-new'],
      ['civicwatch restore --force civicwatch.jsonl.gz', 'replaces everything the database holds'],
    ],
  });
}
