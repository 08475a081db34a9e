import { describe, expect, it } from 'vitest';
import { findAmounts, parseNumber, sayAmount, sayRounded, sayShare } from './money-amounts.ts';

describe('parseNumber', () => {
  it.each([
    ['$1,234.56', 1234.56, 2, '$'],
    ['1,941,588', 1941588, 0, null],
    ['(22,293)', -22293, 0, null],
    ['-1,234', -1234, 0, null],
    ['$(1,234)', -1234, 0, '$'],
    ['1.234,56€', 1234.56, 2, '€'],
    ['37,499.96', 37499.96, 2, null],
    ['94.75', 94.75, 2, null],
    ['1 234', 1234, 0, null],
  ])('reads %s', (token, value, decimals, currency) => {
    expect(parseNumber(token)).toEqual({ value, decimals, percent: false, currency });
  });

  it('reads percentages, with or without a leading zero', () => {
    expect(parseNumber('88.64%')).toEqual({ value: 88.64, decimals: 2, percent: true, currency: null });
    expect(parseNumber('.02%')?.value).toBe(0.02);
    expect(parseNumber('-100%')?.value).toBe(-100);
  });

  it('reads a lone comma or dot by the decimal mark of the document', () => {
    expect(parseNumber('1,234')?.value).toBe(1234);
    expect(parseNumber('1,234', true)?.value).toBe(1.234);
    expect(parseNumber('1.234', true)?.value).toBe(1234);
    expect(parseNumber('1.234')?.value).toBe(1.234);
    // One, two or four digits after a mark are decimals whatever the language.
    expect(parseNumber('0,5')?.value).toBe(0.5);
    expect(parseNumber('2,19', false)?.value).toBe(2.19);
  });

  it('is not fooled by dates, account numbers, words or broken groups', () => {
    for (const token of ['07/13/2015', '4001-01', '2014/12/03', 'AAA', '12,34,567', '1,2345,678', '', '$', '%']) {
      expect(parseNumber(token), token).toBeNull();
    }
  });
});

describe('findAmounts', () => {
  it('finds sums of money with their currency and scale, and leaves bare numbers out', () => {
    const found = findAmounts('The total is $3,555,000 and $1.2 million; 1941588 workers in 2020, USD 5,000 or 1.234,56 € later.');
    expect(found.map((a) => [a.text, a.value, a.currency])).toEqual([
      ['$3,555,000', 3555000, '$'],
      ['$1.2 million', 1200000, '$'],
      ['USD 5,000', 5000, '$'],
      ['1.234,56 €', 1234.56, '€'],
    ]);
  });

  it('reads thousands grouped by spaces only in a language that groups so', () => {
    expect(findAmounts('un montant de 1 234,56 € en 2020', true).map((a) => a.value)).toEqual([1234.56]);
    expect(findAmounts('en 2020 2 500 €', false).map((a) => a.value)).toEqual([500]);
  });

  it('stays linear on a long run of digits and separators', () => {
    const hostile = `$${'1,'.repeat(200_000)}5`;
    expect(findAmounts(hostile).length).toBeGreaterThan(0);
  });
});

describe('saying amounts', () => {
  it('says amounts, rounded figures and shares in English', () => {
    expect(sayAmount(3555000, '$')).toBe('$3,555,000');
    expect(sayAmount(-22293, '$')).toBe('-$22,293');
    expect(sayAmount(181736.98, '$', 2)).toBe('$181,736.98');
    expect(sayAmount(2236457, null)).toBe('2,236,457');
    expect(sayRounded(11062600, null)).toBe('about 11.06 million');
    expect(sayRounded(467900, '$')).toBe('about $467,900');
    expect(sayShare(295891, 2236457)).toBe('13.2%');
    expect(sayShare(1065000, 3555000)).toBe('30%');
  });
});
