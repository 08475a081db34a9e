import type { AnalysisProgressEvent } from '../contracts/analysis-history.contract.ts';
import type { PendingAnalysis } from './pending-analysis-repository.port.ts';
import type { ProgressHub } from './progress-hub.port.ts';

/** Publishes on the analysis's progress key, when its client follows it. */
export const progressReporter = (progress: ProgressHub, pending: Pick<PendingAnalysis, 'userId' | 'progressId'>) =>
  (event: AnalysisProgressEvent): void => {
    if (pending.progressId) progress.publish({ userId: pending.userId, progressId: pending.progressId }, event);
  };
