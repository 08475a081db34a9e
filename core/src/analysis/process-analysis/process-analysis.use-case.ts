import type { AnalysisResult } from '../../contracts/analysis-result.contract.ts';
import type { ComparisonResult } from '../../contracts/comparison-result.contract.ts';
import type { CompareVersions } from '../../comparison/compare-versions/compare-versions.use-case.ts';
import type { AnalysisProgressEvent } from '../../contracts/analysis-history.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { SubscriptionTier } from '../../tiers/subscription-tier.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';
import type { AnalyzeDocument } from '../analyze-document/analyze-document.use-case.ts';
import { inPlanWords } from '../analysis-policy.ts';
import type { AnalysisJob, AnalysisJobOutcome } from '../analysis-jobs.port.ts';
import type { PendingAnalysis } from '../pending-analysis-repository.port.ts';
import type { ProgressHub } from '../progress-hub.port.ts';
import { ACCOUNT_DELETED_DURING_ANALYSIS_MESSAGE, ANALYSIS_CANCELLED_MESSAGE, ANALYSIS_FAILED_MESSAGE } from '../analysis-messages.ts';
import { isPaidTier } from '../../contracts/tiers.contract.ts';
import { progressReporter } from '../progress-reporter.ts';
import { refundPendingAnalysis } from '../refund-pending-analysis.ts';

export interface ProcessAnalysisInput extends AnalysisJob {
  /** No retry follows this attempt: a thrown error refunds instead of handing the job back. */
  lastAttempt: boolean;
  /** Aborted when the job leaves this worker: its owner cancelled it, or the worker is stopping. */
  signal?: AbortSignal;
}

const failed = (error: DomainError): AnalysisJobOutcome => ({ stored: false, error });
const cancelled = failed(domainError('analysis.cancelled', ANALYSIS_CANCELLED_MESSAGE));

/**
 * One attempt at a queued analysis, on whichever worker took its job: extract and analyse the document of
 * its pending row, then store the analysis and drop the row in one transaction. A refusal found only in the
 * document (too many pages, unreadable) refunds the credit with an `analysis_refund` ledger row in the
 * transaction that drops the row. A thrown error (a broken dependency) hands the job back for a retry, or
 * refunds on the last attempt; a worker that dies leaves the job to be retried elsewhere, and one that dies
 * on the last attempt leaves it to `AbandonAnalysis`. An attempt that finds no row is a retry of a job
 * already settled, which answers the same outcome and changes nothing. One cancelled while it runs
 * (`CancelAnalysis`) stops at its signal, or stores nothing when it ends first: the cancel has refunded it. The analysis-complete e-mail goes
 * into the outbox with the analysis when the user wants analysis notices.
 */
export class ProcessAnalysis {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly analyzeDocument: AnalyzeDocument,
    private readonly compareVersions: CompareVersions,
    private readonly progress: ProgressHub,
    private readonly clock: Clock,
    private readonly messages: MessageComposer,
  ) {}

  async execute(input: ProcessAnalysisInput): Promise<AnalysisJobOutcome> {
    const pending = await this.uow.run(({ pendingAnalyses }) => pendingAnalyses.find(input.analysisId));
    if (!pending) return this.settledBefore(input);
    const report = progressReporter(this.progress, pending);

    let outcome: Result<true, DomainError>;
    try {
      outcome = await this.analyseAndStore(pending, report, input.signal);
    } catch (error) {
      // Stopped because the job left this worker: cancelled (its row went with the refund), or handed back by a
      // stopping worker (its row waits for the retry).
      if (input.signal?.aborted && !(await this.uow.read(({ pendingAnalyses }) => pendingAnalyses.find(pending.id)))) return cancelled;
      if (!input.lastAttempt) throw error;
      await this.uow.run((repos) => refundPendingAnalysis(repos, pending.id));
      report({ stage: 'failed', message: ANALYSIS_FAILED_MESSAGE });
      return failed(domainError('analysis.failed', ANALYSIS_FAILED_MESSAGE));
    }
    // Cancelled while it ran: the cancel refunded it and told whoever waits.
    if (!outcome.ok && outcome.error.code === 'analysis.cancelled') return cancelled;
    if (!outcome.ok) {
      await this.uow.run((repos) => refundPendingAnalysis(repos, pending.id));
      report({ stage: 'failed', message: outcome.error.message });
      return failed(outcome.error);
    }
    report({ stage: 'done' });
    return { stored: true };
  }

  /** The job of an analysis stored or refunded by an earlier attempt whose worker died before saying so. */
  private async settledBefore(job: AnalysisJob): Promise<AnalysisJobOutcome> {
    const stored = await this.uow.run(({ analyses }) => analyses.get(job.userId, job.analysisId));
    return stored ? { stored: true } : failed(domainError('analysis.failed', ANALYSIS_FAILED_MESSAGE));
  }

  private async analyseAndStore(
    pending: PendingAnalysis, report: (event: AnalysisProgressEvent) => void, signal: AbortSignal | undefined,
  ): Promise<Result<true, DomainError>> {
    const tier = await this.tierOf(pending.userId);
    if (!tier) return err(domainError('auth.unauthorized', ACCOUNT_DELETED_DURING_ANALYSIS_MESSAGE));
    if (pending.earlier) {
      const compared = await this.compareVersions.execute({
        earlier: pending.earlier,
        later: { title: pending.title, source: pending.source },
        limits: { maxPages: tier.maxPages, maxCharacters: tier.maxCharacters },
        onProgress: report,
        signal,
      });
      if (!compared.ok) return err(this.withPlan(compared.error, tier));
      return this.store(pending, compared.value);
    }
    const { options } = pending;
    const analysed = await this.analyzeDocument.execute({
      source: pending.source,
      title: pending.title,
      analysisType: options.analysisType,
      jurisdiction: { country: options.country, state: options.state ?? null },
      customFocus: options.analysisType === 'custom' ? (options.customPrompt ?? null) : null,
      paidTier: isPaidTier(tier),
      limits: { maxPages: tier.maxPages, maxCharacters: tier.maxCharacters },
      onProgress: report,
      signal,
    });
    if (!analysed.ok) return err(this.withPlan(analysed.error, tier));
    return this.store(pending, analysed.value);
  }

  private async tierOf(userId: string): Promise<SubscriptionTier | null> {
    const user = await this.uow.read(({ users }) => users.findById(userId));
    if (!user) return null;
    const tier = await this.uow.read(({ tiers }) => tiers.get(user.tierId));
    if (!tier) throw new Error(`User ${user.id} is on the unknown tier ${user.tierId}`);
    return tier;
  }

  private store(pending: PendingAnalysis, result: AnalysisResult | ComparisonResult): Promise<Result<true, DomainError>> {
    return this.uow.run(async ({ analyses, pendingAnalyses, users, outbox }) => {
      // An account deleted while its analysis ran took its credit and pending row with it: nothing to keep.
      const user = await users.findById(pending.userId);
      if (!user) return err(domainError('auth.unauthorized', ACCOUNT_DELETED_DURING_ANALYSIS_MESSAGE));
      // Cancelled by its owner while it ran, the row gone with its refund. (An attempt handed back at shutdown but
      // still running finds the row settled by its retry, and its answer is dropped all the same.)
      if (!(await pendingAnalyses.delete(pending.id))) return err(domainError('analysis.cancelled', ANALYSIS_CANCELLED_MESSAGE));
      await analyses.save({
        id: pending.id,
        userId: pending.userId,
        createdAt: this.clock.now(),
        analysisType: pending.options.analysisType,
        document: { title: pending.title, type: pending.source.kind },
        language: ('language' in result.metadata ? result.metadata.language : result.metadata.later.language)?.code ?? null,
        result,
      });
      // An optional e-mail: only for users who still want analysis notices.
      if (user.emailPreferences.analysisNotices) await outbox.enqueue(this.messages.analysisComplete(user, { title: pending.title }));
      return ok(true as const);
    });
  }

  /** Limits found in the extracted pages are told in the words of the user's plan (and of the version they concern). */
  private withPlan(error: DomainError, tier: SubscriptionTier): DomainError {
    const version = /^(?:Earlier|Later) version: /.exec(error.message)?.[0] ?? '';
    const worded = inPlanWords(error, tier);
    return worded === error ? error : domainError(error.code, `${version}${worded.message}`);
  }
}
