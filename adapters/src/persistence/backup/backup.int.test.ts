import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, serverTestSkipReason, type TestDatabase, type TestDatabaseKind } from '../testing/create-test-database.ts';
import { aPendingAnalysis, aUser } from '../contract/builders.ts';
import { migrations } from '../migrations/index.ts';
import type { DatabaseHandle } from '../open-database.ts';
import { listTables, query } from './database-catalog.ts';
import { backupDatabase } from './backup-database.ts';
import { restoreDatabase } from './restore-database.ts';

const migrationsTable = 'mikro_orm_migrations';

/**
 * A table no migration has yet, as a later one could add it: an identity column and the column types whose
 * text is easiest to get wrong. It proves tables and columns are found in the catalog, not in a list.
 */
const createProbeTable = (db: DatabaseHandle) => db.orm.em.fork().execute(`
  create table backup_probe (
    id bigint generated always as identity primary key,
    user_id uuid not null references users (id) on delete cascade,
    blob bytea, amount numeric, ratio double precision, tags text[], local_time timestamp, day date, span interval,
    doc jsonb, note text, doubled numeric generated always as (amount * 2) stored
  )`);

/** A database in use: every table the product writes, through its repositories, and rows that are hard to copy. */
async function fill(db: DatabaseHandle) {
  const rosa = aUser({ email: `rosa-${randomUUID()}@example.org`, firstName: 'Rosa', lastName: 'O\'Neil "Ro"', state: 'IL', tierId: 'patriot' });
  const ada = aUser({ email: `ada-${randomUUID()}@example.org`, role: 'admin' });
  const promo = { id: randomUUID(), code: `SPRING${randomUUID().slice(0, 4).toUpperCase()}`, type: 'credits' as const, credits: 3, discountPercent: 0, maxUses: 5, currentUses: 1, expiresAt: new Date('2099-01-01T00:00:00Z'), isActive: true, createdAt: new Date() };
  const analysisId = randomUUID();
  const outboxId = randomUUID();
  await db.uow.run(async (r) => {
    await r.users.insert(rosa);
    await r.users.insert(ada);
    await r.ledger.post({ userId: rosa.id, delta: 5, reason: 'signup_grant', reference: rosa.id });
    await r.ledger.post({ userId: rosa.id, delta: -1, reason: 'analysis_debit', reference: analysisId });
    await r.analyses.save({
      id: analysisId, userId: rosa.id, createdAt: new Date('2026-03-01T12:00:00.123Z'), analysisType: 'constitutional',
      document: { title: 'Ordinance 2024-17 — "libraries" \\ levy', type: 'pdf' },
      result: {
        summary: 'A levy of $0.10 per $100 for libraries.\nSecond line, tab\there, é ü 中文 🏛️',
        keyInsights: [{ text: 'Residents may object before June 3.', citation: { page: 2, quote: 'Any resident may object', verified: true } }],
        sentiment: { score: -0.25, label: 'neutral' }, empty: {}, nothing: null, ratio: 0.1 + 0.2,
      },
    });
    await r.pendingAnalyses.insert(aPendingAnalysis(rosa.id, { source: { kind: 'pdf', bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]) } }));
    await r.promos.insert(promo);
    await r.promos.recordRedemption(promo.id, rosa.id, new Date());
    await r.billing.saveCustomer(rosa.id, `cus_${rosa.id}`);
    await r.billing.saveSubscription({
      id: `sub_${randomUUID()}`, userId: rosa.id, customerId: `cus_${rosa.id}`, tierId: 'patriot', status: 'active',
      cancelAtPeriodEnd: false, currentPeriodEnd: new Date('2026-04-01T00:00:00Z'), promoId: promo.id, createdAt: new Date(), updatedAt: new Date(),
    });
    await r.billing.recordPayment({
      invoiceId: `in_${randomUUID()}`, userId: rosa.id, subscriptionId: null, paymentId: `pi_${randomUUID()}`, tierId: 'patriot',
      amountCents: 2900, refundedCents: 500, creditsGranted: 5, billingReason: 'subscription_create', paidAt: new Date(),
    });
    await r.billing.markEventProcessed(`evt_${randomUUID()}`, 'invoice.paid', new Date());
    await r.audit.record({ id: randomUUID(), actorId: ada.id, actorLabel: ada.email, action: 'user.credits', target: rosa.email, before: { credits: 4 }, after: { credits: 7, note: null }, createdAt: new Date() });
    await r.audit.record({ id: randomUUID(), actorId: null, actorLabel: 'cli:root', action: 'promo.create', target: promo.code, before: null, after: { code: promo.code }, createdAt: new Date() });
    await r.outbox.enqueue({ id: outboxId, userId: rosa.id, to: rosa.email, kind: 'welcome', subject: 'Welcome to CivicWatch', text: 'Hello Rosa,\n\nWelcome.\n', createdAt: new Date() });
    await r.outbox.markSent(outboxId, new Date());
    await r.settings.set('summary_prompt', 'Summarise plainly; quote "exactly".');
  });
  await db.sessionStore.save(`sid-${randomUUID()}`, { cookie: { expires: new Date(Date.now() + 60_000) }, userId: rosa.id });
  await db.orm.em.fork().execute(`
    insert into backup_probe (user_id, blob, amount, ratio, tags, local_time, day, span, doc, note) values
      (?, '\\x00ff10'::bytea, 12345678901234567890.123456789, 0.30000000000000004, array['a', 'b"c', null], '2026-01-02 03:04:05.654321', '2026-02-03', '1 day 02:03:04.5', '{"k": [1, 2.50, "q\\"\\\\"], "n": null}', E'line\\nnew'),
      (?, null, 'NaN', 'Infinity', '{}', null, null, null, '"a string"'::jsonb, null)`, [rosa.id, ada.id]);
  // More rows than one cursor page and one insert batch hold.
  await db.orm.em.fork().execute(`insert into backup_probe (user_id, amount, note) select ?, n, 'row ' || n from generate_series(1, 2500) n`, [ada.id]);
  return { rosa, ada };
}

/**
 * Every table's rows as PostgreSQL prints them, in UTC, sorted: equal snapshots hold the same data, NULL and JSON null apart.
 * Not the number of an installation's writes to its tiers (ADR 0024), which every installation counts for itself.
 */
async function snapshot(db: DatabaseHandle): Promise<Record<string, string[]>> {
  return db.orm.em.getConnection().transactional(async (trx) => {
    await query(trx, `set local timezone to 'UTC'`);
    const tables: Record<string, string[]> = {};
    for (const table of await listTables(trx, migrationsTable)) {
      if (table.name === 'reference_data_version') continue;
      tables[table.name] = (await query<{ row: string }>(trx, `select t::text as row from "${table.name}" t order by 1`)).map((r) => r.row);
    }
    return tables;
  });
}

const withoutSessions = ({ sessions: _, ...rest }: Record<string, string[]>) => rest;
const readLines = async (file: string) => gunzipSync(await fs.readFile(file)).toString('utf8').split('\n');
const writeLines = (file: string, lines: string[]) => fs.writeFile(file, gzipSync(lines.join('\n')));

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-backup-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function backupSuite(source: TestDatabaseKind, target: TestDatabaseKind) {
  describe(`backup of ${source}, restored into ${target}`, () => {
    let from: TestDatabase;
    let into: TestDatabase;
    let file: string;
    let filled: Awaited<ReturnType<typeof fill>>;
    beforeAll(async () => {
      from = await createTestDatabase({ kind: source });
      into = await createTestDatabase({ kind: target });
      await createProbeTable(from.db);
      await createProbeTable(into.db);
      filled = await fill(from.db);
      file = path.join(dir, `${source}-${target}-${randomUUID().slice(0, 8)}.jsonl.gz`);
    });
    afterAll(async () => {
      await from?.dispose();
      await into?.dispose();
    });

    it('writes every table but sessions, with a header naming the migrations, and leaves no partial file', async () => {
      const result = await backupDatabase(from.db, file);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      const counts = Object.fromEntries(result.value.tables.map((t) => [t.name, t.rows]));
      expect(counts).toMatchObject({ users: 2, analyses: 1, credit_ledger: 2, promo_codes: 1, promo_redemptions: 1, payments: 1, outbox: 1, audit_log: 2, backup_probe: 2502, subscription_tiers: 3 });
      expect(counts).not.toHaveProperty('sessions');
      expect(counts).not.toHaveProperty('reference_data_version');
      expect(counts).not.toHaveProperty(migrationsTable);
      const names = result.value.tables.map((t) => t.name);
      expect(names.indexOf('users')).toBeLessThan(names.indexOf('analyses'));
      expect(names.indexOf('promo_codes')).toBeLessThan(names.indexOf('subscriptions'));

      const lines = await readLines(file);
      expect(JSON.parse(lines[0]!)).toEqual({ format: 'civicwatch-backup', version: 1, createdAt: result.value.createdAt, migrations: migrations.map((m) => m.name) });
      expect(lines.at(-2)).toBe(JSON.stringify(['end', { tables: counts }]));
      expect(result.value.bytes).toBe((await fs.stat(file)).size);
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect((await fs.readdir(dir)).filter((f) => f.endsWith('.partial'))).toEqual([]);
    });

    it('restores every row exactly, signs everyone out, and numbers new rows after the restored ones', async () => {
      const result = await restoreDatabase(into.db, file);
      expect(result).toMatchObject({ ok: true, value: { migrations: migrations.map((m) => m.name), migrated: [] } });
      expect(withoutSessions(await snapshot(into.db))).toEqual(withoutSessions(await snapshot(from.db)));
      expect((await snapshot(into.db)).sessions).toEqual([]);

      const rosa = await into.db.uow.run((r) => r.users.findByEmail(filled.rosa.email));
      expect(rosa).toMatchObject({ id: filled.rosa.id, credits: 4, tierId: 'patriot' });
      const [next] = await into.db.orm.em.fork().execute<Array<{ id: string }>>('insert into backup_probe (user_id) values (?) returning id', [filled.ada.id]);
      const [max] = await from.db.orm.em.fork().execute<Array<{ max: string }>>('select max(id) as max from backup_probe');
      expect(Number(next!.id)).toBe(Number(max!.max) + 1);
    });

    it('refuses a database that holds data, changing nothing; with force, replaces it', async () => {
      const before = await snapshot(into.db);
      expect(await restoreDatabase(into.db, file)).toEqual({
        ok: false, error: { code: 'backup.target_not_empty', message: expect.stringMatching(/^This database already holds data \(in .*users.*\), which a restore would replace$/) },
      });
      expect(await snapshot(into.db)).toEqual(before);

      const stranger = aUser();
      await into.db.uow.run((r) => r.users.insert(stranger));
      expect(await restoreDatabase(into.db, file, { force: true })).toMatchObject({ ok: true });
      expect(await into.db.uow.run((r) => r.users.findById(stranger.id))).toBeNull();
      expect(withoutSessions(await snapshot(into.db))).toEqual(withoutSessions(await snapshot(from.db)));
    });
  });
}

/** Restores that must fail and leave the target as it was; `into` holds data, so each runs with force. */
describe('a backup that cannot be restored is refused, and the database is left as it was', () => {
  let from: TestDatabase;
  let into: TestDatabase;
  let good: string;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    from = await createTestDatabase({ kind: 'pglite' });
    into = await createTestDatabase({ kind: 'pglite' });
    await createProbeTable(from.db);
    await createProbeTable(into.db);
    await fill(from.db);
    await fill(into.db);
    good = path.join(dir, 'good.jsonl.gz');
    expect((await backupDatabase(from.db, good)).ok).toBe(true);
    before = await snapshot(into.db);
  });
  afterAll(async () => {
    await from?.dispose();
    await into?.dispose();
  });

  const refused = async (file: string, code: string, message: RegExp | string) => {
    const result = await restoreDatabase(into.db, file, { force: true });
    expect(result).toEqual({ ok: false, error: { code, message: typeof message === 'string' ? message : expect.stringMatching(message) } });
    expect(await snapshot(into.db)).toEqual(before);
  };
  const variant = async (name: string, edit: (lines: string[]) => string[]) => {
    const file = path.join(dir, name);
    await writeLines(file, edit(await readLines(good)));
    return file;
  };

  it('a missing file, a directory', async () => {
    await refused(path.join(dir, 'nope.gz'), 'backup.unreadable', `Cannot read ${path.join(dir, 'nope.gz')}: no such file or directory`);
    await refused(dir, 'backup.unreadable', `Cannot read ${dir}: it is a directory`);
  });

  it('a file that is not a backup: not gzip, empty, gzip of something else', async () => {
    const text = path.join(dir, 'notes.txt');
    await fs.writeFile(text, 'just some notes\n');
    await refused(text, 'backup.invalid', `${text} is not a CivicWatch backup (it is not gzip-compressed)`);
    const empty = path.join(dir, 'empty.gz');
    await fs.writeFile(empty, '');
    await refused(empty, 'backup.invalid', /^.*empty\.gz is (not a CivicWatch backup|damaged or incomplete \(unexpected end of file\))$/);
    const other = path.join(dir, 'other.gz');
    await fs.writeFile(other, gzipSync('{"hello": "world"}\n'));
    await refused(other, 'backup.invalid', `${other} is not a CivicWatch backup`);
  });

  it('a truncated file, whose rows would otherwise load', async () => {
    const bytes = await fs.readFile(good);
    const cut = path.join(dir, 'cut.gz');
    await fs.writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    await refused(cut, 'backup.invalid', `${cut} is damaged or incomplete (unexpected end of file)`);
    const noEnd = await variant('no-end.gz', (lines) => lines.slice(0, -2));
    await refused(noEnd, 'backup.invalid', `${noEnd} is incomplete: it ends before its last table`);
    const lostRow = await variant('lost-row.gz', (lines) => lines.filter((l) => !l.includes('Welcome to CivicWatch')));
    await refused(lostRow, 'backup.invalid', `${lostRow} is damaged: the rows read do not match the counts it was written with`);
  });

  it('a row the schema refuses, after other tables loaded', async () => {
    const negative = await variant('negative.gz', (lines) => lines.map((l) => l.replace(/"credits":4,/, '"credits":-4,')));
    await refused(negative, 'backup.invalid', new RegExp(`^${negative} is damaged: a row of users cannot be loaded \\(.*users_credits_check.*\\)$`));
    const garbled = await variant('garbled.gz', (lines) => lines.map((l, i) => (i === 3 ? l.slice(0, 10) : l)));
    await refused(garbled, 'backup.invalid', /is damaged: a row of .* cannot be loaded \(invalid input syntax for type json\)$/);
  });

  it('a backup of a newer CivicWatch', async () => {
    const future = await variant('future.gz', (lines) => {
      const header = JSON.parse(lines[0]!);
      return [JSON.stringify({ ...header, migrations: [...header.migrations, '9999-from-the-future'] }), ...lines.slice(1)];
    });
    await refused(future, 'backup.too_new', `${future} was made by a newer CivicWatch (migration 9999-from-the-future); update CivicWatch to restore it`);
    const format2 = await variant('format2.gz', (lines) => [JSON.stringify({ ...JSON.parse(lines[0]!), version: 2 }), ...lines.slice(1)]);
    await refused(format2, 'backup.too_new', `${format2} was written by a newer CivicWatch (backup format 2); update CivicWatch to restore it`);
  });
});

describe('a backup of an older version', () => {
  let from: TestDatabase;
  let into: TestDatabase;
  beforeAll(async () => {
    from = await createTestDatabase({ kind: 'pglite' });
    into = await createTestDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await from?.dispose();
    await into?.dispose();
  });

  it('is loaded at its own migration level, then migrated, even into a database already migrated further', async () => {
    const older = migrations.at(-2)!.name;
    await from.db.orm.migrator.down({ to: older });
    const id = randomUUID();
    await from.db.orm.em.fork().execute(`insert into users (id, email, tier_id, password_hash) values (?, 'old@example.org', 'citizen', 'x')`, [id]);
    const file = path.join(dir, 'older.jsonl.gz');
    const backup = await backupDatabase(from.db, file);
    expect(backup).toMatchObject({ ok: true, value: { migrations: migrations.slice(0, -1).map((m) => m.name) } });

    const restored = await restoreDatabase(into.db, file);
    expect(restored).toMatchObject({ ok: true, value: { migrated: [migrations.at(-1)!.name] } });
    expect(await into.db.pendingMigrations()).toEqual([]);
    expect(await into.db.uow.run((r) => r.users.findById(id))).toMatchObject({ email: 'old@example.org' });
  });
});

describe('a database with no schema', () => {
  let empty: TestDatabase;
  let from: TestDatabase;
  beforeAll(async () => {
    empty = await createTestDatabase({ kind: 'pglite' });
    from = await createTestDatabase({ kind: 'pglite' });
    await empty.db.orm.migrator.down({ to: 0 });
  });
  afterAll(async () => {
    await empty?.dispose();
    await from?.dispose();
  });

  it('has nothing to back up, and a restore builds its schema from nothing', async () => {
    expect(await backupDatabase(empty.db, path.join(dir, 'nothing.gz'))).toEqual({
      ok: false, error: { code: 'backup.nothing_to_back_up', message: 'The database has never been migrated: there is nothing to back up' },
    });
    await expect(fs.access(path.join(dir, 'nothing.gz'))).rejects.toThrow();

    const user = aUser();
    await from.db.uow.run((r) => r.users.insert(user));
    const file = path.join(dir, 'into-empty.jsonl.gz');
    expect((await backupDatabase(from.db, file)).ok).toBe(true);
    expect(await restoreDatabase(empty.db, file)).toMatchObject({ ok: true, value: { migrated: [] } });
    expect(await empty.db.pendingMigrations()).toEqual([]);
    expect(await snapshot(empty.db)).toEqual(await snapshot(from.db));
  });
});

describe('a backup that cannot be written', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('is refused with the reason, and leaves nothing behind', async () => {
    const file = path.join(dir, 'no-such-dir', 'b.gz');
    expect(await backupDatabase(test.db, file)).toEqual({ ok: false, error: { code: 'backup.unwritable', message: `Cannot write ${file}: no such file or directory` } });
  });
});

backupSuite('pglite', 'pglite');

const skipReason = serverTestSkipReason();
if (skipReason) {
  describe('backups on a PostgreSQL server', () => {
    it.skip(`skipped: ${skipReason} (e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)`, () => {});
  });
} else {
  backupSuite('server', 'server');
  backupSuite('pglite', 'server');
  backupSuite('server', 'pglite');
}
