import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import { sql, type ColumnType, type Compilable, type CompiledQuery, type ExpressionBuilder, type Kysely } from 'kysely';
import type { entities } from './entities/index.ts';

/**
 * A value as this connection answers it: MikroORM's type parsers keep a timestamp as PostgreSQL's text (its
 * entities turn it into a Date) and `pg` answers a bigint as text, so the bare Kysely reads strings there.
 */
type Answered<T> = T extends Date ? Date | string : T extends bigint ? string : T;
type AsAnswered<C> = C extends ColumnType<infer S, infer I, infer U> ? ColumnType<Answered<S>, Answered<I>, Answered<U>> : Answered<C>;

type Inferred = InferKyselyDB<(typeof entities)[number]>;

/** The tables of the entities, each column typed from its entity's definition (MikroORM's `InferKyselyDB`). */
export type Database = { [T in keyof Inferred]: { [C in keyof Inferred[T]]: AsAnswered<Inferred[T][C]> } };

/**
 * Typed queries on `em`'s connection: inside a unit of work they run in its transaction (MikroORM binds its
 * Kysely to the EntityManager's transaction context); on a fork without one, each takes a pooled connection.
 */
export const kysely = (em: EntityManager): Kysely<Database> => em.getKysely<Database>();

/** `count(*)` as an int: PostgreSQL answers a bigint, which `pg` reads as text. */
export const countAll = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => eb.cast<number>(eb.fn.countAll(), 'integer');

/** The statement's own clock, which moves within a transaction (`now()` does not). */
export const clockTimestamp = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => eb.fn<string>('clock_timestamp');

/** An interval of `text` (`'1 day'`, `'30 minutes'`), a parameter; `sql` names the type, which Kysely's cast does not list. */
export const interval = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, text: string) => eb.cast<string>(eb.val(text), sql`interval`);

/** `ms` milliseconds as an interval. */
export const milliseconds = <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, ms: number) => interval(eb, `${ms} milliseconds`);

/** Where a prepared statement's value goes, until it runs. */
class StandIn {
  constructor(readonly name: string) {}
}

/**
 * A statement built and compiled once, on its first run, then run with each call's values. Kysely builds and
 * compiles a statement anew every time it runs: 12% of the API's time under the dashboard's load (ADR 0017),
 * for the two statements every signed-in request sends. `build` receives stand-ins for `values`; each must reach
 * the statement as a parameter (compared, cast, limited), never shape it, and the first run throws if one does not.
 */
export function prepared<V extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): (db: Kysely<Database>, values: V) => Promise<R[]> {
  let statement: { query: CompiledQuery<R>; slots: Array<keyof V | null> } | undefined;
  const compile = (db: Kysely<Database>, names: Array<keyof V>) => {
    const standIns = Object.fromEntries(names.map((name) => [name, new StandIn(String(name))])) as unknown as V;
    const query = build(db, standIns).compile();
    const slots = query.parameters.map((parameter) => (parameter instanceof StandIn ? (parameter.name as keyof V) : null));
    const unused = names.filter((name) => !slots.includes(name));
    if (unused.length > 0) throw new Error(`prepared statement: ${unused.join(', ')} must each be a parameter of the statement`);
    return { query, slots };
  };
  return async (db, values) => {
    statement ??= compile(db, Object.keys(values));
    const { query, slots } = statement;
    const parameters = query.parameters.map((parameter, index) => {
      const name = slots[index];
      return name === null || name === undefined ? parameter : values[name];
    });
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
