import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';

/**
 * The backup file (ADR 0011): gzip-compressed JSON lines. The first line is the header; then, per table in
 * foreign-key order, a `["table", {name, columns}]` line followed by one line per row as PostgreSQL's
 * `row_to_json` wrote it; last an `["end", {tables: {name: rows}}]` line. Control lines are arrays and rows
 * are objects, so a row never reads as a control line whatever its columns are called. Rows are copied
 * as text, never parsed, so numbers keep every digit.
 */
export const BACKUP_FORMAT = 'civicwatch-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** When the snapshot was taken (the database's clock), ISO 8601. */
  createdAt: string;
  /** The migrations applied to the database that was backed up, in order: its schema's level. */
  migrations: string[];
}

export interface TableSection {
  name: string;
  /** The stored columns, in table order (generated columns are left out: the database computes them). */
  columns: string[];
}

export interface TableCount {
  name: string;
  rows: number;
}

export type BackupErrorCode =
  | 'backup.unreadable' | 'backup.invalid' | 'backup.too_new' | 'backup.target_not_empty' | 'backup.unwritable' | 'backup.nothing_to_back_up';

/** An expected failure of a backup or a restore, with the words shown to the person who ran it. */
export interface BackupFailure {
  readonly code: BackupErrorCode;
  readonly message: string;
}

export type BackupResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: BackupFailure };

/** Thrown inside a backup's or a restore's transaction so that it rolls back; the caller returns its failure. */
export class BackupRefusal extends Error {
  constructor(readonly failure: BackupFailure) {
    super(failure.message);
  }
}

export const refuse = (code: BackupErrorCode, message: string): BackupRefusal => new BackupRefusal({ code, message });

/** Runs `work`, answering a refusal thrown anywhere inside it as a failed result; anything else is a bug or an outage and propagates. */
export async function refusalsAsResult<T>(work: () => Promise<T>): Promise<BackupResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof BackupRefusal) return { ok: false, error: error.failure };
    throw error;
  }
}

const headerShape = z.object({ format: z.literal(BACKUP_FORMAT), version: z.number().int().positive() });
const headerV1 = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime({ offset: true }),
  migrations: z.array(z.string().min(1)).min(1),
});
const controlLine = z.union([
  z.tuple([z.literal('table'), z.object({ name: z.string().min(1), columns: z.array(z.string().min(1)).min(1) })]),
  z.tuple([z.literal('end'), z.object({ tables: z.record(z.string(), z.number().int().nonnegative()) })]),
]);

export const headerLine = (header: BackupHeader): string => `${JSON.stringify(header)}\n`;
export const tableLine = (section: TableSection): string => `${JSON.stringify(['table', section])}\n`;
export const endLine = (counts: TableCount[]): string =>
  `${JSON.stringify(['end', { tables: Object.fromEntries(counts.map((c) => [c.name, c.rows])) }])}\n`;

/**
 * Writes `chunks` gzip-compressed to `file` through a private temporary file beside it (mode 0600: a backup
 * holds password hashes and personal data), flushed and then renamed into place, so `file` is either the
 * complete new backup or untouched. Answers the size written.
 */
export async function writeBackupFile(file: string, chunks: AsyncIterable<string>): Promise<number> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID().slice(0, 8)}.partial`);
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(temporary, 'wx', 0o600);
  } catch (error) {
    throw refuse('backup.unwritable', `Cannot write ${file}: ${describeFileError(error)}`);
  }
  try {
    await pipeline(Readable.from(chunks), createGzip(), handle.createWriteStream({ flush: true }));
    await fs.rename(temporary, file);
    return (await fs.stat(file)).size;
  } catch (error) {
    await fs.rm(temporary, { force: true });
    if (error instanceof BackupRefusal) throw error;
    if (isFileError(error)) throw refuse('backup.unwritable', `Cannot write ${file}: ${describeFileError(error)}`);
    throw error;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export type BackupRecord = { kind: 'table'; section: TableSection } | { kind: 'row'; json: string } | { kind: 'end'; tables: Record<string, number> };

/** An opened backup: its checked header, then its records one at a time. Close it when stopping early. */
export interface BackupReader {
  header: BackupHeader;
  records: AsyncGenerator<BackupRecord>;
  close(): Promise<void>;
}

/**
 * Opens `file` and reads its header. A file that cannot be read, is not a gzip-compressed CivicWatch
 * backup, or comes from a newer CivicWatch is refused here; damage later in the file is refused when
 * `records` reaches it.
 */
export async function openBackupFile(file: string): Promise<BackupReader> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
    if ((await handle.stat()).isDirectory()) {
      await handle.close();
      throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    }
  } catch (error) {
    throw refuse('backup.unreadable', `Cannot read ${file}: ${describeFileError(error)}`);
  }
  const lines = readLines(file, handle);
  try {
    const first = await lines.next();
    const header = parseHeader(file, first.done ? '' : first.value);
    return { header, records: readRecords(file, lines), close: async () => { await lines.return(undefined); } };
  } catch (error) {
    await lines.return(undefined);
    throw error;
  }
}

function parseHeader(file: string, line: string): BackupHeader {
  const notABackup = refuse('backup.invalid', `${file} is not a CivicWatch backup`);
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw notABackup;
  }
  const shape = headerShape.safeParse(value);
  if (!shape.success) throw notABackup;
  if (shape.data.version > BACKUP_VERSION) {
    throw refuse('backup.too_new', `${file} was written by a newer CivicWatch (backup format ${shape.data.version}); update CivicWatch to restore it`);
  }
  const header = headerV1.safeParse(value);
  if (!header.success) throw refuse('backup.invalid', `${file} has a damaged header: ${z.prettifyError(header.error).replaceAll('\n', ' ')}`);
  return header.data;
}

async function* readRecords(file: string, lines: AsyncGenerator<string>): AsyncGenerator<BackupRecord> {
  for await (const line of lines) {
    if (line.startsWith('{')) {
      yield { kind: 'row', json: line };
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const control = controlLine.safeParse(value);
    if (!control.success) throw refuse('backup.invalid', `${file} is damaged: a line is neither a row nor a table`);
    const [kind, body] = control.data;
    if (kind === 'table') yield { kind, section: body };
    else yield { kind, tables: body.tables };
  }
}

/** The file's lines after gunzip; read and decompression errors become refusals that say what is wrong with the file. */
async function* readLines(file: string, handle: fs.FileHandle): AsyncGenerator<string> {
  const gunzip = createGunzip();
  const done = pipeline(handle.createReadStream(), gunzip).catch(() => undefined);
  gunzip.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) yield part;
    }
  } catch (error) {
    throw decompressionRefusal(file, error);
  } finally {
    gunzip.destroy();
    await done;
  }
  if (rest !== '') yield rest;
}

function decompressionRefusal(file: string, error: unknown): BackupRefusal {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_DATA_ERROR' && /header/i.test((error as Error).message)) {
    return refuse('backup.invalid', `${file} is not a CivicWatch backup (it is not gzip-compressed)`);
  }
  if (code?.startsWith('Z_')) return refuse('backup.invalid', `${file} is damaged or incomplete (${(error as Error).message})`);
  return refuse('backup.unreadable', `Cannot read ${file}: ${describeFileError(error)}`);
}

const fileErrors: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EEXIST: 'a file of that name appeared meanwhile',
};

const isFileError = (error: unknown): boolean => typeof (error as NodeJS.ErrnoException)?.code === 'string' && (error as NodeJS.ErrnoException).code! in fileErrors;

const describeFileError = (error: unknown): string =>
  fileErrors[(error as NodeJS.ErrnoException).code ?? ''] ?? (error instanceof Error ? error.message : String(error));
