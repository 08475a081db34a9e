import type { DomainError } from '../shared/domain-error.ts';

/**
 * Queues an analysis's job inside the unit of work's transaction: the job exists exactly when the debit
 * and the pending row committed with it, so no failure can take a credit without a job to settle it.
 */
export interface AnalysisJobQueue {
  enqueue(job: AnalysisJob): Promise<void>;
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
  | { status: 'abandoned' };

/** Follows queued analyses from any process, by polling the shared database (ADR 0012). */
export interface AnalysisJobs {
  /** Answers once the job is no longer waiting, or `waiting` after `timeoutMs`. */
  settled(analysisId: string, options: { timeoutMs: number }): Promise<AnalysisJobState>;
}
export const AnalysisJobs = Symbol('AnalysisJobs');
