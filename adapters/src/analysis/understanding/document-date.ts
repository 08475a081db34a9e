import type { DocumentLanguage } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { findDates } from './dates.ts';

/** A document states its own date near its top: the meeting it records, the day it was adopted or published. */
const HEAD_CHARACTERS = 3000;

/**
 * The date a document bears: the first full date in the opening of its first page with text, `YYYY-MM-DD`;
 * null when it has none there. What is "past" for the document is measured from it.
 */
export const documentDate = (pages: readonly ExtractedPage[], language: DocumentLanguage | null): string | null => {
  const first = pages.find((p) => p.text.trim().length > 0);
  if (!first) return null;
  return findDates(first.text.slice(0, HEAD_CHARACTERS), language)[0]?.iso ?? null;
};
