import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { findDates } from './dates.ts';

/** A document states its own date near its top: the meeting it records, the day it was adopted or published. */
const HEAD_CHARACTERS = 3000;
/** An ordinance may state its date only where it was adopted, after its text: a few pages are read. */
const PAGES_READ = 3;

/**
 * The date a document bears: the first full date in the opening of its first pages, `YYYY-MM-DD`; null when
 * it has none there. What is "past" for the document is measured from it.
 */
export const documentDate = (pages: readonly ExtractedPage[], language: DocumentLanguage | null): string | null => {
  for (const page of pages.slice(0, PAGES_READ)) {
    const found = findDates(page.text.slice(0, HEAD_CHARACTERS), language)[0];
    if (found) return found.iso;
  }
  return null;
};
