import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PgBoss, fromKysely, type ConstructorOptions, type JobWithMetadata } from 'pg-boss';
import type { AnalysisJob, AnalysisJobOutcome, AnalysisJobQueue, AnalysisJobs, AnalysisJobState, QueueStanding } from '@civicwatch/core';
import type { SqlTransaction } from '../persistence/backup/database-catalog.ts';
import { isDatabaseUnreachable } from '../persistence/database-unreachable.ts';

/** The queue of analyses, and where jobs go whose every attempt ended without an answer. */
export const ANALYSIS_QUEUE = 'analysis';
export const ABANDONED_ANALYSIS_QUEUE = 'analysis-abandoned';
/** pg-boss's own tables live in this schema of the application's database (ADR 0012). */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * Attempt policy (ADR 0012). A worker renews its job's heartbeat every 5 s; a job not renewed for 10 s
 * (its worker died or lost the database) is failed by whichever instance supervises next and retried, at
 * most twice, on any worker. One attempt may run an hour at most (OCR of long scans, slow models).
 */
const QUEUE_POLICY = { retryLimit: 2, retryDelay: 1, heartbeatSeconds: 10, expireInSeconds: 60 * 60 } as const;
const SUPERVISE_INTERVAL_SECONDS = 5;
const POLL_INTERVAL_SECONDS = 0.5;
const SETTLED_POLL_MS = 250;
/** Completed analyses whose run times estimate a queued one's wait. */
const RECENT_RUNS = 20;

export interface QueueLogger {
  info(data: object, message: string): void;
  warn(data: object, message: string): void;
  error(data: object, message: string): void;
}

/** Where pg-boss connects: the application's database, by URL or by the embedded database's socket. */
export type QueueConnection = Pick<ConstructorOptions, 'connectionString' | 'host' | 'port' | 'user' | 'database'>;

export interface AnalysisWorkerHandlers {
  process(input: AnalysisJob & { lastAttempt: boolean; signal?: AbortSignal }): Promise<AnalysisJobOutcome>;
  abandon(job: AnalysisJob): Promise<unknown>;
}

export interface StartQueueOptions {
  connection: QueueConnection;
  /** Connections of pg-boss's own pool in this process. */
  poolSize: number;
  /** Jobs this process runs at once; 0 takes none (an API-only instance). */
  workers: number;
  handlers: AnalysisWorkerHandlers;
  logger?: QueueLogger;
}

const isAnalysisJob = (data: unknown): data is AnalysisJob =>
  typeof data === 'object' && data !== null && typeof (data as AnalysisJob).analysisId === 'string' && typeof (data as AnalysisJob).userId === 'string';

/**
 * The analysis queue on pg-boss, in the application's own database (ADR 0012): jobs are sent in the
 * caller's transaction, taken by any process's workers by polling (no LISTEN/NOTIFY, which the embedded
 * database cannot carry, ADR 0001), retried when a worker dies, and dead-lettered to `AbandonAnalysis`
 * when no attempt is left. Waiting for a job polls its state, so any instance can answer for any worker.
 */
export class PgBossAnalysisQueue implements AnalysisJobs {
  #boss: PgBoss | null = null;
  #stopping: Promise<void> | null = null;
  #handedBack = false;
  /** This process's worker of the analysis queue, when it runs jobs. */
  #localWorker: string | null = null;
  /** Requests of this process waiting for an analysis that a worker of this process may run. */
  readonly #waiters = new Map<string, Set<(outcome: AnalysisJobOutcome) => void>>();
  /** Names this process in the logs and in pg-boss's instance registry. */
  readonly instanceName = `${os.hostname()}:${process.pid}`;

  /** The job queue of one unit-of-work transaction. */
  within(em: EntityManager): AnalysisJobQueue {
    const db = () => {
      const transaction = em.getTransactionContext<SqlTransaction>();
      if (!transaction) throw new Error('The analysis queue is changed inside a unit of work only');
      return fromKysely(transaction);
    };
    return {
      enqueue: async (job) => {
        // The job's id is the analysis's: a waiting request finds it without asking anyone.
        await this.#started().send(ANALYSIS_QUEUE, { ...job }, { id: job.analysisId, db: db() });
      },
      cancel: async (analysisId) => {
        // A running job's worker hears it at its next heartbeat, which finds the claim gone and aborts the
        // job's signal (QUEUE_POLICY: within 5 s).
        await this.#started().cancel(ANALYSIS_QUEUE, analysisId, { db: db() });
      },
    };
  }

  async start(options: StartQueueOptions): Promise<void> {
    if (this.#boss) throw new Error('The analysis queue is already started');
    const { logger } = options;
    const boss = new PgBoss({
      ...options.connection,
      schema: QUEUE_SCHEMA,
      max: options.poolSize,
      application_name: `civicwatch-queue ${this.instanceName}`,
      instanceName: this.instanceName,
      // Expiry and lost heartbeats are swept by the monitor pass, which runs as often as the longer of the two.
      superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      monitorIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      // No cron schedules are used; nothing needs the scheduler's clock checks.
      schedule: false,
    });
    boss.on('error', (error: Error) => logger?.error({ err: error }, 'analysis queue error'));
    boss.on('warning', (warning: { message: string }) => logger?.warn({ warning }, 'analysis queue warning'));
    await boss.start();
    this.#boss = boss;
    try {
      await this.#createQueues(boss);
      await this.#requeueOrphans(boss, logger);
      if (options.workers > 0) await this.#work(boss, options);
    } catch (error) {
      await this.stop({ graceMs: 0 });
      throw error;
    }
  }

  /**
   * Polls the job's state, which any instance can answer, until it settles or `timeoutMs` runs out. A poll that
   * cannot reach the database counts as `waiting`: the job goes on in the database meanwhile, so a brief outage
   * delays the answer instead of failing a request whose credit is already taken (ADR 0016). Two shortcuts for
   * the common case of one process serving and working (`make start`, ADR 0017): its own worker is woken at
   * once instead of at its next poll (the job committed before anyone waits for it), and when that worker
   * finishes the job, the wait ends with its outcome, already committed, without waiting for the next poll.
   */
  async settled(analysisId: string, options: { timeoutMs: number }): Promise<AnalysisJobState> {
    const deadline = Date.now() + options.timeoutMs;
    const finishedHere = this.#waitHere(analysisId);
    try {
      if (this.#localWorker) this.#started().notifyWorker(this.#localWorker);
      for (;;) {
        if (this.#handedBack) return { status: 'waiting' };
        const state = await this.#state(analysisId).catch((error: unknown) => {
          if (isDatabaseUnreachable(error)) return { status: 'waiting' } as const;
          throw error;
        });
        if (state.status !== 'waiting' || Date.now() >= deadline) return state;
        const pause = Math.min(SETTLED_POLL_MS, Math.max(0, deadline - Date.now()));
        const outcome = await Promise.race([finishedHere.outcome, sleep(pause, null, { signal: finishedHere.signal }).catch(() => null)]);
        if (outcome) return { status: 'settled', outcome };
      }
    } finally {
      finishedHere.done();
    }
  }

  #waitHere(analysisId: string): { outcome: Promise<AnalysisJobOutcome>; signal: AbortSignal; done(): void } {
    const stopSleeping = new AbortController();
    let resolve!: (outcome: AnalysisJobOutcome) => void;
    const outcome = new Promise<AnalysisJobOutcome>((r) => (resolve = r));
    const waiter = (finished: AnalysisJobOutcome) => {
      resolve(finished);
      stopSleeping.abort();
    };
    const waiters = this.#waiters.get(analysisId) ?? new Set();
    waiters.add(waiter);
    this.#waiters.set(analysisId, waiters);
    return {
      outcome,
      signal: stopSleeping.signal,
      done: () => {
        stopSleeping.abort();
        waiters.delete(waiter);
        if (waiters.size === 0 && this.#waiters.get(analysisId) === waiters) this.#waiters.delete(analysisId);
      },
    };
  }

  /**
   * Ends every wait of this process at once, answering `waiting`: a stopping API instance hands its waiting
   * requests back (they answer that the analysis goes on) instead of cutting them. The jobs are not touched.
   */
  handBack(): void {
    this.#handedBack = true;
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

  /**
   * One query: the jobs queued before this one that no worker has taken (in the order workers take them, oldest
   * first), those running anywhere, and how long the last RECENT_RUNS completed ones ran. Null, too, when the
   * database cannot be reached: the place in the queue is news, and a brief outage must not fail a request whose
   * credit is taken (ADR 0016).
   */
  async standing(analysisId: string): Promise<QueueStanding | null> {
    return this.#standing(analysisId).catch((error: unknown) => {
      if (isDatabaseUnreachable(error)) return null;
      throw error;
    });
  }

  async #standing(analysisId: string): Promise<QueueStanding | null> {
    const { rows } = await this.#started().getDb().executeSql(
      `with me as (select created_on, id from ${QUEUE_SCHEMA}.job where name = $1 and id = $2 and state in ('created', 'retry'))
       select (select count(*) from ${QUEUE_SCHEMA}.job j, me
                where j.name = $1 and j.state in ('created', 'retry') and (j.created_on, j.id) < (me.created_on, me.id))::int as ahead,
              (select count(*) from ${QUEUE_SCHEMA}.job where name = $1 and state = 'active')::int as running,
              (select coalesce(json_agg(r.seconds), '[]'::json) from (
                 select extract(epoch from completed_on - started_on)::float8 as seconds from ${QUEUE_SCHEMA}.job
                  where name = $1 and state = 'completed' and started_on is not null
                  order by completed_on desc limit $3) r) as recent
        where exists (select 1 from me)`, [ANALYSIS_QUEUE, analysisId, RECENT_RUNS]);
    const row = rows[0] as { ahead: number; running: number; recent: number[] } | undefined;
    return row ? { ahead: row.ahead, running: row.running, recentRunSeconds: row.recent } : null;
  }

  async #state(analysisId: string): Promise<AnalysisJobState> {
    const [job] = await this.#started().findJobs<AnalysisJob>(ANALYSIS_QUEUE, { id: analysisId });
    switch (job?.state) {
      case 'created':
      case 'retry':
      case 'active':
        return { status: 'waiting' };
      case 'completed':
        return { status: 'settled', outcome: job.output as AnalysisJobOutcome };
      case 'cancelled':
        return { status: 'cancelled' };
      default:
        // Failed after its last attempt, or gone: AbandonAnalysis settles its credit.
        return { status: 'abandoned' };
    }
  }

  async #createQueues(boss: PgBoss): Promise<void> {
    // Created once by whichever instance comes first; later starts apply this version's policy.
    if (!(await boss.getQueue(ABANDONED_ANALYSIS_QUEUE))) await boss.createQueue(ABANDONED_ANALYSIS_QUEUE, { retryLimit: 5, retryDelay: 5 });
    if (await boss.getQueue(ANALYSIS_QUEUE)) await boss.updateQueue(ANALYSIS_QUEUE, QUEUE_POLICY);
    else await boss.createQueue(ANALYSIS_QUEUE, { ...QUEUE_POLICY, deadLetter: ABANDONED_ANALYSIS_QUEUE });
  }

  /**
   * A pending analysis always commits with its job, except when it comes back from a backup, which holds no
   * queue (ADR 0011): each starting instance queues such analyses again, so they run and settle their credit.
   * A job's id is its analysis's, so instances starting together queue each once.
   */
  async #requeueOrphans(boss: PgBoss, logger?: QueueLogger): Promise<void> {
    const { rows } = await boss.getDb().executeSql(
      `select p.id, p.user_id from pending_analyses p
        where not exists (select 1 from ${QUEUE_SCHEMA}.job j where j.name = $1 and j.id = p.id)`, [ANALYSIS_QUEUE]);
    for (const row of rows as Array<{ id: string; user_id: string }>) {
      const queued = await boss.send(ANALYSIS_QUEUE, { analysisId: row.id, userId: row.user_id }, { id: row.id });
      if (queued) logger?.warn({ analysisId: row.id }, 'queued again an analysis that had no job (restored from a backup)');
    }
  }

  async #work(boss: PgBoss, { workers, handlers, logger }: StartQueueOptions): Promise<void> {
    const worker = this.instanceName;
    this.#localWorker = await boss.work(ANALYSIS_QUEUE, { includeMetadata: true, localConcurrency: workers, pollingIntervalSeconds: POLL_INTERVAL_SECONDS },
      async ([job]: JobWithMetadata<unknown>[]) => {
        if (!job || !isAnalysisJob(job.data)) throw new Error(`Analysis job ${job?.id} has no analysis`);
        const attempt = job.retryCount + 1;
        logger?.info({ analysisId: job.data.analysisId, worker, attempt }, 'took analysis job');
        // The job's signal aborts when its claim goes: cancelled by its owner, or failed for another worker.
        const outcome = await handlers.process({ ...job.data, lastAttempt: job.retryCount >= job.retryLimit, signal: job.signal });
        logger?.info({ analysisId: job.data.analysisId, worker, attempt, stored: outcome.stored }, 'finished analysis job');
        for (const waiter of this.#waiters.get(job.data.analysisId) ?? []) waiter(outcome);
        return outcome;
      });
    await boss.work(ABANDONED_ANALYSIS_QUEUE, { pollingIntervalSeconds: 2 }, async ([job]) => {
      if (!job || !isAnalysisJob(job.data)) throw new Error(`Abandoned analysis job ${job?.id} has no analysis`);
      logger?.warn({ analysisId: job.data.analysisId, worker }, 'refunding an analysis whose every attempt failed');
      await handlers.abandon(job.data);
    });
  }

  #started(): PgBoss {
    if (!this.#boss) throw new Error('The analysis queue is not started');
    return this.#boss;
  }
}
