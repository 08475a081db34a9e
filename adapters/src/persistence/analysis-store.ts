import type { AnalysisRepository, StoredAnalysis } from '@civicwatch/core';

/**
 * Core's AnalysisRepository reads; storing a finished analysis is the analysis use case's to define.
 * Until the port carries a write, the adapters offer `save` with this shape so the contract suite (and
 * whoever wires the analysis use case) can store one. Remove once core's port has it.
 */
export interface AnalysisStore extends AnalysisRepository {
  /** Stores a finished analysis: its result, title and type, never the document itself. */
  save(analysis: StoredAnalysis): Promise<void>;
}
