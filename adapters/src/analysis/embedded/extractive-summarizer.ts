import { rankUnits, selectSummary, type RankedUnit, type RankWeights } from './sentence-ranker.ts';
import { termsOf, type TextUnit } from './sentence-segmenter.ts';

export interface SummaryOptions {
  title: string;
  customFocus?: string | null;
  /** Characters to aim at; by default scaled to the document's length. */
  budget?: number;
  weights?: Partial<RankWeights>;
}

export interface ExtractiveSummary {
  /** The chosen sentences, in document order: the document's own words. */
  sentences: RankedUnit[];
  /** Every candidate, best first: the other sections draw on it. */
  ranked: RankedUnit[];
}

/**
 * Characters of summary: a fifth of the document, at least a paragraph and at most what a citizen reads on one
 * screen (about 250 words). The bounds were chosen on the BillSum dev bills.
 */
export const summaryBudget = (documentChars: number): number => Math.round(Math.min(1400, Math.max(700, documentChars * 0.2)));

/** Headings on the first page name the document ("ORDINANCE NO. 20-21-02 … TAX LEVY"); a title given by a user often does not. */
const leadingHeadings = (units: readonly TextUnit[]): string =>
  units
    .filter((u) => u.page === units[0]?.page && u.kind === 'heading')
    .slice(0, 4)
    .map((u) => u.text)
    .join(' ');

/**
 * How a chosen sentence reads in the summary: the document's words without the list labels and run-in
 * headings of legal drafting ("(a) In General.--") or a word processor's bullet, and with typographic quotes for TeX-style ones.
 * Citations keep the unquoted sentence as it stands on the page.
 */
export const summarySentence = (text: string): string =>
  text
    .replace(/^[•▪●◦·*\uF0A7\uF0B7\uF0D8]\s*/, '')
    // A word processor's hollow bullet often comes out of a PDF as the letter "o": "o In 2018, the SSA…".
    .replace(/^o\s+(?=\p{Lu})/u, '')
    .replace(/^(?:``|")?(?:\(\w{1,4}\)\s*)+/, '')
    .replace(/^[A-Z][\w ,'’&-]{0,60}\.(?:--|—)\s*/, '')
    .replace(/^(?:--|—)\s*/, '')
    .replace(/``/g, '“')
    .replace(/''/g, '”')
    .trim();

export const summarize = (units: readonly TextUnit[], options: SummaryOptions): ExtractiveSummary => {
  const titleTerms = termsOf(`${options.title} ${leadingHeadings(units)}`);
  const focusTerms = options.customFocus ? termsOf(options.customFocus) : [];
  const ranked = rankUnits(units, { titleTerms, focusTerms, weights: options.weights });
  const chars = units.reduce((n, u) => n + u.text.length + 1, 0);
  const sentences = selectSummary(ranked, options.budget ?? summaryBudget(chars));
  return { sentences, ranked };
};
