import type { EntityManager } from '@mikro-orm/postgresql';
import { PgBoss } from 'pg-boss';
import { QUEUE_SCHEMA, type QueueConnection } from './pg-boss-jobs.ts';

/**
 * Installs pg-boss's tables in their own schema of the application's database, or brings them to the pinned
 * pg-boss version's (its own migrations, under its own advisory lock). Part of `civicwatch migrate`, so that
 * servers and workers start on a ready queue; they would install it themselves otherwise (ADR 0012).
 * Answers whether anything changed.
 */
export async function migrateQueueSchema(connection: QueueConnection, em: EntityManager): Promise<boolean> {
  const before = await installedVersion(em);
  const boss = new PgBoss({ ...connection, schema: QUEUE_SCHEMA, max: 1, supervise: false, schedule: false, registerInstance: false });
  try {
    await boss.start();
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
  return (await installedVersion(em)) !== before;
}

/** The queue schema's version, null before its first install. */
async function installedVersion(em: EntityManager): Promise<number | null> {
  const [table] = await em.execute<Array<{ found: boolean }>>(`select to_regclass('${QUEUE_SCHEMA}.version') is not null as found`);
  if (!table?.found) return null;
  const [row] = await em.execute<Array<{ version: number | null }>>(`select max(version) as version from ${QUEUE_SCHEMA}.version`);
  return row?.version ?? null;
}
