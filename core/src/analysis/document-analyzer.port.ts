import type { AnalysisType } from '../contracts/analysis-summary.contract.ts';
import type { AnalyzerDraft, AnalyzerName, DocumentLanguage } from '../contracts/analysis-result.contract.ts';
import type { Result } from '../shared/result.ts';
import type { DomainError } from '../shared/domain-error.ts';
import type { DocumentUnderstanding } from './fact-finder.port.ts';
import type { ExtractedPage } from './text-extractor.port.ts';

export interface Jurisdiction {
  /** Country code (`US`, `DE`, `OTHER`). */
  country: string;
  /** Two-letter US state code, only for paid tiers in the United States. */
  state: string | null;
}

export interface AnalysisRequest {
  pages: ExtractedPage[];
  title: string;
  analysisType: AnalysisType;
  jurisdiction: Jurisdiction;
  /** The citizen's focus, only for custom analyses. */
  customFocus: string | null;
  /** The instructions chosen from the settings with placeholders filled; LLM analyzers use it, the embedded one may not. */
  prompt: string;
  /** The language detected in the pages; null when undetermined. The prompt already names it when it is not English. */
  language: DocumentLanguage | null;
  /**
   * The document's kind, date and facts as found by rules, only the facts whose quote is on their page: a language
   * model gets them as verified anchors.
   */
  understanding: DocumentUnderstanding;
}

export interface AnalyzerOutput {
  draft: AnalyzerDraft;
  analyzer: AnalyzerName;
  model: string | null;
  /** Hash of the prompt the model was given; null when the analyzer uses no prompt. */
  promptVersion: string | null;
  /** Plain-English caveats a reader must see with the result, such as a language the analyzer handles less well. */
  warnings?: string[];
}

/**
 * Turns pages of a document into a draft result whose citations name the page each point rests on.
 * `analyzer.unavailable` when the model cannot be reached after retries, `analyzer.invalid_output`
 * when it keeps answering outside the schema.
 */
export interface DocumentAnalyzer {
  readonly name: AnalyzerName;
  /** `onPart` hears each part of the document the analyzer has finished, of how many, when it reads it in parts. */
  analyze(
    request: AnalysisRequest,
    options?: { signal?: AbortSignal; onPart?: (part: number, parts: number) => void },
  ): Promise<Result<AnalyzerOutput, DomainError>>;
}
export const DocumentAnalyzer = Symbol('DocumentAnalyzer');
