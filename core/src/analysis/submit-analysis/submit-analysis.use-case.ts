import { analysisTypeOf, versionLabels } from '../../contracts/analysis-catalogue.ts';
import { MAX_DOCUMENT_BYTES } from '../../contracts/analyze.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { SubscriptionTier } from '../../tiers/subscription-tier.ts';
import {
  MIN_DOCUMENT_CHARACTERS, TOO_SHORT_MESSAGE, documentCharacters, type DocumentSource,
} from '../read-document.ts';
import { ANALYSIS_COST, inPlanWords } from '../analysis-policy.ts';
import { hasPdfSignature } from '../pdf-signature.ts';
import type { PendingRequest } from '../pending-analysis-repository.port.ts';
import type { ProgressHub } from '../progress-hub.port.ts';
import type { TextExtractor } from '../text-extractor.port.ts';
import { UNAUTHORIZED_MESSAGE } from '../../accounts/account-messages.ts';
import { COMPARISON_MESSAGE, CUSTOM_ANALYSIS_MESSAGE, NOT_PDF_MESSAGE, STATE_SELECTION_MESSAGE, TOO_LARGE_MESSAGE } from '../analysis-messages.ts';
import { isPaidTier } from '../../contracts/tiers.contract.ts';
import { plural } from '../../contracts/plural.ts';
import { progressReporter } from '../progress-reporter.ts';
import { INSUFFICIENT_CREDITS_MESSAGE } from '../../credits/credit-messages.ts';

export type SubmitAnalysisInput = {
  userId: string;
  /** The document; for a comparison, its later version. */
  source: DocumentSource;
  /** See `documentTitle`. */
  title: string;
  /** The client's UUID for following this analysis on the ProgressHub. */
  progressId?: string;
} & PendingRequest;

/**
 * Takes a signed-in user's analysis in, or comparison of two versions (ADR 0022), paid for with one credit:
 * every tier rule that can be checked without reading the documents first, each PDF opened to refuse what
 * cannot be read or has too many pages (a refusal costs nothing, and comes before the wait), then the debit,
 * the pending row holding the document(s) and the job, in one transaction (ADR 0012). Any worker then runs it
 * (`ProcessAnalysis`). Answers its id.
 */
export class SubmitAnalysis {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly progress: ProgressHub,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly extractor: TextExtractor,
  ) {}

  async execute(input: SubmitAnalysisInput): Promise<Result<{ id: string }, DomainError>> {
    const report = progressReporter(this.progress, { userId: input.userId, progressId: input.progressId ?? null });
    const admitted = await this.admit(input);
    if (!admitted.ok) {
      report({ stage: 'failed', message: admitted.error.message });
      return admitted;
    }

    const id = this.ids.next();
    const queued = await this.uow.run(async ({ ledger, pendingAnalyses, analysisJobs }) => {
      const posted = await ledger.post({ userId: input.userId, delta: -ANALYSIS_COST, reason: 'analysis_debit', reference: id });
      if (!posted.ok) return posted;
      const { userId, progressId, title, source } = input;
      const row = { id, userId, createdAt: this.clock.now(), progressId: progressId ?? null, title, source };
      await pendingAnalyses.insert(input.earlier ? { ...row, options: input.options, earlier: input.earlier } : { ...row, options: input.options });
      await analysisJobs.enqueue({ analysisId: id, userId: input.userId });
      return ok({ id });
    });
    report(queued.ok ? { stage: 'queued' } : { stage: 'failed', message: queued.error.message });
    return queued;
  }

  /** Everything that can be refused without reading the document's pages, so that a refusal costs nothing. */
  private async admit(input: SubmitAnalysisInput): Promise<Result<SubscriptionTier, DomainError>> {
    const user = await this.uow.read(({ users }) => users.findById(input.userId));
    if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
    const tier = await this.uow.read(({ tiers }) => tiers.get(user.tierId));
    if (!tier) throw new Error(`User ${user.id} is on the unknown tier ${user.tierId}`);

    if (input.earlier) {
      if (!isPaidTier(tier)) return err(domainError('tier.feature_unavailable', COMPARISON_MESSAGE));
      if (user.credits < ANALYSIS_COST) return err(domainError('credits.insufficient', INSUFFICIENT_CREDITS_MESSAGE));
      // Each version is refused as a document to analyse would be, and named.
      for (const [side, source] of [['earlier', input.earlier.source], ['later', input.source]] as const) {
        const admitted = await this.admitDocument(source, tier);
        if (!admitted.ok) return err(domainError(admitted.error.code, `${versionLabels[side]}: ${admitted.error.message}`));
      }
      return ok(tier);
    }
    if (!isPaidTier(tier)) {
      if (input.options.state) return err(domainError('tier.feature_unavailable', STATE_SELECTION_MESSAGE));
      if (analysisTypeOf(input.options.analysisType).paidOnly) return err(domainError('tier.feature_unavailable', CUSTOM_ANALYSIS_MESSAGE));
    }
    // Opening a PDF, and counting a scan's pages, is work: none is done for a user who could not pay for it. The
    // debit stays the guard (two submissions at once).
    if (user.credits < ANALYSIS_COST) return err(domainError('credits.insufficient', INSUFFICIENT_CREDITS_MESSAGE));
    const admitted = await this.admitDocument(input.source, tier);
    return admitted.ok ? ok(tier) : admitted;
  }

  /**
   * What can be refused of one document before reading it: its size, its signature, what opening the PDF
   * refuses (damaged, a password, more pages than the tier's, a scan that shows more characters than the tier's),
   * or its pasted text's length.
   */
  private async admitDocument(source: DocumentSource, tier: SubscriptionTier): Promise<Result<true, DomainError>> {
    if (source.kind === 'text') {
      const characters = documentCharacters([{ text: source.text }]);
      if (characters > tier.maxCharacters) {
        return err(domainError('document.too_many_characters',
          `This text has ${plural(characters, 'character')}; your ${tier.name} plan allows up to ${plural(tier.maxCharacters, 'character')}.`));
      }
      if (characters < MIN_DOCUMENT_CHARACTERS) return err(domainError('document.too_short', TOO_SHORT_MESSAGE));
      return ok(true);
    }
    if (source.bytes.length > MAX_DOCUMENT_BYTES) return err(domainError('document.too_large', TOO_LARGE_MESSAGE));
    if (!hasPdfSignature(source.bytes)) return err(domainError('document.not_pdf', NOT_PDF_MESSAGE));
    const opened = await this.extractor.check(source.bytes, { maxPages: tier.maxPages, maxCharacters: tier.maxCharacters });
    return opened.ok ? ok(true) : err(inPlanWords(opened.error, tier));
  }
}
