import type { AnalysisResult } from '../../contracts/analysis-result.contract.ts';
import type { ComparisonResult } from '../../contracts/comparison-result.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { AnalysisJobState, AnalysisJobs } from '../analysis-jobs.port.ts';
import type { PendingDocument } from '../pending-analysis-repository.port.ts';
import type { ProgressHub } from '../progress-hub.port.ts';
import { estimatedWaitSeconds } from '../queue-wait.ts';
import type { SubmitAnalysis, SubmitAnalysisInput } from '../submit-analysis/submit-analysis.use-case.ts';
import { ANALYSIS_CANCELLED_MESSAGE, ANALYSIS_FAILED_MESSAGE, ANALYSIS_STILL_RUNNING_MESSAGE } from '../analysis-messages.ts';
import { progressReporter } from '../progress-reporter.ts';

export type RunAnalysisInput = SubmitAnalysisInput;

export interface CompletedAnalysis<R = AnalysisResult> {
  id: string;
  createdAt: Date;
  /** An analysis's result, or a comparison's. */
  result: R;
}

/** How long a request waits for its analysis by default: a scanned PDF read by OCR or a slow model takes minutes. */
export const DEFAULT_ANALYSIS_WAIT_MS = 10 * 60_000;
/** How often a waiting analysis's place in the queue is told again, while no worker has taken it. */
const STANDING_EVERY_MS = 2_000;

/**
 * A signed-in user's analysis, end to end, for a caller that waits for its answer (`POST /api/analyze`):
 * submitted to the queue, run by whichever worker takes it, in this process or another (ADR 0012), and
 * answered from what the job reports. While no worker has taken it, whoever follows its progress hears its
 * place in the queue and the wait estimated from recent analyses, as they change. A wait that runs out answers
 * `analysis.still_running` and leaves the job to finish: its credit is settled by the job, never by the
 * waiting request.
 */
export class RunAnalysis {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly submitAnalysis: SubmitAnalysis,
    private readonly jobs: AnalysisJobs,
    private readonly progress: ProgressHub,
    private readonly waitMs: number = DEFAULT_ANALYSIS_WAIT_MS,
  ) {}

  /** An analysis answers its result; a comparison (the input names an earlier version) answers the comparison. */
  async execute(input: RunAnalysisInput & { earlier?: undefined }): Promise<Result<CompletedAnalysis, DomainError>>;
  async execute(input: RunAnalysisInput & { earlier: PendingDocument }): Promise<Result<CompletedAnalysis<ComparisonResult>, DomainError>>;
  async execute(input: RunAnalysisInput): Promise<Result<CompletedAnalysis<AnalysisResult | ComparisonResult>, DomainError>> {
    const submitted = await this.submitAnalysis.execute(input);
    if (!submitted.ok) return submitted;
    const { id } = submitted.value;

    const state = await this.wait(id, input);
    switch (state.status) {
      case 'waiting':
        return err(domainError('analysis.still_running', ANALYSIS_STILL_RUNNING_MESSAGE));
      case 'abandoned':
        return err(domainError('analysis.failed', ANALYSIS_FAILED_MESSAGE));
      case 'cancelled':
        return err(domainError('analysis.cancelled', ANALYSIS_CANCELLED_MESSAGE));
      case 'settled': {
        if (!state.outcome.stored) return err(state.outcome.error);
        const stored = await this.uow.run(({ analyses }) => analyses.get(input.userId, id));
        // Deleted between its storing and this answer (the account or the analysis): it is gone for good.
        if (!stored) return err(domainError('analysis.not_found', 'This analysis was deleted before it could be shown.'));
        return ok({ id, createdAt: stored.createdAt, result: stored.result as AnalysisResult | ComparisonResult });
      }
    }
  }

  /** Waits `waitMs` in all, telling the analysis's place in the queue between slices while it has one. */
  private async wait(id: string, input: RunAnalysisInput): Promise<AnalysisJobState> {
    const report = progressReporter(this.progress, { userId: input.userId, progressId: input.progressId ?? null });
    let told = '';
    for (let waited = 0; ; waited += STANDING_EVERY_MS) {
      const standing = input.progressId ? await this.jobs.standing(id) : null;
      if (standing) {
        const event = { stage: 'queued' as const, ahead: standing.ahead, estimatedSeconds: estimatedWaitSeconds(standing) };
        const said = JSON.stringify(event);
        if (said !== told) report(event);
        told = said;
      }
      const timeoutMs = Math.min(STANDING_EVERY_MS, this.waitMs - waited);
      const state = await this.jobs.settled(id, { timeoutMs });
      if (state.status !== 'waiting' || waited + timeoutMs >= this.waitMs) return state;
    }
  }
}
