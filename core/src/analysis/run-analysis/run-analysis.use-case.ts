import type { AnalysisResult } from '../../contracts/analysis-result.contract.ts';
import type { AnalysisProgressEvent } from '../../contracts/analysis-history.contract.ts';
import {
  DEFAULT_DOCUMENT_TITLE, DEFAULT_TEXT_TITLE, MAX_DOCUMENT_BYTES, MAX_TITLE_CHARACTERS, type AnalysisOptions,
} from '../../contracts/analyze.contract.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import { UNAUTHORIZED_MESSAGE } from '../../accounts/get-current-user/get-current-user.use-case.ts';
import type { SubscriptionTier } from '../../tiers/subscription-tier.ts';
import {
  MIN_DOCUMENT_CHARACTERS, TOO_SHORT_MESSAGE, documentCharacters,
  type AnalyzeDocument, type DocumentSource,
} from '../analyze-document/analyze-document.use-case.ts';
import { hasPdfSignature } from '../pdf-signature.ts';
import { storableText } from '../../contracts/fields.ts';
import type { ProgressHub } from '../progress-hub.port.ts';
import type { MessageComposer } from '../../notifications/message-composer.ts';

/** Spec §9. */
export const ANALYSIS_COST = 1;

export const NOT_PDF_MESSAGE = 'Only PDF files are accepted.';
export const TOO_LARGE_MESSAGE = 'The file is larger than 10 MB. Please upload a smaller PDF.';
export const STATE_SELECTION_MESSAGE = 'State selection available for paying subscribers. Upgrade to select a state.';
export const CUSTOM_ANALYSIS_MESSAGE = 'Custom analysis available for paying subscribers. Upgrade to access custom analysis.';
/** What a waiting citizen is told when something broke on our side; the credit is back either way. */
export const ANALYSIS_FAILED_MESSAGE = 'The analysis could not be completed. Your credit has been returned.';
export const ACCOUNT_DELETED_DURING_ANALYSIS_MESSAGE = 'This account was deleted while the analysis ran, so nothing was saved.';

/** Citizen is the free tier; every other tier is paid (spec §6). */
export const isPaidTier = (tier: Pick<SubscriptionTier, 'id'>): boolean => tier.id !== 'citizen';

/** The title the spec gives a document: the one typed, else the PDF's file name without `.pdf`, else its default. */
export function documentTitle(input: { kind: DocumentSource['kind']; title?: string; fileName?: string }): string {
  const typed = input.title?.trim();
  if (typed) return typed.slice(0, MAX_TITLE_CHARACTERS);
  if (input.kind === 'text') return DEFAULT_TEXT_TITLE;
  const fromName = input.fileName && storableText(input.fileName).replace(/^.*[\\/]/, '').replace(/\.pdf$/i, '').trim();
  return fromName ? fromName.slice(0, MAX_TITLE_CHARACTERS) : DEFAULT_DOCUMENT_TITLE;
}

export interface RunAnalysisInput {
  userId: string;
  source: DocumentSource;
  /** See `documentTitle`. */
  title: string;
  options: AnalysisOptions;
  /** The client's UUID for following this analysis on the ProgressHub. */
  progressId?: string;
}

export interface CompletedAnalysis {
  id: string;
  createdAt: Date;
  result: AnalysisResult;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * A signed-in user's analysis, end to end: every tier rule of the spec, paid for with one credit.
 *
 * Order: cheap checks (no credit is taken for a refusal) → debit and a pending row in one transaction →
 * extract and analyse → store the analysis and drop the pending row in one transaction. Any failure after
 * the debit (a returned error, a limit found only in the extracted pages, a throw) refunds the credit with
 * an `analysis_refund` ledger row in the transaction that drops the pending row; a process that dies
 * instead leaves the row for `RecoverInterruptedAnalyses`. Only the result, title and type are stored;
 * the analysis-complete e-mail goes into the outbox with them when the user wants analysis notices.
 */
export class RunAnalysis {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly analyzeDocument: AnalyzeDocument,
    private readonly progress: ProgressHub,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly messages: MessageComposer,
  ) {}

  async execute(input: RunAnalysisInput): Promise<Result<CompletedAnalysis, DomainError>> {
    const report = (event: AnalysisProgressEvent) => {
      if (input.progressId) this.progress.publish({ userId: input.userId, progressId: input.progressId }, event);
    };
    const refuse = (error: DomainError) => {
      report({ stage: 'failed', message: error.message });
      return err(error);
    };

    const admitted = await this.admit(input);
    if (!admitted.ok) return refuse(admitted.error);
    const tier = admitted.value;

    const id = this.ids.next();
    const debited = await this.uow.run(async ({ ledger, pendingAnalyses }) => {
      const posted = await ledger.post({ userId: input.userId, delta: -ANALYSIS_COST, reason: 'analysis_debit', reference: id });
      if (!posted.ok) return posted;
      await pendingAnalyses.insert({ id, userId: input.userId, createdAt: this.clock.now() });
      return ok(undefined);
    });
    if (!debited.ok) return refuse(debited.error);
    report({ stage: 'queued' });

    let outcome: Result<CompletedAnalysis, DomainError>;
    try {
      outcome = await this.analyseAndStore(id, input, tier, report);
    } catch (error) {
      await this.refund(id, input.userId);
      report({ stage: 'failed', message: ANALYSIS_FAILED_MESSAGE });
      throw error;
    }
    if (!outcome.ok) {
      await this.refund(id, input.userId);
      return refuse(outcome.error);
    }
    report({ stage: 'done' });
    return outcome;
  }

  /** Everything that can be refused without reading the document, so that a refusal costs nothing. */
  private async admit(input: RunAnalysisInput): Promise<Result<SubscriptionTier, DomainError>> {
    const { source, options } = input;
    const user = await this.uow.run(({ users }) => users.findById(input.userId));
    if (!user) return err(domainError('auth.unauthorized', UNAUTHORIZED_MESSAGE));
    const tier = await this.uow.run(({ tiers }) => tiers.get(user.tierId));
    if (!tier) throw new Error(`User ${user.id} is on the unknown tier ${user.tierId}`);

    if (source.kind === 'text') {
      const characters = documentCharacters([{ text: source.text }]);
      if (characters > tier.maxCharacters) {
        return err(domainError('document.too_many_characters',
          `This text has ${plural(characters, 'character')}; your ${tier.name} plan allows up to ${plural(tier.maxCharacters, 'character')}.`));
      }
      if (characters < MIN_DOCUMENT_CHARACTERS) return err(domainError('document.too_short', TOO_SHORT_MESSAGE));
    } else {
      if (source.bytes.length > MAX_DOCUMENT_BYTES) return err(domainError('document.too_large', TOO_LARGE_MESSAGE));
      if (!hasPdfSignature(source.bytes)) return err(domainError('document.not_pdf', NOT_PDF_MESSAGE));
    }
    if (!isPaidTier(tier)) {
      if (options.state) return err(domainError('tier.feature_unavailable', STATE_SELECTION_MESSAGE));
      if (options.analysisType === 'custom') return err(domainError('tier.feature_unavailable', CUSTOM_ANALYSIS_MESSAGE));
    }
    return ok(tier);
  }

  private async analyseAndStore(
    id: string,
    input: RunAnalysisInput,
    tier: SubscriptionTier,
    report: (event: AnalysisProgressEvent) => void,
  ): Promise<Result<CompletedAnalysis, DomainError>> {
    const { options } = input;
    const analysed = await this.analyzeDocument.execute({
      source: input.source,
      title: input.title,
      analysisType: options.analysisType,
      jurisdiction: { country: options.country, state: options.state ?? null },
      customFocus: options.analysisType === 'custom' ? (options.customPrompt ?? null) : null,
      paidTier: isPaidTier(tier),
      limits: { maxPages: tier.maxPages, maxCharacters: tier.maxCharacters },
      onProgress: report,
    });
    if (!analysed.ok) return err(this.withPlan(analysed.error, tier));

    const analysis = {
      id,
      userId: input.userId,
      createdAt: this.clock.now(),
      analysisType: options.analysisType,
      document: { title: input.title, type: input.source.kind },
      language: analysed.value.metadata.language?.code ?? null,
      result: analysed.value,
    };
    return this.uow.run(async ({ analyses, pendingAnalyses, users, outbox }) => {
      // An account deleted while its analysis ran took its credit and pending row with it: nothing to keep.
      const user = await users.findById(input.userId);
      if (!user) return err(domainError('auth.unauthorized', ACCOUNT_DELETED_DURING_ANALYSIS_MESSAGE));
      await analyses.save(analysis);
      await pendingAnalyses.delete(id);
      // An optional e-mail: only for users who still want analysis notices.
      if (user.emailPreferences.analysisNotices) await outbox.enqueue(this.messages.analysisComplete(user, { title: input.title }));
      return ok({ id, createdAt: analysis.createdAt, result: analysed.value });
    });
  }

  /** Limits found in the extracted pages are told in the words of the user's plan. */
  private withPlan(error: DomainError, tier: SubscriptionTier): DomainError {
    switch (error.code) {
      case 'document.too_many_pages':
        return domainError(error.code, `Your ${tier.name} plan allows PDFs of up to ${plural(tier.maxPages, 'page')}; this one has more.`);
      case 'document.too_many_characters':
        return domainError(error.code,
          `Your ${tier.name} plan allows up to ${plural(tier.maxCharacters, 'character')} of text per document; this PDF has more.`);
      default:
        return error;
    }
  }

  /** Gives the credit back once: a refund already made by recovery leaves no pending row, and the ledger refuses a replay. */
  private async refund(id: string, userId: string): Promise<void> {
    await this.uow.run(async ({ ledger, pendingAnalyses }) => {
      if (!(await pendingAnalyses.delete(id))) return;
      const refunded = await ledger.post({ userId, delta: ANALYSIS_COST, reason: 'analysis_refund', reference: id });
      if (!refunded.ok) throw new Error(`Refund of analysis ${id} failed: ${refunded.error.code}`);
    });
  }
}
