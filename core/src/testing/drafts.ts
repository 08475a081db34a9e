import { perListSection } from '../contracts/analysis-catalogue.ts';
import type { AnalyzerDraft } from '../contracts/analysis-result.contract.ts';

/**
 * An analyzer's draft for a test: a summary, every list of the catalogue empty unless `overrides` fills it, no
 * citation. A list added to the catalogue needs no change here or in the tests that build drafts with it.
 */
export const aDraft = (overrides: Partial<AnalyzerDraft> = {}): AnalyzerDraft => ({
  summary: 'A summary.',
  ...perListSection((): string[] => []),
  sentiment: { rating: 3, confidence: 0.5 },
  citations: [],
  ...overrides,
});
