import type { AnalysisList, AnalyzeResponse, DashboardAnalysis } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';

/** What the Analyze page sends (spec §3 "Analyze request"), field for field. */
export interface AnalyzeRequest {
  pdf?: { fileName: string; bytes: Uint8Array };
  text?: string;
  title?: string;
  analysisType?: string;
  country?: string;
  state?: string;
  customPrompt?: string;
}

/** What a signed-in citizen can do with analyses, whichever way the product is reached. */
export interface Analyses {
  analyze(request: AnalyzeRequest): Promise<Outcome<AnalyzeResponse>>;
  list(query?: { q?: string }): Promise<Outcome<AnalysisList>>;
  open(id: string): Promise<Outcome<DashboardAnalysis>>;
  remove(id: string): Promise<Outcome<null>>;
}
