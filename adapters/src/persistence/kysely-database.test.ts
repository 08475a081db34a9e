import { describe, expect, it } from 'vitest';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { prepared, type Database } from './kysely-database.ts';

/** A database that answers every statement with `rows` and keeps what it was sent. */
function recording(rows: unknown[] = []) {
  const sent: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery) => {
      sent.push(query);
      return { rows: rows as R[] };
    },
    streamQuery: () => { throw new Error('not streamed'); },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent };
}

describe('prepared', () => {
  let built = 0;
  const newest = prepared((db, values: { userId: string; limit: number }) => {
    built++;
    return db.selectFrom('analyses').select(['id', 'title']).where('user_id', '=', values.userId).where('title', '<>', 'draft')
      .orderBy('created_at', 'desc').limit(values.limit);
  });

  it('builds the statement once and sends each run what Kysely builds, with that run\'s values in their places', async () => {
    const { db, sent } = recording([{ id: 'a1', title: 'Budget' }]);
    expect(await newest(db, { userId: 'u1', limit: 5 })).toEqual([{ id: 'a1', title: 'Budget' }]);
    await newest(db, { userId: 'u2', limit: 3 });
    const compiled = db.selectFrom('analyses').select(['id', 'title']).where('user_id', '=', 'u2').where('title', '<>', 'draft')
      .orderBy('created_at', 'desc').limit(3).compile();
    expect(sent.map((query) => query.parameters)).toEqual([['u1', 'draft', 5], ['u2', 'draft', 3]]);
    expect(sent[1]!.sql).toBe(compiled.sql);
    expect(built).toBe(1);
  });

  it('gives a value used twice in both places', async () => {
    const { db, sent } = recording();
    const both = prepared((kysely, values: { userId: string }) =>
      kysely.selectFrom('analyses').select('id').where((eb) => eb.or([eb('user_id', '=', values.userId), eb('title', '=', values.userId)])));
    await both(db, { userId: 'u9' });
    expect(sent[0]!.parameters).toEqual(['u9', 'u9']);
  });

  it('refuses a value that shapes the statement instead of being its parameter', async () => {
    const { db, sent } = recording();
    const shaped = prepared((kysely, values: { full: boolean }) =>
      kysely.selectFrom('analyses').select(values.full ? ['id', 'result'] : ['id']));
    await expect(shaped(db, { full: true })).rejects.toThrow('full must each be a parameter of the statement');
    expect(sent).toEqual([]);
  });
});
