import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { ProgressHub } from '../progress-hub.port.ts';
import { ANALYSIS_CANCELLED_MESSAGE, ANALYSIS_ENDED_MESSAGE } from '../analysis-messages.ts';
import { progressReporter } from '../progress-reporter.ts';
import { refundPendingAnalysis } from '../refund-pending-analysis.ts';

/**
 * Its owner cancels a queued or running analysis or comparison, by the progress id their client follows it
 * with (docs/product/analysis.md "Cancelling"): in one transaction the pending row goes, document and all, the credit comes
 * back with an `analysis_refund` ledger row, and the job leaves the queue, so no worker takes it and the one
 * running it stops (`ProcessAnalysis` stores nothing for a row that is gone). Whoever waits hears `cancelled`.
 * An analysis that has just ended, or another user's, answers `analysis.not_found`: nothing changes.
 */
export class CancelAnalysis {
  constructor(private readonly uow: UnitOfWork, private readonly progress: ProgressHub) {}

  async execute(input: { userId: string; progressId: string }): Promise<Result<true, DomainError>> {
    const cancelled = await this.uow.run(async (repos) => {
      const id = await repos.pendingAnalyses.idOfProgress(input.userId, input.progressId);
      const refunded = id ? await refundPendingAnalysis(repos, id) : null;
      if (refunded) await repos.analysisJobs.cancel(refunded.id);
      return refunded;
    });
    if (!cancelled) return err(domainError('analysis.not_found', ANALYSIS_ENDED_MESSAGE));
    progressReporter(this.progress, cancelled)({ stage: 'cancelled', message: ANALYSIS_CANCELLED_MESSAGE });
    return ok(true);
  }
}
