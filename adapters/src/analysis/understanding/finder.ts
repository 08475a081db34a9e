import type { DocumentKind } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { DocumentLanguage, DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';

/** What every finder of facts is given. */
export interface FinderInput {
  pages: readonly ExtractedPage[];
  kind: DocumentKind | null;
  language: DocumentLanguage | null;
  /** The date the document bears, `YYYY-MM-DD`, or null. */
  date: string | null;
  /** `performance.now()` after which a finder stops and returns what it has: the analysis has a time budget. */
  deadline: number;
}

/**
 * Finds one family of facts (meetings, laws, tables...), most important first. Each fact's quote is a verbatim
 * span of its page's text; its statement is plain English, one short sentence. A finder that has nothing to
 * say about a document returns nothing: it never invents.
 */
export type Finder = (input: FinderInput) => DraftFact[];
