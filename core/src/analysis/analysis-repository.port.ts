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

export interface AnalysisRepository {
  /** Newest first. */
  recent(userId: string, limit: number): Promise<StoredAnalysis[]>;
  /** How many analyses the user has, in all and since `since`. */
  count(userId: string, since?: Date): Promise<number>;
}
export const AnalysisRepository = Symbol('AnalysisRepository');
