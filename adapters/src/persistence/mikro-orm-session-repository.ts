import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionRepository } from '@civicwatch/core';
import { isUuid } from './sql-helpers.ts';

/** The rows PostgresSessionStore writes for @fastify/session: the user id lives in the JSON data. */
export class MikroOrmSessionRepository implements SessionRepository {
  constructor(private readonly em: EntityManager) {}

  async endSessionsOf(userId: string, keep?: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    const result = await this.em.execute<{ affectedRows: number }>(
      `delete from sessions where data->>'userId' = ? and sid <> ?`, [userId, keep ?? ''], 'run');
    return result.affectedRows;
  }
}
