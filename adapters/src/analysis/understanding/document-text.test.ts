import { describe, expect, it } from 'vitest';
import { documentText, quoteOf, sentenceAt } from './document-text.ts';
import { isVoteLine } from './motions.ts';
import { pagesOf } from './testing/finder-input.ts';

const footer = (n: number): string => `Minutes of the Regular Board of Trustees Meeting\nOctober 16, 2019\nPage ${n} of 3`;

describe('documentText', () => {
  it('leaves out a running footer, and keeps a line that happens to end several pages', () => {
    const doc = documentText(
      pagesOf(
        `1. Roll Call\nMOTION: Trustee Lee moved.\nMotion carried\n${footer(1)}`,
        `2. Consent Agenda\nMOTION: Trustee Park moved.\nMotion carried\n${footer(2)}`,
        `3. Adjournment\nMOTION: Trustee Lee moved to adjourn.\nMotion carried\n${footer(3)}`,
      ),
      Number.POSITIVE_INFINITY,
      isVoteLine,
    );
    const lines = doc.lines.map((l) => l.text);
    expect(lines.filter((l) => l === 'Motion carried')).toHaveLength(3);
    expect(lines.some((l) => l.startsWith('Page') || l.startsWith('Minutes of'))).toBe(false);
  });

  it('cuts a line of a megabyte into bounded pieces', () => {
    const doc = documentText(pagesOf('word '.repeat(200_000)));
    expect(doc.lines.length).toBeGreaterThan(1);
    expect(Math.max(...doc.lines.map((l) => l.text.length))).toBeLessThanOrEqual(400);
  });
});

describe('quoteOf', () => {
  it('keeps a quote on its page and short', () => {
    const doc = documentText(pagesOf('The first page ends here', 'and the second page goes on.'));
    expect(quoteOf(doc, { start: 0, end: doc.text.length })).toEqual({ text: 'The first page ends here', page: 1, start: 0 });
  });

  it('does not run a quote across a left-out header', () => {
    const doc = documentText(pagesOf('Warrenville Library\nA', 'Warrenville Library\nB', 'Warrenville Library\nC'));
    expect(doc.lines.map((l) => [l.text, l.afterGap])).toEqual([['A', true], ['B', true], ['C', true]]);
  });
});

describe('sentenceAt', () => {
  it('finds the sentence of a word, abbreviations and initials inside it', () => {
    const doc = documentText(
      pagesOf('Director Whitmer spoke. The contract with Northland Paving, Inc. was signed by B. Munro for $5,000. Then they left.'),
    );
    const span = sentenceAt(doc, doc.text.indexOf('$5,000'));
    expect(doc.text.slice(span.start, span.end)).toBe('The contract with Northland Paving, Inc. was signed by B. Munro for $5,000.');
  });
});
