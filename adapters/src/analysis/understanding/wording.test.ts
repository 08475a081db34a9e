import { describe, expect, it } from 'vitest';
import { asSentence, clipQuote, clipWords, joinList, joinQuotes, personName, sentenceCase, topicWords } from './wording.ts';

describe('personName', () => {
  it.each([
    ['Trustee DuRocher', 'DuRocher'],
    ['Councilmember Ortiz', 'Ortiz'],
    ['MME Régine CORMIER', 'Régine Cormier'],
    ['le conseiller Jean Tremblay', 'Jean Tremblay'],
    ['CITY OF CHICAGO,', 'City of Chicago'],
    ['B. Munro', 'B. Munro'],
  ])('%s', (raw, name) => {
    expect(personName(raw)).toBe(name);
  });
});

describe('statements', () => {
  it('clips words, keeping a sum that ends just after the clip', () => {
    expect(clipWords('one two three four five', 3)).toBe('one two three…');
    expect(clipWords('award the contract to Northland Paving, Inc. in the amount of $1,284,500', 6, '$1,284,500')).toBe(
      'award the contract to Northland Paving, Inc. in the amount of $1,284,500',
    );
  });

  it('joins names, sets a heading in capitals in sentence case, drops an approving verb', () => {
    expect(joinList(['A', 'B', 'C'])).toBe('A, B and C');
    expect(sentenceCase('CAMBIO DE DENOMINACIÓN')).toBe('Cambio de denominación');
    expect(topicWords('Approve transfer of funds (ACTION).')).toBe('transfer of funds (ACTION)');
    expect(asSentence('The meeting is at 9 a.m.')).toBe('The meeting is at 9 a.m.');
    expect(asSentence('The  board   met')).toBe('The board met.');
  });
});

describe('quotes', () => {
  it('clips a quote between words, still a span of its text', () => {
    const quote = clipQuote('word '.repeat(100), 30);
    expect(quote.length).toBeLessThanOrEqual(30);
    expect('word '.repeat(100)).toContain(quote);
  });

  it('joins spans in the page’s order, most telling first while they fit', () => {
    expect(joinQuotes([{ text: 'Motion carried', index: 50 }, { text: 'MOTION: Trustee Lee moved.', index: 0 }])).toBe(
      'MOTION: Trustee Lee moved. … Motion carried',
    );
    expect(joinQuotes([{ text: 'a'.repeat(150), index: 0 }, { text: 'b'.repeat(60), index: 300 }])).toBe('a'.repeat(150));
  });
});
