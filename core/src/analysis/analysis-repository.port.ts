import type { AnalysisType } from '../contracts/analysis-summary.contract.ts';

/** A stored analysis: the result, title, type and counts; never the document's text or bytes (DECISIONS, privacy). */
export interface StoredAnalysis {
  id: string;
  userId: string;
  createdAt: Date;
  analysisType: AnalysisType;
  document: { title: string; type: string };
  result: Record<string, unknown>;
}

export interface AnalysisSearch {
  userId: string;
  /** Matches the title anywhere, case-insensitively; % and _ are taken literally. */
  search?: string;
  offset: number;
  limit: number;
}

/**
 * A user's analyses. Every read and delete is scoped to the owner: another user's id, or a malformed one,
 * is simply not found.
 */
export interface AnalysisRepository {
  /** Stores a finished analysis: its result, title and type, never the document itself. */
  save(analysis: StoredAnalysis): Promise<void>;
  /** Newest first. */
  recent(userId: string, limit: number): Promise<StoredAnalysis[]>;
  /** How many analyses the user has, in all and since `since`. */
  count(userId: string, since?: Date): Promise<number>;
  /** Newest first, a page at a time, with the number of all matches. */
  list(query: AnalysisSearch): Promise<{ items: StoredAnalysis[]; total: number }>;
  get(userId: string, id: string): Promise<StoredAnalysis | null>;
  /** True when the user's analysis existed and is gone. */
  delete(userId: string, id: string): Promise<boolean>;
}
export const AnalysisRepository = Symbol('AnalysisRepository');
