/**
 * Another process for embedded-postgres-host.int.test.ts: opens the embedded database under argv[2], as
 * the server or CLI would, and prints one JSON line. With `hold-transaction` it opens a transaction,
 * writes in it, says so and waits to be killed.
 */
import { openDatabase } from '../open-database.ts';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: open-embedded.fixture.ts <dataDir> [hold-transaction]');
const db = await openDatabase({ kind: 'embedded', dataDir, poolSize: 2 });
if (mode === 'hold-transaction') {
  const em = db.orm.em.fork();
  await em.begin();
  await em.execute(`insert into settings (key, value) values ('held_by_killed_process', 'x')`);
  process.stdout.write(`${JSON.stringify({ role: db.role, holding: true })}\n`);
  await new Promise(() => {});
}
const tiers = await db.uow.run((r) => r.tiers.list());
process.stdout.write(`${JSON.stringify({ role: db.role, tiers: tiers.map((t) => t.id) })}\n`);
await db.close();
