import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobWithMetadata } from 'pg-boss';
import type { AnalysisJob, AnalysisJobOutcome, AnalysisJobQueue, AnalysisJobs, AnalysisJobState, QueueStanding } from '@civicwatch/core';
import { isDatabaseUnreachable } from '../persistence/database-unreachable.ts';
import { PgBossJobs, QUEUE_SCHEMA, type QueueLogger } from './pg-boss-jobs.ts';

/** The queue of analyses, and where jobs go whose every attempt ended without an answer. */
export const ANALYSIS_QUEUE = 'analysis';
export const ABANDONED_ANALYSIS_QUEUE = 'analysis-abandoned';

/**
 * Attempt policy (ADR 0012). A worker renews its job's heartbeat every 5 s; a job not renewed for 10 s
 * (its worker died or lost the database) is failed by whichever instance supervises next and retried, at
 * most twice, on any worker. One attempt may run an hour at most (OCR of long scans, slow models).
 */
const QUEUE_POLICY = { retryLimit: 2, retryDelay: 1, heartbeatSeconds: 10, expireInSeconds: 60 * 60 } as const;
const POLL_INTERVAL_SECONDS = 0.5;
const SETTLED_POLL_MS = 250;
/** Completed analyses whose run times estimate a queued one's wait. */
const RECENT_RUNS = 20;

export interface AnalysisWorkerHandlers {
  process(input: AnalysisJob & { lastAttempt: boolean; signal?: AbortSignal }): Promise<AnalysisJobOutcome>;
  abandon(job: AnalysisJob): Promise<unknown>;
}

export interface StartAnalysesOptions {
  /** Jobs this process runs at once; 0 takes none (an API-only instance). */
  workers: number;
  handlers: AnalysisWorkerHandlers;
  logger?: QueueLogger;
}

const isAnalysisJob = (data: unknown): data is AnalysisJob =>
  typeof data === 'object' && data !== null && typeof (data as AnalysisJob).analysisId === 'string' && typeof (data as AnalysisJob).userId === 'string';

/**
 * The analysis queue on the process's pg-boss (ADR 0012): jobs are sent in the caller's transaction, taken by
 * any process's workers, retried when a worker dies, and dead-lettered to `AbandonAnalysis` when no attempt is
 * left. Waiting for a job polls its state, so any instance can answer for any worker.
 */
export class PgBossAnalysisQueue implements AnalysisJobs {
  #handedBack = false;
  /** This process's worker of the analysis queue, when it runs jobs. */
  #localWorker: string | null = null;
  /** Requests of this process waiting for an analysis that a worker of this process may run. */
  readonly #waiters = new Map<string, Set<(outcome: AnalysisJobOutcome) => void>>();

  constructor(private readonly jobs: PgBossJobs) {
    jobs.define(
      { name: ABANDONED_ANALYSIS_QUEUE, policy: { retryLimit: 5, retryDelay: 5 } },
      { name: ANALYSIS_QUEUE, policy: { ...QUEUE_POLICY, deadLetter: ABANDONED_ANALYSIS_QUEUE } },
    );
  }

  /** The job queue of one unit-of-work transaction. */
  within(em: EntityManager): AnalysisJobQueue {
    const db = () => PgBossJobs.transactionOf(em);
    return {
      enqueue: async (job) => {
        // The job's id is the analysis's: a waiting request finds it without asking anyone.
        await this.jobs.boss.send(ANALYSIS_QUEUE, { ...job }, { id: job.analysisId, db: db() });
      },
      cancel: async (analysisId) => {
        // A running job's worker hears it at its next heartbeat, which finds the claim gone and aborts the
        // job's signal (QUEUE_POLICY: within 5 s).
        await this.jobs.boss.cancel(ANALYSIS_QUEUE, analysisId, { db: db() });
      },
    };
  }

  /**
   * Once the process's job queue has started: queues again the analyses that have no job, and runs `workers` of
   * them at once in this process. A failure stops the job queue.
   */
  async start(options: StartAnalysesOptions): Promise<void> {
    try {
      await this.#requeueOrphans(options.logger);
      if (options.workers > 0) await this.#work(options);
    } catch (error) {
      await this.jobs.stop({ graceMs: 0 });
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
      if (this.#localWorker) this.jobs.boss.notifyWorker(this.#localWorker);
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
    const { rows } = await this.jobs.boss.getDb().executeSql(
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
    const [job] = await this.jobs.boss.findJobs<AnalysisJob>(ANALYSIS_QUEUE, { id: analysisId });
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

  /**
   * A pending analysis always commits with its job, except when it comes back from a backup, which holds no
   * queue (ADR 0011): each starting instance queues such analyses again, so they run and settle their credit.
   * A job's id is its analysis's, so instances starting together queue each once.
   */
  async #requeueOrphans(logger?: QueueLogger): Promise<void> {
    const boss = this.jobs.boss;
    const { rows } = await boss.getDb().executeSql(
      `select p.id, p.user_id from pending_analyses p
        where not exists (select 1 from ${QUEUE_SCHEMA}.job j where j.name = $1 and j.id = p.id)`, [ANALYSIS_QUEUE]);
    for (const row of rows as Array<{ id: string; user_id: string }>) {
      const queued = await boss.send(ANALYSIS_QUEUE, { analysisId: row.id, userId: row.user_id }, { id: row.id });
      if (queued) logger?.warn({ analysisId: row.id }, 'queued again an analysis that had no job (restored from a backup)');
    }
  }

  async #work({ workers, handlers, logger }: StartAnalysesOptions): Promise<void> {
    const boss = this.jobs.boss;
    const worker = this.jobs.instanceName;
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
}
