import type { EntityManager } from '@mikro-orm/postgresql';
import type { Kysely } from 'kysely';
import type { SessionRepository } from '@civicwatch/core';
import { isUuid } from './sql-helpers.ts';
import { kysely, type Database } from './kysely-database.ts';

/** Deletes the sessions of `userId`, whose id PostgresSessionStore's rows keep in their JSON data. */
export const deleteSessionsOf = (db: Kysely<Database>, userId: string) =>
  db.deleteFrom('sessions').where((eb) => eb(eb.ref('data', '->>').key('userId'), '=', userId));

/** The rows PostgresSessionStore writes for @fastify/session: the user id lives in the JSON data. */
export class MikroOrmSessionRepository implements SessionRepository {
  constructor(private readonly em: EntityManager) {}

  async endSessionsOf(userId: string, keep?: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const result = await deleteSessionsOf(kysely(this.em), userId).where('sid', '<>', keep ?? '').executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
