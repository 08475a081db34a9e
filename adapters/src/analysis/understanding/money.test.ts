import { describe, expect, it } from 'vitest';
import { findAmounts, largestAmount, sayAmount } from './money.ts';

const said = (text: string): string[] => findAmounts(text).map(sayAmount);

describe('findAmounts', () => {
  it('reads dollars as US minutes write them', () => {
    expect(said('moved to pay invoices in the amount of $41,642.15 for the period')).toEqual(['$41,642.15']);
    expect(said('MOTION: Trustee Warren moved to transfer $200,000.00 from the Business NOW Account')).toEqual(['$200,000']);
    expect(said('$5,000 proposed for lighting retrofits rejected')).toEqual(['$5,000']);
    expect(said('a bond issue of $32 million and $1.5 billion of notes')).toEqual(['$32,000,000', '$1,500,000,000']);
  });

  it('reads figures written before their currency, as French, Quebec and Spanish texts do', () => {
    expect(said("afin d’augmenter la dépense et l’emprunt pour un montant additionnel de 510 000$ -")).toEqual(['$510,000']);
    expect(said('BUREAU VERITAS (44800 SAINT-HERBLAIN) 3 190,00 €')).toEqual(['€3,190']);
    expect(said('pour un montant de 2 727,34 € H.T.,')).toEqual(['€2,727.34']);
    expect(said('ya que no supera este procedimiento el importe de 3.000.000 euros,')).toEqual(['€3,000,000']);
  });

  it('takes no plain number for money', () => {
    expect(said('2158-163 3 500,00 €')).toEqual(['€3,500']);
    expect(said('CM 14 janvier 2014, Checks 7541 - 7593, 10 440 m²')).toEqual([]);
    expect(said('The 2018 levy is 1.8% smaller than the 2017 levy.')).toEqual([]);
  });

  it('finds the largest sum of a text', () => {
    expect(largestAmount('In 2017, the SSA spent $210,783 of its $246,394 budget')?.value).toBe(246394);
    expect(largestAmount('no money here')).toBeNull();
  });

  it('stays linear on a long run of digits and separators', () => {
    expect(findAmounts('1 '.repeat(50_000) + '$').length).toBeLessThanOrEqual(1);
  });
});
