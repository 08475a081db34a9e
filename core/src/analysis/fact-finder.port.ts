import type { DocumentKind } from '../contracts/analysis-catalogue.ts';
import type { DocumentLanguage, DraftFact } from '../contracts/analysis-result.contract.ts';
import type { ExtractedPage } from './text-extractor.port.ts';

/** What a document is and what it says that a citizen needs, found before any analyzer writes a word. */
export interface DocumentUnderstanding {
  kind: DocumentKind | null;
  /** The date the document bears (meeting, adoption, publication), `YYYY-MM-DD`; null when it states none. */
  date: string | null;
  /** Each resting on a quote of its page; the use case keeps only those whose quote is really there. */
  facts: DraftFact[];
}

export const NOTHING_UNDERSTOOD: DocumentUnderstanding = { kind: null, date: null, facts: [] };

/**
 * Reads pages into a document's kind, date and facts. Runs in bounded time whatever the text (long lines,
 * huge tables): past its budget it returns what it found so far.
 */
export interface FactFinder {
  understand(pages: readonly ExtractedPage[], language: DocumentLanguage | null): Promise<DocumentUnderstanding>;
}
export const FactFinder = Symbol('FactFinder');
