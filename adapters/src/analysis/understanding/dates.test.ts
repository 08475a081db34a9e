import { describe, expect, it } from 'vitest';
import { findDates, monthNumber } from './dates.ts';

describe('findDates', () => {
  it('reads dates written out and numeric, month first in English', () => {
    expect(findDates('beginning July 1, 2020, and ending June 30, 2021; printed 3/19/2014').map((d) => d.iso)).toEqual([
      '2020-07-01',
      '2021-06-30',
      '2014-03-19',
    ]);
  });

  it('reads year-first dates the same in every language', () => {
    const line = '648765 AAA ALLEGIANT AIR ALLEGIANT AIR LLC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 - 2014/12/03';
    expect(findDates(line).map((d) => [d.iso, d.text])).toEqual([['2014-12-03', '2014/12/03']]);
    expect(findDates('adoptée le 2020-07-01', { code: 'fr', name: 'French' }).map((d) => d.iso)).toEqual(['2020-07-01']);
    expect(findDates('2014/13/03 2014/02/30')).toEqual([]);
  });
});

describe('monthNumber', () => {
  it('knows months in English, French and Spanish, and nothing else', () => {
    expect([monthNumber('November'), monthNumber('FEBRUARY'), monthNumber('août'), monthNumber('diciembre'), monthNumber('Kentucky')]).toEqual([11, 2, 8, 12, undefined]);
  });
});
