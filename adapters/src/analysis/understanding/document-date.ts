import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { findDates } from './dates.ts';

/** A document states its own date near its top: the meeting it records, the day it was adopted or published. */
const HEAD_CHARACTERS = 3000;
/** An ordinance may state its date only where it was adopted, after its text: a few pages are read. */
const PAGES_READ = 3;
const ADOPTION_PAGES = 10;
const ADOPTION_CHARACTERS = 20_000;
const ADOPTION_LINE = /^[ \t]*(?:adopted|passed|approved and adopted|dated|adopt[ée]e?|fait [àa]|dad[ao] en|sancionad[ao])\b.{0,160}$/gim;

/**
 * The date a document bears: the first full date in the opening of its first pages, `YYYY-MM-DD`; null when
 * it has none there. What is "past" for the document is measured from it.
 */
export const documentDate = (pages: readonly ExtractedPage[], language: DocumentLanguage | null): string | null => {
  // An enactment dates itself where it is adopted: "ADOPTED this 17th day of June 2009" outranks the dates its
  // recitals cite (an Act of June 26, 1941).
  for (const page of pages.slice(0, ADOPTION_PAGES)) {
    for (const line of page.text.slice(0, ADOPTION_CHARACTERS).matchAll(ADOPTION_LINE)) {
      const found = findDates(line[0], language)[0];
      if (found) return found.iso;
    }
  }
  for (const page of pages.slice(0, PAGES_READ)) {
    const found = findDates(page.text.slice(0, HEAD_CHARACTERS), language)[0];
    if (found) return found.iso;
  }
  return null;
};
