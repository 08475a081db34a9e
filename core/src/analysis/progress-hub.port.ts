import type { AnalysisProgressEvent } from '../contracts/analysis-history.contract.ts';

/** Who is waiting: the signed-in user and the UUID their client chose for this analysis. */
export interface ProgressKey {
  userId: string;
  progressId: string;
}

/**
 * Carries an analysis's progress to whoever watches it. Keyed by user and progress id, so nobody can watch
 * another user's analysis. A watcher that arrives after some events first receives the latest one (kept for
 * a short while), so the stream may open before or after the analysis starts. Delivery is best effort and,
 * in the in-process adapter, per process (ADR 0005).
 */
export interface ProgressHub {
  /** A key's final event is its last: what is published after it (a worker not yet told of a cancel) is dropped. */
  publish(key: ProgressKey, event: AnalysisProgressEvent): void;
  /**
   * Calls `listener` with the latest recent event, if any, then with each new one, never before it returns;
   * answers the unsubscribe. A listener that throws is dropped.
   */
  subscribe(key: ProgressKey, listener: (event: AnalysisProgressEvent) => void): () => void;
  /** True when a watcher subscribing now would hear something: the key has events, the final one still kept. */
  hasRecent(key: ProgressKey): Promise<boolean>;
}
export const ProgressHub = Symbol('ProgressHub');

/** A hub that tells nobody: for callers that do not follow progress (the CLI, tests). */
export const silentProgressHub: ProgressHub = {
  publish: () => {},
  subscribe: () => () => {},
  hasRecent: async () => false,
};
