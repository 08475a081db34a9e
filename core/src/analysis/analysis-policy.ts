import { DEFAULT_DOCUMENT_TITLE, DEFAULT_TEXT_TITLE, MAX_TITLE_CHARACTERS } from '../contracts/analyze.contract.ts';
import { storableText } from '../contracts/fields.ts';
import type { AnalysisProgressEvent } from '../contracts/analysis-history.contract.ts';
import { domainError, type DomainError } from '../shared/domain-error.ts';
import type { Repositories } from '../shared/unit-of-work.port.ts';
import type { SubscriptionTier } from '../tiers/subscription-tier.ts';
import type { DocumentSource } from './read-document.ts';
import type { PendingAnalysis } from './pending-analysis-repository.port.ts';
import type { ProgressHub } from './progress-hub.port.ts';

/** Spec §9. */
export const ANALYSIS_COST = 1;

export const NOT_PDF_MESSAGE = 'Only PDF files are accepted.';
export const TOO_LARGE_MESSAGE = 'The file is larger than 10 MB. Please upload a smaller PDF.';
export const STATE_SELECTION_MESSAGE = 'State selection available for paying subscribers. Upgrade to select a state.';
export const CUSTOM_ANALYSIS_MESSAGE = 'Custom analysis available for paying subscribers. Upgrade to access custom analysis.';
/** A Citizen asking to compare two versions (ADR 0022). */
export const COMPARISON_MESSAGE = 'Comparing versions is available for paying subscribers';
/** What a waiting citizen is told when something broke on our side; the credit is back either way. */
export const ANALYSIS_FAILED_MESSAGE = 'The analysis could not be completed. Your credit has been returned.';
/** Its owner cancelled it; the credit is back either way (DECISIONS "Cancelling"). */
export const ANALYSIS_CANCELLED_MESSAGE = 'Analysis cancelled. Your credit has been returned.';
export const ACCOUNT_DELETED_DURING_ANALYSIS_MESSAGE = 'This account was deleted while the analysis ran, so nothing was saved.';
/** The request stopped waiting, the analysis did not stop: its credit is settled when it ends. */
export const ANALYSIS_STILL_RUNNING_MESSAGE =
  'The analysis is taking longer than expected. It will appear in your history when it is done; if it fails, your credit is returned.';

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

export const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** A content limit the reader refused, told in the words of the user's plan; any other refusal as it came. */
export function inPlanWords(error: DomainError, tier: Pick<SubscriptionTier, 'name' | 'maxPages' | 'maxCharacters'>): DomainError {
  switch (error.code) {
    case 'document.too_many_pages':
      return domainError(error.code, `Your ${tier.name} plan allows PDFs of up to ${plural(tier.maxPages, 'page')}; this one has more.`);
    case 'document.too_many_characters':
      return domainError(error.code, `Your ${tier.name} plan allows up to ${plural(tier.maxCharacters, 'character')} of text per document; this PDF has more.`);
    default:
      return error;
  }
}

/** Publishes on the analysis's progress key, when its client follows it. */
export const progressReporter = (progress: ProgressHub, pending: Pick<PendingAnalysis, 'userId' | 'progressId'>) =>
  (event: AnalysisProgressEvent): void => {
    if (pending.progressId) progress.publish({ userId: pending.userId, progressId: pending.progressId }, event);
  };

/**
 * Gives an analysis's credit back, once: the pending row goes with an `analysis_refund` ledger row in the
 * caller's transaction. Answers the row, or null when it was already settled (stored, refunded, or the
 * account deleted), in which case nothing is paid: a second worker, a retry or the dead-letter handler
 * racing this one finds no row, and the ledger refuses a second refund of the same reference anyway.
 */
export async function refundPendingAnalysis(repos: Repositories, id: string): Promise<PendingAnalysis | null> {
  const pending = await repos.pendingAnalyses.find(id);
  if (!pending || !(await repos.pendingAnalyses.delete(id))) return null;
  const refunded = await repos.ledger.post({ userId: pending.userId, delta: ANALYSIS_COST, reason: 'analysis_refund', reference: id });
  if (!refunded.ok) throw new Error(`Refund of analysis ${id} failed: ${refunded.error.code}`);
  return pending;
}
