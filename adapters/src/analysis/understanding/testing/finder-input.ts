import type { DocumentKind } from '@civicwatch/core/contracts/analysis-catalogue.ts';
import type { DocumentLanguage, DraftFact } from '@civicwatch/core/contracts/analysis-result.contract.ts';
import type { ExtractedPage } from '@civicwatch/core/analysis/text-extractor.port.ts';
import { quoteOccursIn } from '@civicwatch/core/analysis/grounding.ts';
import type { FinderInput } from '../finder.ts';

export const ENGLISH: DocumentLanguage = { code: 'en', name: 'English' };
export const FRENCH: DocumentLanguage = { code: 'fr', name: 'French' };
export const SPANISH: DocumentLanguage = { code: 'es', name: 'Spanish' };

/** Pages numbered from 1, none read by OCR. */
export const pagesOf = (...texts: string[]): ExtractedPage[] => texts.map((text, i) => ({ number: i + 1, text, ocr: false }));

/** What a finder is given for these pages; no time limit unless one is asked for. */
export const finderInput = (
  texts: string[],
  options: { kind?: DocumentKind | null; language?: DocumentLanguage | null; date?: string | null; deadline?: number } = {},
): FinderInput => ({
  pages: pagesOf(...texts),
  kind: options.kind === undefined ? null : options.kind,
  language: options.language === undefined ? ENGLISH : options.language,
  date: options.date === undefined ? null : options.date,
  deadline: options.deadline ?? Number.POSITIVE_INFINITY,
});

/** The facts whose quote is not on the page they name: a finder's facts must leave this empty. */
export const ungrounded = (facts: readonly DraftFact[], input: FinderInput): DraftFact[] =>
  facts.filter((fact) => {
    const page = input.pages.find((p) => p.number === fact.page);
    return !page || !quoteOccursIn(fact.quote, page.text) || fact.quote.length > 200;
  });
