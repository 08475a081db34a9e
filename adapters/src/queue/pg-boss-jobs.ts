import os from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PgBoss, fromKysely, type ConstructorOptions, type Db, type QueueOptions } from 'pg-boss';
import type { SqlTransaction } from '../persistence/backup/database-catalog.ts';

/** pg-boss's own tables live in this schema of the application's database (ADR 0012). */
export const QUEUE_SCHEMA = 'pgboss';

/** Expiry and lost heartbeats are swept by the monitor pass, which runs as often as the longer of the two. */
const SUPERVISE_INTERVAL_SECONDS = 5;

export interface QueueLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

/** Where pg-boss connects: the application's database, by URL or by the embedded database's socket. */
export type QueueConnection = Pick<ConstructorOptions, 'connectionString' | 'host' | 'port' | 'user' | 'database'>;

/** A queue and its attempt policy; a dead-letter queue is defined before the queues that name it. */
export interface QueueDefinition {
  name: string;
  policy: QueueOptions & { deadLetter?: string };
}

export interface StartJobsOptions {
  connection: QueueConnection;
  /** Connections of pg-boss's own pool in this process. */
  poolSize: number;
  logger?: QueueLogger;
}

/**
 * The one pg-boss of a process, in the application's own database (ADR 0012), shared by the analysis queue and
 * the mail queue (ADR 0028): one pool, one supervisor, one stop. Jobs are sent in the caller's transaction;
 * workers poll (no LISTEN/NOTIFY, which the embedded database cannot carry, ADR 0001).
 */
export class PgBossJobs {
  #boss: PgBoss | null = null;
  #stopping: Promise<void> | null = null;
  readonly #queues: QueueDefinition[] = [];
  /** Names this process in the logs and in pg-boss's instance registry. */
  readonly instanceName = `${os.hostname()}:${process.pid}`;

  /** Queues that start() creates, or brings to this version's policy; each queue module defines its own. */
  define(...queues: QueueDefinition[]): void {
    if (this.#boss) throw new Error('Queues are defined before the job queue starts');
    this.#queues.push(...queues);
  }

  /** pg-boss's `db` option for a job sent or changed inside a unit of work: its own transaction. */
  static transactionOf(em: EntityManager): Db {
    const transaction = em.getTransactionContext<SqlTransaction>();
    if (!transaction) throw new Error('Jobs are sent inside a unit of work only');
    return fromKysely(transaction);
  }

  async start(options: StartJobsOptions): Promise<void> {
    if (this.#boss) throw new Error('The job queue is already started');
    const { logger } = options;
    const boss = new PgBoss({
      ...options.connection,
      schema: QUEUE_SCHEMA,
      max: options.poolSize,
      application_name: `civicwatch-queue ${this.instanceName}`,
      instanceName: this.instanceName,
      superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      // No cron schedules are used; nothing needs the scheduler's clock checks.
      schedule: false,
    });
    boss.on('error', (error: Error) => logger?.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning: { message: string }) => logger?.warn({ warning }, 'job queue warning'));
    await boss.start();
    this.#boss = boss;
    try {
      // Created once by whichever instance comes first; later starts apply this version's policy.
      for (const { name, policy } of this.#queues) {
        if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
        else await boss.createQueue(name, policy);
      }
    } catch (error) {
      await this.stop({ graceMs: 0 });
      throw error;
    }
  }

  /** The started pg-boss; throws before start(). */
  get boss(): PgBoss {
    if (!this.#boss) throw new Error('The job queue is not started');
    return this.#boss;
  }

  /**
   * Stops taking jobs; a job under way has `graceMs` to finish, after which pg-boss fails it so another
   * worker retries it (a handed-back attempt counts as one). Idempotent.
   */
  stop(options: { graceMs: number }): Promise<void> {
    const boss = this.#boss;
    if (!boss) return Promise.resolve();
    this.#stopping ??= boss.stop({ graceful: options.graceMs > 0, timeout: options.graceMs, close: true });
    return this.#stopping;
  }
}
