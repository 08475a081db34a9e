import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../open-database.ts';
import { migrations } from '../migrations/index.ts';

/**
 * A fresh PGlite cluster costs its initdb, about 20 seconds on a busy machine; opening a copy of one costs
 * under a second. Test databases therefore start from a migrated template kept in the temp directory,
 * keyed by the PGlite version and the migrations' own source, so any change to either builds a new one.
 * Built in a private directory and renamed into place, so concurrent test processes never see half a template.
 */
let template: Promise<string> | undefined;

export function pgliteTemplate(): Promise<string> {
  template ??= buildTemplate();
  return template;
}

/** Puts a copy of the migrated template's cluster into `dataDir`, ready for openDatabase. */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  await fs.cp(path.join(await pgliteTemplate(), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
}

async function buildTemplate(): Promise<string> {
  const target = path.join(os.tmpdir(), `civicwatch-pglite-template-${await templateKey()}`);
  if (await fs.access(path.join(target, 'pgdata')).then(() => true, () => false)) return target;

  const building = path.join(os.tmpdir(), `cw-build-${randomUUID().slice(0, 8)}`);
  await fs.mkdir(building);
  try {
    const db = await openDatabase({ kind: 'embedded', dataDir: building, poolSize: 1 });
    try {
      await db.migrate();
    } finally {
      await db.close();
    }
    await fs.rename(building, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process finished first; its template is as good as ours.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await fs.rm(building, { recursive: true, force: true });
  }
  return target;
}

async function templateKey(): Promise<string> {
  const pgliteEntry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  const pglitePackage = await fs.readFile(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8');
  const version = (JSON.parse(pglitePackage) as { version: string }).version;
  // The template holds the job queue's schema too (DatabaseHandle.migrate), which is pg-boss's own.
  const pgBossEntry = fileURLToPath(import.meta.resolve('pg-boss'));
  const pgBossPackage = await fs.readFile(path.join(path.dirname(pgBossEntry), '..', 'package.json'), 'utf8');
  const hash = createHash('sha256')
    .update(version)
    .update((JSON.parse(pgBossPackage) as { version: string }).version)
    .update(JSON.stringify(migrations.map((m) => [m.name, m.class.toString()])))
    .digest('hex')
    .slice(0, 16);
  return `${version}-${hash}`;
}
