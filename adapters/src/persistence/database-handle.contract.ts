import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from './testing/create-test-database.ts';
import { migrations } from './migrations/index.ts';
import { aUser } from './contract/builders.ts';
import { MikroOrmUnitOfWork } from './mikro-orm-unit-of-work.ts';

const user0 = Date.now().toString(36);

/** What the composition root relies on from an opened database, whatever its kind. */
export function databaseHandleContract(name: string, open: () => Promise<TestDatabase>): void {
  describe(`database handle contract: ${name}`, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await open();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    it('has applied every migration, and a second migrate does nothing', async () => {
      expect(await test.db.pendingMigrations()).toEqual([]);
      expect(await test.db.migrate()).toEqual([]);
      const applied = await test.db.orm.em.fork().execute<Array<{ name: string }>>('select name from mikro_orm_migrations order by id');
      expect(applied.map((m) => m.name)).toEqual(migrations.map((m) => m.name));
    });

    it('has entity definitions that match the migrated schema exactly', async () => {
      expect((await test.db.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('');
    });

    it('reads the tiers and prompts from its copy until any process writes them, then at once what was written (ADR 0024)', async () => {
      // Another instance of the API, or the CLI: a unit of work with a cache of its own on the same database.
      const elsewhere = new MikroOrmUnitOfWork(test.db.orm);
      const here = test.db.uow;
      const defender = (await here.read((r) => r.tiers.get('defender')))!;
      const em = test.db.orm.em.fork();
      // A row changed behind the trigger's back is not seen: the copy answers while the number stays.
      await em.execute('alter table subscription_tiers disable trigger bump_reference_data_version');
      try {
        await em.execute(`update subscription_tiers set name = 'Unseen' where id = 'defender'`);
      } finally {
        await em.execute('alter table subscription_tiers enable trigger bump_reference_data_version');
      }
      expect((await here.read((r) => r.tiers.get('defender')))?.name).toBe(defender.name);

      await elsewhere.run((r) => r.tiers.update({ ...defender, maxPages: defender.maxPages + 7 }));
      expect(await here.read((r) => r.tiers.get('defender'))).toEqual({ ...defender, maxPages: defender.maxPages + 7 });
      expect((await here.read((r) => r.tiers.list())).find((t) => t.id === 'defender')?.maxPages).toBe(defender.maxPages + 7);

      const prompt = await here.read((r) => r.settings.get('summary_prompt'));
      await elsewhere.run((r) => r.settings.set('summary_prompt', 'Summarise for a citizen.'));
      expect(await here.read((r) => r.settings.get('summary_prompt'))).toBe('Summarise for a citizen.');
      // A write that rolls back leaves the copy and the number as they were.
      await expect(elsewhere.run(async (r) => {
        await r.settings.set('summary_prompt', 'Never committed.');
        throw new Error('rolled back');
      })).rejects.toThrow('rolled back');
      expect(await here.read((r) => r.settings.get('summary_prompt'))).toBe('Summarise for a citizen.');
      // Inside a transaction, reads see its own writes before they commit.
      await here.run(async (r) => {
        await r.tiers.update({ ...defender, maxPages: 1 });
        expect((await here.read((inner) => inner.tiers.get('defender')))?.maxPages).toBe(1);
      });

      await elsewhere.run(async (r) => {
        await r.tiers.update(defender);
        await r.settings.set('summary_prompt', prompt ?? '');
      });
      expect(await here.read((r) => r.tiers.get('defender'))).toEqual(defender);
    });

    it('reports itself healthy', async () => {
      expect(await test.db.health()).toMatchObject({ ok: true });
    });

    it('refuses a negative balance even to SQL that bypasses the ledger', async () => {
      const user = aUser();
      await test.db.uow.run((r) => r.users.insert(user));
      await expect(test.db.orm.em.fork().execute('update users set credits = -1 where id = ?', [user.id]))
        .rejects.toThrow(/users_credits_check/);
    });

    it('answers sessions stored by the session store', async () => {
      const sid = `sid-${user0}`;
      await test.db.sessionStore.save(sid, { cookie: { expires: new Date(Date.now() + 60_000) }, userId: 'x' });
      expect((await test.db.sessionStore.load(sid))?.userId).toBe('x');
      await test.db.sessionStore.save(`${sid}-old`, { cookie: { expires: new Date(Date.now() - 60_000) } });
      expect(await test.db.sessionStore.prune()).toBeGreaterThanOrEqual(1);
      expect(await test.db.sessionStore.load(sid)).not.toBeNull();
    });
  });
}
