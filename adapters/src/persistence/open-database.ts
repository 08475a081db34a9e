import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { AppConfig } from '../config/config.ts';
import { entities } from './entities/index.ts';
import { migrations } from './migrations/index.ts';
import { MikroOrmUnitOfWork, type AnalysisJobQueueFactory, type MailJobQueueFactory } from './mikro-orm-unit-of-work.ts';
import { PostgresSessionStore } from './postgres-session-store.ts';
import { releaseDeadConnections } from './release-dead-connections.ts';
import { connectOrServeEmbedded, SOCKET_PORT, type EmbeddedEndpoint } from './embedded/embedded-postgres-host.ts';
import type { DatabaseLogger } from './database-logger.ts';
import { QUEUE_SCHEMA } from '../queue/pg-boss-jobs.ts';
import { migrateQueueSchema } from '../queue/queue-schema.ts';

export type DatabaseConfig = AppConfig['database'];

export interface DatabaseHealth {
  ok: boolean;
  /** Round trip of `select 1`, in milliseconds. */
  latencyMs?: number;
  error?: string;
}

/** One opened database: everything the composition root needs from persistence. */
export interface DatabaseHandle {
  readonly kind: DatabaseConfig['kind'];
  /** `owner`: this process serves the embedded database; `client`: it reaches another's; `server`: DATABASE_URL. */
  readonly role: 'owner' | 'client' | 'server';
  readonly orm: MikroORM;
  readonly uow: MikroOrmUnitOfWork;
  readonly sessionStore: PostgresSessionStore;
  /** How another client (the job queue's own pool) reaches this database: its URL, or the embedded socket. */
  readonly connection: { connectionString: string } | { host: string; port: number; user: string; database: string };
  /**
   * Applies pending migrations in one transaction, then installs or upgrades the job queue's own schema;
   * answers the names applied (empty when up to date).
   */
  migrate(): Promise<string[]>;
  pendingMigrations(): Promise<string[]>;
  health(): Promise<DatabaseHealth>;
  /** Closes the pool and, for the embedded owner, the socket, PGlite and the lock. Idempotent. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  logger?: DatabaseLogger;
  /** Embedded only: connections the socket accepts from all processes together. Default: 4 × pool size, at least 20. */
  maxSocketConnections?: number;
  /** The unit of work's analysis queue (ADR 0012); without it, enqueuing an analysis throws. */
  analysisJobs?: AnalysisJobQueueFactory;
  /** The unit of work's mail jobs (ADR 0028); without them, outbox messages wait for the next mail worker's start. */
  mailJobs?: MailJobQueueFactory;
}

/**
 * The one entry point to persistence. Both modes use the same driver (@mikro-orm/postgresql over `pg`)
 * and the same migrations; embedded mode reaches PGlite through its Unix socket, never in-process
 * (ADR 0001). Does not migrate: call `migrate()` (`civicwatch migrate` does, and every command on the embedded
 * database: migrateEmbeddedOrRefuseOutdatedSchema).
 */
export async function openDatabase(config: DatabaseConfig, options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  let endpoint: EmbeddedEndpoint | undefined;
  let connection: Pick<Options, 'clientUrl' | 'driverOptions' | 'host' | 'port' | 'user' | 'dbName'>;
  // A connection cut mid-transaction goes back to the pool instead of holding its slot for good.
  const onPoolCreated = releaseDeadConnections;
  if (config.kind === 'server') {
    // clientUrl for MikroORM's own use; connectionString so that pg honours sslmode and friends.
    connection = { clientUrl: config.url, driverOptions: { connectionString: config.url, onPoolCreated } };
  } else {
    endpoint = await connectOrServeEmbedded(config.dataDir, {
      maxConnections: options.maxSocketConnections ?? Math.max(20, config.poolSize * 4),
      logger: options.logger,
    });
    connection = { host: endpoint.socketDir, port: SOCKET_PORT, user: 'postgres', dbName: 'postgres', driverOptions: { onPoolCreated } };
  }

  let orm: MikroORM;
  try {
    orm = await MikroORM.init({
      ...connection,
      entities,
      extensions: [Migrator],
      migrations: {
        migrationsList: migrations,
        // The migrations are hand-written and committed; nothing is generated or snapshotted at run time.
        snapshot: false,
        snapshotOnMigrate: false,
        transactional: true,
        allOrNothing: true,
        silent: true,
      },
      pool: { min: 0, max: config.poolSize },
      // PGlite has one database; a server's database is created by whoever administers it.
      ensureDatabase: false,
      debug: false,
    });
  } catch (error) {
    await endpoint?.release();
    throw error;
  }

  const uow = new MikroOrmUnitOfWork(orm, { analysisJobs: options.analysisJobs, mailJobs: options.mailJobs });
  const reach: DatabaseHandle['connection'] = config.kind === 'server'
    ? { connectionString: config.url }
    : { host: endpoint!.socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };
  const sessionStore = new PostgresSessionStore(orm);
  let closed: Promise<void> | undefined;

  return {
    kind: config.kind,
    role: endpoint?.role ?? 'server',
    connection: reach,
    orm,
    uow,
    sessionStore,
    async migrate() {
      const applied = (await orm.migrator.up()).map((m) => m.name);
      if (await migrateQueueSchema(reach, orm.em.fork())) applied.push(`${QUEUE_SCHEMA} (the job queue's schema)`);
      if (applied.length > 0) options.logger?.info(`Database migrated: ${applied.join(', ')}`);
      return applied;
    },
    async pendingMigrations() {
      return (await orm.migrator.getPending()).map((m) => m.name);
    },
    async health() {
      const started = performance.now();
      try {
        await orm.em.fork().execute('select 1');
        return { ok: true, latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    close() {
      closed ??= (async () => {
        try {
          await orm.close(true);
        } finally {
          await endpoint?.release();
        }
      })();
      return closed;
    },
  };
}
