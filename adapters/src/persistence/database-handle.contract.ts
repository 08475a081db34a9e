import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from './testing/create-test-database.ts';
import { migrations } from './migrations/index.ts';
import { aUser } from './unit-of-work.contract.ts';

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
