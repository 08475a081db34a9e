import type { DraftChange } from '../contracts/comparison-result.contract.ts';
import type { AnalyzerName } from '../contracts/analysis-result.contract.ts';
import type { DocumentUnderstanding } from '../analysis/fact-finder.port.ts';
import type { ExtractedPage } from '../analysis/text-extractor.port.ts';

/** One version as a comparer reads it: its pages, and what the FactFinder understood of them. */
export interface ComparedVersion {
  pages: readonly ExtractedPage[];
  understanding: DocumentUnderstanding;
}

/** A comparison before its quotes are checked. */
export interface ComparisonDraft {
  /** False when the two documents share too little to be versions of one document. */
  related: boolean;
  summary: string;
  /** In the order a reader needs them: what matters most first. */
  changes: DraftChange[];
  /** What a reader must know about how the comparison was written (a model's wording set aside), in plain words. */
  warnings?: string[];
}

/**
 * Compares two versions of a document (ADR 0022): the changes of substance between them, each with the quote and
 * page of each version it rests on. Pages that moved, reflowed text and OCR's misreadings are no changes.
 */
export interface VersionComparer {
  /** Rejects with anything once `signal` is aborted (a comparer that asks a model stops asking). */
  compare(earlier: ComparedVersion, later: ComparedVersion, options?: { signal?: AbortSignal }): Promise<ComparisonDraft>;
  /** Who compared, for the result's metadata. */
  readonly analyzer: AnalyzerName;
  readonly model: string | null;
}
export const VersionComparer = Symbol('VersionComparer');
