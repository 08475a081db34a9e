import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { AnalysisJob } from '../analysis-jobs.port.ts';
import type { ProgressHub } from '../progress-hub.port.ts';
import { ANALYSIS_FAILED_MESSAGE } from '../analysis-messages.ts';
import { progressReporter } from '../progress-reporter.ts';
import { refundPendingAnalysis } from '../refund-pending-analysis.ts';

/**
 * Settles an analysis whose every attempt ended without an answer (its workers died or timed out), handed
 * over by the queue's dead-letter queue: the credit goes back and the pending row, document included,
 * goes. Answers whether a refund was made; a job settled meanwhile is left as it is (ADR 0012).
 */
export class AbandonAnalysis {
  constructor(private readonly uow: UnitOfWork, private readonly progress: ProgressHub) {}

  async execute(job: AnalysisJob): Promise<boolean> {
    const refunded = await this.uow.run((repos) => refundPendingAnalysis(repos, job.analysisId));
    if (!refunded) return false;
    progressReporter(this.progress, refunded)({ stage: 'failed', message: ANALYSIS_FAILED_MESSAGE });
    return true;
  }
}
