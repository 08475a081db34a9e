import type { AnalysisList, AnalyzeResponse, CompareResponse, AnalysisView } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';

/** What the Analyze page sends (docs/product/api.md "Endpoints"), field for field. */
export interface AnalyzeRequest {
  pdf?: UploadedPdf;
  text?: string;
  title?: string;
  analysisType?: string;
  country?: string;
  state?: string;
  customPrompt?: string;
}

/** A PDF as the browser uploads it. */
export interface UploadedPdf {
  fileName: string;
  bytes: Uint8Array;
}

/** One version on the Compare page: a PDF dropped on its zone, or pasted text. */
export type VersionInput = { pdf: UploadedPdf } | { text: string };

/** What the Compare page sends (POST /api/compare): the earlier version in `before`, the later in `after`. */
export interface CompareRequest {
  before?: VersionInput;
  after?: VersionInput;
  beforeTitle?: string;
  afterTitle?: string;
}

/** What a signed-in citizen can do with analyses, whichever way the product is reached. */
export interface Analyses {
  analyze(request: AnalyzeRequest): Promise<Outcome<AnalyzeResponse>>;
  /** Two versions of a document compared; the comparison joins the history like an analysis. */
  compare(request: CompareRequest): Promise<Outcome<CompareResponse>>;
  list(query?: { q?: string }): Promise<Outcome<AnalysisList>>;
  open(id: string): Promise<Outcome<AnalysisView>>;
  remove(id: string): Promise<Outcome<null>>;
}
