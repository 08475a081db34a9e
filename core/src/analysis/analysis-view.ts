import type { DashboardAnalysis } from '../contracts/dashboard.contract.ts';
import type { StoredAnalysis } from './analysis-repository.port.ts';

/** A stored analysis as the wire shows it (the dashboard, the history and one analysis alike). */
export const toAnalysisView = (analysis: StoredAnalysis): DashboardAnalysis => ({
  id: analysis.id,
  createdAt: analysis.createdAt.toISOString(),
  analysisType: analysis.analysisType,
  document: { title: analysis.document.title, type: analysis.document.type },
  result: analysis.result,
});
