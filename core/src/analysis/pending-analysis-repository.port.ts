import type { AnalysisOptions } from '../contracts/analyze.contract.ts';
import type { DocumentSource } from './read-document.ts';

/**
 * An analysis whose credit has been taken and whose outcome is not stored yet: everything its job needs,
 * the uploaded document included, so that any worker can run it and a retry can run it again (docs/product/credits-and-tiers.md
 * "Credits"). The job's end deletes the row, whether the analysis is stored or refunded, so no document
 * outlives its analysis (docs/product/accounts.md "Privacy promise"); the job itself carries ids only.
 */
/** A document waiting for its job: its title and its bytes or text. */
export interface PendingDocument {
  title: string;
  source: DocumentSource;
}

/** What a pending row asks for: an analysis with its options, or a comparison with the earlier version beside. */
export type PendingRequest =
  | { options: AnalysisOptions; earlier?: undefined }
  | { options: ComparisonOptions; earlier: PendingDocument };

/** A comparison of two versions (ADR 0022) asks for nothing but the versions. */
export interface ComparisonOptions {
  analysisType: 'comparison';
}

export type PendingAnalysis = PendingAnalysisRow & PendingRequest;

interface PendingAnalysisRow {
  /** The id the analysis will be stored under, its job's id, and the reference of its debit and refund. */
  id: string;
  userId: string;
  createdAt: Date;
  /** The client's UUID for following this analysis on the ProgressHub; null when nobody follows it. */
  progressId: string | null;
  /** The document's title and source; for a comparison, the later version's. */
  title: string;
  source: DocumentSource;
}

export interface PendingAnalysisRepository {
  insert(pending: PendingAnalysis): Promise<void>;
  find(id: string): Promise<PendingAnalysis | null>;
  /** True when the row existed. */
  delete(id: string): Promise<boolean>;
  /** Oldest first. */
  list(): Promise<PendingAnalysis[]>;
  /** The id of the user's pending analysis posted with this progress id (ADR 0005), or null when none is. */
  idOfProgress(userId: string, progressId: string): Promise<string | null>;
}
