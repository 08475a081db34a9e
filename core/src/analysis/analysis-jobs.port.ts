import type { DomainError } from '../shared/domain-error.ts';

/**
 * Queues an analysis's job inside the unit of work's transaction: the job exists exactly when the debit
 * and the pending row committed with it, so no failure can take a credit without a job to settle it.
 */
export interface AnalysisJobQueue {
  enqueue(job: AnalysisJob): Promise<void>;
  /**
   * Takes a queued or running job out of the queue, with the transaction: no worker takes it afterwards, and
   * the worker running it hears so through the signal it runs with (within a few seconds, ADR 0012).
   */
  cancel(analysisId: string): Promise<void>;
}

/** A job's payload: ids only; the document waits in the pending row. */
export interface AnalysisJob {
  analysisId: string;
  userId: string;
}

/** What a worker's run of a job answers; stored with the job for whoever waits for it. */
export type AnalysisJobOutcome = { stored: true } | { stored: false; error: DomainError };

/** What became of a queued analysis. */
export type AnalysisJobState =
  /** Queued, running, or waiting for a retry; or still so when the wait ran out. */
  | { status: 'waiting' }
  /** Ran to its end: stored, or refused with its credit back. */
  | { status: 'settled'; outcome: AnalysisJobOutcome }
  /** Every attempt failed (a worker died or broke each time): `AbandonAnalysis` gives the credit back. */
  | { status: 'abandoned' }
  /** Its owner cancelled it (`CancelAnalysis` gave the credit back). */
  | { status: 'cancelled' };

/** Where a job that no worker has taken yet stands in the queue: what an estimate of its wait is made from. */
export interface QueueStanding {
  /** Jobs queued before it that no worker has taken yet. */
  ahead: number;
  /** Jobs being run now, by the workers of every process. */
  running: number;
  /** How long the most recent analyses ran, in seconds, newest first (a few dozen at most). */
  recentRunSeconds: number[];
}

/** Follows queued analyses from any process, by polling the shared database (ADR 0012). */
export interface AnalysisJobs {
  /** Answers once the job is no longer waiting, or `waiting` after `timeoutMs`. */
  settled(analysisId: string, options: { timeoutMs: number }): Promise<AnalysisJobState>;
  /** Where the job stands while no worker has taken it; null once one has, or when it is not queued. */
  standing(analysisId: string): Promise<QueueStanding | null>;
}
export const AnalysisJobs = Symbol('AnalysisJobs');
