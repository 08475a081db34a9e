import type { ListSectionKey } from '../contracts/analysis-catalogue.ts';
import type { AnalyzerDraft, Citation, DraftFact, Fact } from '../contracts/analysis-result.contract.ts';
import type { Change, ChangeSide, DraftChange } from '../contracts/comparison-result.contract.ts';
import type { ExtractedPage } from './text-extractor.port.ts';

type DraftCitation = AnalyzerDraft['citations'][number];

/** Quotes shorter than this (after normalisation) prove nothing: "the" is on every page. */
const MIN_VERIFIABLE_QUOTE = 3;

/**
 * The canonical form in which a quote and a page are compared (docs/product/analysis.md "Result fields": `verified`
 * means the quote is in the extracted text of its page). It forgives what PDF extraction and models
 * change without changing the words: Unicode compatibility forms (ligatures, full-width), curly vs straight
 * and TeX-style quotes, dash variants, soft hyphens, words hyphenated across a line end, runs of
 * whitespace, spaces before punctuation, and case. Hyphens inside words are dropped on both sides, so
 * "well-\nknown" on the page matches both "well-known" and "wellknown" in a quote.
 */
export const normalizeForGrounding = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/\u00AD/g, '')
    .replace(/``|''|[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/[\u2018\u2019\u201A\u201B\u2032`\u00B4]/g, "'")
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-')
    .replace(/(\p{L})-[ \t]*\r?\n\s*(\p{L})/gu, '$1$2')
    .replace(/(\p{L})-(?=\p{L})/gu, '$1')
    .replace(/\s+/g, ' ')
    .replace(/ (?=[.,;:!?)\]])/g, '')
    .replace(/([([]) /g, '$1')
    .toLowerCase()
    .trim();

/** Quote characters a model may wrap around a quote, and an ellipsis it may use to skip words. */
const WRAPPING_QUOTES = /^["'\s]+|["'\s]+$/g;
const ELLIPSIS = /\s*(?:\u2026|\.\s?\.\s?\.)\s*/;

/**
 * True when `quote` occurs in `pageText` once both are normalised. An ellipsis in the quote may stand
 * for skipped words: each part must then occur, in order.
 */
export const quoteOccursIn = (quote: string, pageText: string, normalizedPage?: string): boolean => {
  const page = normalizedPage ?? normalizeForGrounding(pageText);
  const parts = quote
    .split(ELLIPSIS)
    .map((part) => normalizeForGrounding(part).replace(WRAPPING_QUOTES, ''))
    .filter((part) => part.length > 0);
  if (parts.length === 0 || parts.reduce((n, p) => n + p.length, 0) < MIN_VERIFIABLE_QUOTE) return false;
  let from = 0;
  for (const part of parts) {
    const at = page.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
};

/**
 * Checks every citation of a draft against the extracted text of the page it names. Citations naming a
 * page the document does not have, or an item its section does not have, are dropped: nothing could
 * ever show them next to a point. Order is kept.
 */
export const groundCitations = (
  draft: Pick<AnalyzerDraft, 'citations' | ListSectionKey>,
  pages: readonly ExtractedPage[],
): Citation[] => {
  const byNumber = new Map(pages.map((p) => [p.number, p]));
  const normalized = new Map<number, string>();
  const itemCount = (c: DraftCitation): number => (c.section === 'summary' ? 1 : draft[c.section].length);
  const grounded: Citation[] = [];
  for (const citation of draft.citations) {
    const page = byNumber.get(citation.page);
    if (!page || citation.index >= itemCount(citation)) continue;
    let text = normalized.get(page.number);
    if (text === undefined) {
      text = normalizeForGrounding(page.text);
      normalized.set(page.number, text);
    }
    grounded.push({ ...citation, verified: quoteOccursIn(citation.quote, page.text, text) });
  }
  return grounded;
};

/**
 * The facts whose quote is in the text of the page they name, marked verified; the others are dropped, since a
 * fact is stated as one and nothing unverified may be (docs/product/analysis.md "Result fields").
 */
export const groundFacts = (facts: readonly DraftFact[], pages: readonly ExtractedPage[]): Fact[] => {
  const normalized = new Map(pages.map((p) => [p.number, normalizeForGrounding(p.text)]));
  return facts.flatMap((fact) => {
    const page = normalized.get(fact.page);
    return page !== undefined && quoteOccursIn(fact.quote, '', page) ? [{ ...fact, verified: true }] : [];
  });
};

/**
 * The changes of a comparison with each side's quote checked against its page of its version (`verified`); a
 * side naming a page its version does not have is dropped, and a change left with no side is dropped too.
 */
export const groundChanges = (
  changes: readonly DraftChange[],
  earlier: readonly ExtractedPage[],
  later: readonly ExtractedPage[],
): Change[] => {
  const check = (pages: readonly ExtractedPage[]) => {
    const normalized = new Map(pages.map((p) => [p.number, normalizeForGrounding(p.text)]));
    return (side: DraftChange['before']): ChangeSide | undefined => {
      const page = side && normalized.get(side.page);
      return side && page !== undefined ? { ...side, verified: quoteOccursIn(side.quote, '', page) } : undefined;
    };
  };
  const before = check(earlier);
  const after = check(later);
  return changes.flatMap((change) => {
    const grounded: Change = { type: change.type, statement: change.statement, before: before(change.before), after: after(change.after) };
    if (!grounded.before) delete grounded.before;
    if (!grounded.after) delete grounded.after;
    return grounded.before || grounded.after ? [grounded] : [];
  });
};
