/**
 * `civicwatch analyze file.pdf` on a fresh clone (issue 16): the embedded database is this installation's, so the
 * command applies the committed migrations itself; a PostgreSQL server's schema stays its operator's to migrate.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@civicwatch/adapters/persistence/open-database.ts';
import { migrations } from '@civicwatch/adapters/persistence/migrations/index.ts';
import { serverTestSkipReason } from '@civicwatch/adapters/persistence/testing/create-test-database.ts';
import { runCivicwatch } from '../testing/run-cli.ts';

const plainPdf = fileURLToPath(new URL('../../../../adapters/src/extraction/fixtures/plain.pdf', import.meta.url));
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const civicwatch = runCivicwatch;

interface Analysis { summary: string; citations: Array<{ section: string; verified: boolean }> }

describe('civicwatch analyze on a fresh installation', () => {
  it('creates and migrates the embedded database itself, then analyses the PDF with verified citations', { timeout: 240_000 }, async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-fresh-'));
    cleanups.push(() => fs.rm(parent, { recursive: true, force: true }));
    // DATA_DIR does not exist yet, as in a fresh clone; DATABASE_URL empty: the embedded default.
    const env = { DATA_DIR: path.join(parent, 'data'), DATABASE_URL: '' };

    const first = await civicwatch(env, 'analyze', plainPdf, '--json');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/up to date: \d+ migration\(s\) applied/);
    const analysis = JSON.parse(first.stdout) as Analysis;
    expect(analysis.summary).toContain('budget');
    expect(analysis.citations.filter((c) => c.section === 'summary' && c.verified)).not.toEqual([]);

    // The next command finds the schema up to date: nothing applied, nothing said.
    const second = await civicwatch(env, 'analyze', plainPdf, '--json');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('migration');
  });

  it.skipIf(serverTestSkipReason())('refuses a PostgreSQL server\'s unmigrated schema, naming `civicwatch migrate`, and leaves it as it was', async () => {
    const admin = await openDatabase({ kind: 'server', url: process.env.TEST_DATABASE_URL!, poolSize: 1 });
    const name = `civicwatch_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await admin.orm.em.fork().execute(`create database "${name}"`);
    cleanups.push(async () => {
      await admin.orm.em.fork().execute(`drop database if exists "${name}" with (force)`);
      await admin.close();
    });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;

    const refused = await civicwatch({ DATABASE_URL: url.toString(), SESSION_SECRET: 'analyze-test-session-secret-not-for-production' },
      'analyze', plainPdf, '--json');
    expect(refused.code).toBe(70);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`The database has ${migrations.length} pending migration(s): run \`civicwatch migrate\` first.`);

    const database = await openDatabase({ kind: 'server', url: url.toString(), poolSize: 1 });
    cleanups.push(() => database.close());
    expect(await database.pendingMigrations()).toHaveLength(migrations.length);
  });
});
