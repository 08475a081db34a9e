import { describe, expect, it } from 'vitest';
import { groundCitations, normalizeForGrounding, quoteOccursIn } from './grounding.ts';
import type { AnalyzerDraft } from '../contracts/analysis-result.contract.ts';
import type { ExtractedPage } from './text-extractor.port.ts';
import { aDraft } from '../testing/drafts.ts';

const page = (number: number, text: string): ExtractedPage => ({ number, text, ocr: false });

const draftWith = (citations: AnalyzerDraft['citations']): AnalyzerDraft => aDraft({ keyInsights: ['one', 'two'], citizenAction: ['act'], citations });

describe('normalizeForGrounding', () => {
  it('collapses whitespace, lower-cases and unifies quotes and dashes', () => {
    expect(normalizeForGrounding('The  “Board”\n shall — by\tlaw ‘act’')).toBe('the "board" shall - by law \'act\'');
  });

  it('treats TeX-style quotes of government printing like straight ones', () => {
    expect(normalizeForGrounding("the ``Farm to School Act''")).toBe('the "farm to school act"');
  });

  it('joins words hyphenated across a line end', () => {
    expect(normalizeForGrounding('emer-\n   gency care')).toBe('emergency care');
  });

  it('expands ligatures', () => {
    expect(normalizeForGrounding('the ﬁscal year')).toBe('the fiscal year');
  });
});

describe('quoteOccursIn', () => {
  const text = 'SECTION 1. The Board shall levy a tax of $0.10 per $100 of equalized assessed valu-\nation for the\n  fiscal year 2021.';

  it('finds a verbatim quote across line breaks and hyphenation', () => {
    expect(quoteOccursIn('levy a tax of $0.10 per $100 of equalized assessed valuation for the fiscal year', text)).toBe(true);
  });

  it('ignores case, curly quotes and the quotation marks a model wraps around a quote', () => {
    expect(quoteOccursIn('“THE BOARD SHALL LEVY A TAX”', text)).toBe(true);
  });

  it('matches a compound word whether or not the quote keeps its hyphen', () => {
    expect(quoteOccursIn('a well-known rule', 'It is a well-\nknown rule.')).toBe(true);
    expect(quoteOccursIn('a wellknown rule', 'It is a well-known rule.')).toBe(true);
  });

  it('accepts an ellipsis for skipped words, in order only', () => {
    expect(quoteOccursIn('The Board shall … fiscal year 2021', text)).toBe(true);
    expect(quoteOccursIn('fiscal year 2021 ... The Board shall', text)).toBe(false);
  });

  it('rejects words that are not on the page', () => {
    expect(quoteOccursIn('The Board shall levy a tax of $0.20', text)).toBe(false);
    expect(quoteOccursIn('the Mayor may levy', text)).toBe(false);
  });

  it('does not verify an empty or trivially short quote', () => {
    expect(quoteOccursIn('  ', text)).toBe(false);
    expect(quoteOccursIn('a', text)).toBe(false);
  });
});

describe('groundCitations', () => {
  const pages = [page(1, 'The Council meets on Monday.'), page(2, 'Comments are due by March 3, 2021.')];

  it('marks each citation verified only when its quote is on the page it names', () => {
    const cited = groundCitations(
      draftWith([
        { section: 'summary', index: 0, page: 1, quote: 'The Council meets on Monday.' },
        { section: 'citizenAction', index: 0, page: 1, quote: 'Comments are due by March 3, 2021' },
        { section: 'citizenAction', index: 0, page: 2, quote: 'Comments are due by March 3, 2021' },
      ]),
      pages,
    );
    expect(cited.map((c) => c.verified)).toEqual([true, false, true]);
  });

  it('drops citations to pages the document does not have or items a section does not have', () => {
    const cited = groundCitations(
      draftWith([
        { section: 'keyInsights', index: 1, page: 3, quote: 'The Council meets' },
        { section: 'keyInsights', index: 0, page: 0, quote: 'The Council meets' },
        { section: 'legalRisks', index: 0, page: 1, quote: 'The Council meets' },
        { section: 'keyInsights', index: 1, page: 1, quote: 'The Council meets' },
      ]),
      pages,
    );
    expect(cited).toEqual([{ section: 'keyInsights', index: 1, page: 1, quote: 'The Council meets', verified: true }]);
  });
});
