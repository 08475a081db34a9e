import { NOTHING_UNDERSTOOD, type AnalysisRequest, type ExtractedPage } from '@civicwatch/core';
import fixture from '../fixtures/corpus-pages.fixture.json' with { type: 'json' };

const pagesOf = (doc: { pages: Array<{ number: number; text: string }> }): ExtractedPage[] =>
  doc.pages.map((p) => ({ number: p.number, text: p.text, ocr: false }));

/** Pages 1–4 of an FAA proposed rule (Boeing 737 MAX), Federal Register 85 FR 47698: about 32,000 characters. */
export const faaProposedRulePages = (): ExtractedPage[] => pagesOf(fixture.documents.faaBoeing737MaxProposedRule);

/** A three-page library-district tax levy ordinance: about 2,900 characters. */
export const levyOrdinancePages = (): ExtractedPage[] => pagesOf(fixture.documents.libraryMaintenanceLevy);

/** Instructions as core builds them from the settings (placeholders filled). */
export const samplePrompt = 'You are CivicWatch, a nonpartisan assistant who explains government documents to citizens of the United States (state: Illinois) in plain language. Summarise the document, list its key insights, possible constitutional issues, what a citizen can do, and legal risks.';

export function analysisRequest(pages: ExtractedPage[], overrides: Partial<AnalysisRequest> = {}): AnalysisRequest {
  return {
    pages,
    title: 'Uploaded document',
    analysisType: 'summary',
    jurisdiction: { country: 'US', state: 'IL' },
    customFocus: null,
    prompt: samplePrompt,
    language: { code: 'en', name: 'English' },
    understanding: NOTHING_UNDERSTOOD,
    ...overrides,
  };
}
